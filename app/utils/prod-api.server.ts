import crypto from "node:crypto";
import { createReadableStreamFromReadable, json } from "@remix-run/node";
import type { z } from "zod";
import { getDb } from "~/db/index.server";
import { getEnv } from "~/env.server";
import { toLanguage, type Language } from "~/i18n/config";
import { getFixedT, getLanguage } from "~/i18n/i18n.server";
import { recordServerError } from "~/modules/admin/error-log.server";
import { NotFoundError } from "~/modules/errors";
import { findCall, type ApiCall } from "~/modules/integration/calls.server";
import { API_CODES, httpStatusOf, type ApiCode } from "~/modules/integration/codes";
import { countFeedRequest, feedActorByKey, type FeedActor } from "~/modules/integration/feed-keys.server";
import { openExport } from "~/modules/integration/export-store.server";
import type { DomainError } from "~/modules/result";
import { hasPermission } from "~/utils/guard.server";
import { contentDisposition } from "~/utils/file-response.server";
import { log } from "~/utils/log.server";
import { sessionUserByToken, type SignedInUser } from "~/utils/session.server";

/**
 * The web side of the integration API (spec §7, §8; decision 072): `/prod-api/<call>` finds the
 * call in the table of `~/modules/integration/calls.server`, checks the `X-Token` session and the
 * call's function code (the shop's one permission function), parses the query, the JSON body and
 * the path with the call's zod shapes, runs it, and answers `{ code, data, message }`. Whatever
 * goes wrong is answered in the same envelope with its code: never an HTML page, never a bare 500.
 */
export const API_PREFIX = "/prod-api";
const TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;
const NO_STORE = { "Cache-Control": "private, no-store" };

export function envelope(code: ApiCode, data: unknown, message: string, headers: Record<string, string> = {}) {
  return json({ code, data, message }, { status: httpStatusOf(code), headers: { ...NO_STORE, ...headers } });
}

const translate = (lang: Language, error: DomainError) => getFixedT(lang)(error.key, { ...error.values, defaultValue: error.key }) as string;

/** zod's issues as one line: each field with its message (the shop's message keys translated). */
function issuesText(lang: Language, error: z.ZodError): string {
  const auth = getFixedT(lang, "auth");
  return error.issues
    .slice(0, 10)
    .map((issue) => {
      const where = issue.path.length ? issue.path.join(".") : "body";
      const text = /^[\w.:]+$/.test(issue.message) ? (auth(issue.message, { defaultValue: issue.message }) as string) : issue.message;
      return `${where}: ${text}`;
    })
    .join("; ");
}

type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

async function readJsonBody(request: Request, lang: Language): Promise<Parsed<unknown>> {
  const type = request.headers.get("content-type") ?? "";
  const text = await request.text();
  if (text.trim() === "") return { ok: true, value: {} };
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    return {
      ok: false,
      response: envelope(
        API_CODES.badRequest,
        null,
        lang === "en" ? "The body must be JSON (Content-Type: application/json)" : "请求体须为 JSON（Content-Type: application/json）",
      ),
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: envelope(API_CODES.badRequest, null, lang === "en" ? "The body is not valid JSON" : "请求体不是有效的 JSON") };
  }
}

/** A file sent as the body (`upload` calls): its bytes, or the refusal of another type or a body too large. */
async function readFileBody(request: Request, upload: { mediaType: string; maxBytes: number }, lang: Language): Promise<Parsed<Buffer>> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== upload.mediaType && type !== "application/octet-stream") {
    const text = lang === "en" ? `The body must be the file (Content-Type: ${upload.mediaType})` : `请求体须为文件（Content-Type: ${upload.mediaType}）`;
    return { ok: false, response: envelope(API_CODES.badRequest, null, text) };
  }
  const bytes = Buffer.from(await request.arrayBuffer());
  if (bytes.length === 0) return { ok: false, response: envelope(API_CODES.badRequest, null, lang === "en" ? "The file is empty" : "文件为空") };
  if (bytes.length > upload.maxBytes) {
    const mb = Math.round(upload.maxBytes / 1024 / 1024);
    return { ok: false, response: envelope(API_CODES.badRequest, null, lang === "en" ? `The file is larger than ${mb} MB` : `文件超过 ${mb} MB`) };
  }
  return { ok: true, value: bytes };
}

function parseWith<T>(schema: z.ZodType<T> | undefined, value: unknown, lang: Language): Parsed<T | undefined> {
  if (!schema) return { ok: true, value: undefined };
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, response: envelope(API_CODES.badRequest, null, issuesText(lang, parsed.error)) };
}

const texts = {
  noToken: { zh: "当前登录已过期，请刷新页面重新登录！", en: "The current login has expired. Please refresh the page and log in again!" },
  badToken: { zh: "令牌无效，请重新登录", en: "The token is not valid, please log in again" },
  staff: { zh: "员工账号不能使用经销商接口", en: "A staff account cannot use the dealer calls" },
  forbidden: { zh: "没有此操作的权限", en: "You may not do this" },
  notFound: { zh: "未找到", en: "Not found" },
  noCall: { zh: "没有这个接口", en: "There is no such call" },
  method: { zh: "不支持此请求方法", en: "This method is not allowed here" },
  server: { zh: "服务器出错，请稍后重试", en: "The server failed, please retry later" },
  noKey: { zh: "缺少接口密钥（X-Api-Key）", en: "The API key is missing (X-Api-Key)" },
  badKey: { zh: "接口密钥无效或已吊销，请在个人中心创建新的密钥", en: "The API key is not valid or was revoked; create a new one in the personal centre" },
  tooMany: { zh: "请求过于频繁，请稍后重试", en: "Too many requests, please retry later" },
};

/** The feed key of a request: X-Api-Key, or Authorization: Bearer. */
const feedKeyOf = (request: Request) =>
  request.headers.get("x-api-key")?.trim() || /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1] || "";

/** The feed key's customer within its per-minute limit, or the answer that refuses the call (decision 073). */
async function authenticateFeed(request: Request, lang: Language): Promise<Parsed<FeedActor>> {
  const key = feedKeyOf(request);
  if (!key) return { ok: false, response: envelope(API_CODES.tokenExpired, null, texts.noKey[lang]) };
  const db = getDb();
  const found = await feedActorByKey(db, key);
  if (!found.ok) {
    const code = found.reason === "malformed" ? API_CODES.illegalToken : API_CODES.tokenExpired;
    return { ok: false, response: envelope(code, null, texts.badKey[lang]) };
  }
  const rate = await countFeedRequest(db, found.value.keyId, getEnv().FEED_RATE_LIMIT_PER_MINUTE);
  if (!rate.allowed) return { ok: false, response: envelope(API_CODES.tooManyRequests, null, texts.tooMany[lang], { "Retry-After": String(rate.retryAfter) }) };
  return { ok: true, value: found.value };
}

/** Whether If-None-Match names the ETag (a list, weak or not, or *). */
function matchesEtag(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

const FEED_HEADERS = { "Cache-Control": "private, no-cache", Vary: "Accept, X-Api-Key, Authorization" };

/** A feed answer (JSON envelope or CSV) with its ETag, or 304 when the client has it. */
function feedAnswer(request: Request, body: string, type: string): Response {
  const etag = `"${crypto.createHash("sha256").update(body).digest("hex").slice(0, 32)}"`;
  const headers = { ...FEED_HEADERS, ETag: etag };
  if (matchesEtag(request, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers: { ...headers, "Content-Type": type } });
}

/** The export, streamed (it may be large) from the export store, with its ETag, or 304. */
async function exportAnswer(request: Request, file: { fileKey: string; etag: string; name: string }, lang: Language): Promise<Response> {
  const headers = { ...FEED_HEADERS, ETag: file.etag };
  if (matchesEtag(request, file.etag)) return new Response(null, { status: 304, headers });
  const stream = await openExport(getDb(), file.fileKey);
  if (!stream) return envelope(API_CODES.notFound, null, texts.notFound[lang]);
  return new Response(createReadableStreamFromReadable(stream), {
    status: 200,
    headers: { ...headers, "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": contentDisposition(file.name) },
  });
}

/** The token's dealer, or the answer that refuses the call. */
async function authenticate(request: Request, lang: Language): Promise<Parsed<{ user: SignedInUser; token: string }>> {
  const token = request.headers.get("x-token")?.trim() ?? "";
  if (!token) return { ok: false, response: envelope(API_CODES.tokenExpired, null, texts.noToken[lang]) };
  if (!TOKEN_RE.test(token)) return { ok: false, response: envelope(API_CODES.illegalToken, null, texts.badToken[lang]) };
  const user = await sessionUserByToken(token);
  if (!user) return { ok: false, response: envelope(API_CODES.tokenExpired, null, texts.noToken[lang]) };
  return { ok: true, value: { user, token } };
}

/** Answers one request below /prod-api. */
export async function answerApi(request: Request, clientIp: string | null): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice(API_PREFIX.length);
  let lang: Language = toLanguage(null);
  try {
    lang = await getLanguage(request);
    const found = findCall(request.method, path);
    if (!found.call) {
      if (found.allowed.length === 0) return envelope(API_CODES.notFound, null, texts.noCall[lang]);
      return envelope(API_CODES.methodNotAllowed, null, texts.method[lang], { Allow: [...new Set(found.allowed)].join(", ") });
    }
    const call: ApiCall = found.call;
    let user: SignedInUser | null = null;
    let token: string | null = null;
    let feed: FeedActor | null = null;
    if (call.auth === "feed") {
      const auth = await authenticateFeed(request, lang);
      if (!auth.ok) return auth.response;
      feed = auth.value;
    }
    if (call.auth === "dealer" || call.auth === "erp") {
      const auth = await authenticate(request, lang);
      if (!auth.ok) return auth.response;
      ({ user, token } = auth.value);
      if (user.language) lang = toLanguage(user.language);
      // staff never see a dealer's cart, prices or orders through the shop, nor here (decision 042);
      // the ERP's calls are for the manufacturer's system account
      if (call.auth === "dealer" && user.isStaff) return envelope(API_CODES.forbidden, null, texts.staff[lang]);
      if (call.auth === "erp" && !user.isStaff) return envelope(API_CODES.forbidden, null, texts.forbidden[lang]);
      if (call.permission && !hasPermission(user, call.permission)) return envelope(API_CODES.forbidden, null, texts.forbidden[lang]);
      if (call.ordering && !user.canOrder) return envelope(API_CODES.forbidden, null, getFixedT(lang)("errors.noOrderPermission"));
    }
    const query = parseWith(call.query, Object.fromEntries(url.searchParams), lang);
    if (!query.ok) return query.response;
    const params = parseWith(call.params, found.params, lang);
    if (!params.ok) return params.response;
    let body: Parsed<unknown> = { ok: true, value: undefined };
    if (call.upload) {
      body = await readFileBody(request, call.upload, lang);
      if (!body.ok) return body.response;
    } else if (call.body) {
      const raw = await readJsonBody(request, lang);
      if (!raw.ok) return raw.response;
      body = parseWith(call.body, raw.value, lang);
      if (!body.ok) return body.response;
    }
    const result = await call.run(
      { db: getDb(), lang, clientIp, userAgent: request.headers.get("user-agent"), user, token, feed },
      { query: query.value, body: body.value, params: params.value },
    );
    if (!result.ok) return envelope(API_CODES.refused, null, translate(lang, result.error));
    if (call.file) return await exportAnswer(request, call.file(result.value), lang);
    if (call.auth === "feed") {
      const format = (query.value as { format?: string } | undefined)?.format;
      const csv = call.csv && (format === "csv" || (!format && /\btext\/csv\b/i.test(request.headers.get("accept") ?? "")));
      if (csv) return feedAnswer(request, call.csv!(result.value, query.value), "text/csv; charset=utf-8");
      return feedAnswer(
        request,
        JSON.stringify({ code: API_CODES.success, data: result.value ?? null, message: "success" }),
        "application/json; charset=utf-8",
      );
    }
    return envelope(API_CODES.success, result.value ?? null, "success");
  } catch (e) {
    if (e instanceof NotFoundError) return envelope(API_CODES.notFound, null, texts.notFound[lang]);
    if (e instanceof Response) {
      // a guard's answer thrown from below (403, 404): said in the envelope
      const code = e.status === 404 ? API_CODES.notFound : e.status === 403 ? API_CODES.forbidden : API_CODES.badRequest;
      return envelope(code, null, code === API_CODES.notFound ? texts.notFound[lang] : texts.forbidden[lang]);
    }
    if (request.signal.aborted) return envelope(API_CODES.badRequest, null, "aborted");
    const error = e as Error;
    log.error("integration API call failed", { method: request.method, path: url.pathname, error: String(error) });
    recordServerError(getDb(), { method: request.method, path: url.pathname, message: String(error), stack: error?.stack ?? null }).catch(() => {});
    return envelope(API_CODES.serverError, null, texts.server[lang]);
  }
}
