import { contentDisposition, readContentFile } from "~/modules/content/files.server";

/**
 * The answer for a file of the content store (decisions 046, 053): its type as stored (read from
 * its content on upload), its name per RFC 5987, nosniff (set by server.ts on every answer),
 * revalidation on every use with an ETag and Last-Modified (a 304 when unchanged), and 404 when
 * the row or the file is missing, so an unpublished file is gone at once.
 */
export async function storedFileResponse(
  request: Request,
  meta: { name: string; type: string; key: string; updatedAt: string } | null,
  cache: "public" | "private",
): Promise<Response> {
  const body = meta ? await readContentFile(meta.key) : null;
  if (!meta || !body) throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const etag = `"${meta.key.split(".")[0]}"`;
  const headers = {
    "Content-Type": meta.type,
    "Content-Disposition": contentDisposition(meta.name),
    "Cache-Control": `${cache}, no-cache`,
    ETag: etag,
    "Last-Modified": new Date(meta.updatedAt).toUTCString(),
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(body), { status: 200, headers: { ...headers, "Content-Length": String(body.byteLength) } });
}
