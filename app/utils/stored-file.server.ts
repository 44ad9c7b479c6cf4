import { readContentFile } from "~/modules/content/files.server";
import { fileResponse } from "./file-response.server";

/**
 * The answer for a file of the content store (decisions 046, 053): its type as stored (read from
 * its content on upload), a download under its name, revalidation on every use with an ETag and
 * Last-Modified (a 304 when unchanged), and 404 when the row or the file is missing, so an
 * unpublished file is gone at once.
 */
export async function storedFileResponse(
  request: Request,
  meta: { name: string; type: string; key: string; updatedAt: string } | null,
  cache: "public" | "private",
): Promise<Response> {
  const body = meta ? await readContentFile(meta.key) : null;
  if (!meta || !body) throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return fileResponse(request, {
    body,
    type: meta.type,
    name: meta.name,
    cache: `${cache}, no-cache`,
    etag: `"${meta.key.split(".")[0]}"`,
    lastModified: new Date(meta.updatedAt),
  });
}
