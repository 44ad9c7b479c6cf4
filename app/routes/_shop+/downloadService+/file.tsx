import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { getContentFile } from "~/modules/content/content.server";
import { contentDisposition, readContentFile } from "~/modules/content/files.server";
import { getOptionalDealer } from "~/utils/session.server";

/**
 * The file of a published download (decision 046): its type as stored (read from its content on
 * upload), its name per RFC 5987, nosniff (set on every answer by the server, server.ts), and revalidation on every use (an unpublished file is
 * gone at once). A draft, a future item or another entity's file is 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("id") ?? "";
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  const user = id ? await getOptionalDealer(request) : null;
  const meta = id ? await getContentFile(getDb(), { id, tenantId: user?.tenantId }) : null;
  const body = meta ? await readContentFile(meta.key) : null;
  if (!meta || !body) throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const etag = `"${meta.key.split(".")[0]}"`;
  const headers = {
    "Content-Type": meta.type,
    "Content-Disposition": contentDisposition(meta.name),
    "Cache-Control": user ? "private, no-cache" : "public, no-cache",
    ETag: etag,
    "Last-Modified": new Date(meta.updatedAt).toUTCString(),
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(body), { status: 200, headers: { ...headers, "Content-Length": String(body.byteLength) } });
}
