import { Transform, type TransformCallback } from "node:stream";
import { IMPORT_MAX_BYTES } from "~/modules/excel/import-read.server";
import { PRICE_IMPORT_MAX_BYTES } from "~/modules/admin/price-import.server";
import { CONTENT_MAX_BYTES } from "~/modules/content/files.server";
import { SHIPMENT_IMPORT_MAX_BYTES } from "~/modules/desk/excel.server";
import { FEEDBACK_PHOTO_MAX_BYTES, FEEDBACK_PHOTOS_MAX } from "~/modules/feedback/status";
import { QUOTE_FILE_MAX_BYTES, QUOTE_FILES_MAX } from "~/modules/quotation/status";
import { AVATAR_MAX_BYTES } from "~/modules/services/profile.server";

/**
 * How many bytes a request body may have (docs/security.md, "Request bodies"). The server counts
 * the bytes as they arrive, before Remix reads them, and answers 413 once a body passes its
 * path's limit: a form is a few KB, so 1 MB is plenty; the upload forms may carry their files.
 * Each route still checks its own file sizes and answers in its form; this is the ceiling above.
 */
export const FORM_BODY_MAX_BYTES = 1024 * 1024;
/** Room for a multipart form's other fields and part headers next to its files. */
const FORM_ROOM = 256 * 1024;

const uploadLimits: { path: RegExp; maxBytes: number }[] = [
  { path: /^\/order\/import\/?$/, maxBytes: IMPORT_MAX_BYTES },
  { path: /^\/prod-api\/order\/excelInsert\/?$/, maxBytes: IMPORT_MAX_BYTES },
  { path: /^\/system\/priceImport\/?$/, maxBytes: PRICE_IMPORT_MAX_BYTES },
  { path: /^\/system\/(content|gdre)\/[^/]+\/?$/, maxBytes: CONTENT_MAX_BYTES },
  { path: /^\/system\/deliveries\/?$/, maxBytes: SHIPMENT_IMPORT_MAX_BYTES },
  { path: /^\/profile\/avatar\/?$/, maxBytes: AVATAR_MAX_BYTES },
  { path: /^\/afterSalesService\/askAfterSales\/?$/, maxBytes: FEEDBACK_PHOTOS_MAX * FEEDBACK_PHOTO_MAX_BYTES },
  { path: /^\/(technologyService|customerSupport)\/cutterOffer\/?$/, maxBytes: QUOTE_FILES_MAX * QUOTE_FILE_MAX_BYTES },
];

/** The largest body a request to this path may send. */
export function bodyLimitFor(pathname: string): number {
  const upload = uploadLimits.find((limit) => limit.path.test(pathname));
  return upload ? upload.maxBytes + FORM_ROOM : FORM_BODY_MAX_BYTES;
}

export type BodyRefusal = "tooLarge" | "nul";

/**
 * A pass-through stream that counts a request body on its way to Remix, holding nothing back: past
 * maxBytes, or at a NUL in a URL-encoded form (a NUL reaches SQL text and PostgreSQL refuses it,
 * a 500), it calls refuse() once and fails, so an action never sees a cut-off form.
 */
export function countedBody(opts: { maxBytes: number; urlEncoded: boolean; refuse: (reason: BodyRefusal) => void }): Transform {
  let seen = 0;
  // the last two bytes of the previous chunk: a "%00" may be split across chunks
  let tail = "";
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      seen += chunk.length;
      let reason: BodyRefusal | null = seen > opts.maxBytes ? "tooLarge" : null;
      if (!reason && opts.urlEncoded) {
        const text = tail + chunk.toString("latin1");
        if (text.includes("\0") || text.includes("%00")) reason = "nul";
        tail = text.slice(-2);
      }
      if (!reason) return done(null, chunk);
      opts.refuse(reason);
      done(new Error(reason === "tooLarge" ? "request body too large" : "NUL in form"));
    },
  });
}

/** A NUL (%00) in the path or the query: no page takes one, and SQL text cannot hold it. */
export function urlHasNul(url: string): boolean {
  return url.includes("\0") || url.includes("%00");
}

/** The integration API's paths (decision 072): JSON calls with the session token in X-Token, no cookie. */
export const isApiPath = (pathname: string) => pathname === "/prod-api" || pathname.startsWith("/prod-api/");

/** The methods the shop answers: pages and forms, plus PUT where the spec names it, and PUT and DELETE in the integration API. */
export function methodAllowed(method: string, pathname: string): boolean {
  if (method === "GET" || method === "HEAD" || method === "POST") return true;
  if ((method === "PUT" || method === "DELETE") && isApiPath(pathname)) return true;
  return method === "PUT" && /^\/userModuleField\/?$/.test(pathname);
}

/**
 * Remix refuses a form post whose Origin names another host than the request's Host (or
 * X-Forwarded-Host) by throwing: a 500 and an error-log row that anyone can cause. The same
 * check, answered as a 400. `host` is the header Remix compares with.
 */
export function originFitsHost(origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined || origin === "null") return true; // no Origin, or the cross-site check's case
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** A refusal before Remix, said in the integration API's envelope (both languages: no account is known yet). */
export function refusalMessage(status: number): string {
  const texts: Record<number, string> = {
    400: "请求无效 · Bad request",
    403: "禁止访问 · Forbidden",
    405: "不支持此请求方法 · Method not allowed",
    413: "请求体过大 · Request body too large",
    429: "请求过多 · Too many requests",
  };
  return texts[status] ?? `HTTP ${status}`;
}
