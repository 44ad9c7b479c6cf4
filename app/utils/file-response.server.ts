/**
 * The one answer for a file (downloads of the content store, quotation drawings, feedback photos,
 * avatars, workbooks): its type as stored or written, its name per RFC 6266 / RFC 5987 (an ASCII
 * fallback and the UTF-8 name) and the caching its caller asks for; nosniff is server.ts's, on
 * every answer (set here too it would go out twice). With an ETag, a matching If-None-Match answers 304.
 */
export interface FileAnswer {
  body: Uint8Array | ReadableStream<Uint8Array>;
  type: string;
  /** the file's name; without one the answer is shown inline, unnamed */
  name?: string;
  /** shown in the browser (an image, a PDF) rather than saved */
  inline?: boolean;
  /** Cache-Control: e.g. "no-store", "private, max-age=3600", "public, no-cache" (with an etag) */
  cache: string;
  etag?: string;
  lastModified?: Date;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / RFC 5987). */
export function contentDisposition(name: string, inline = false): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The types a browser shows itself and that run nothing (PDF and raster images); anything else (a DXF drawing, a document) is a download. */
export const viewsInBrowser = (type: string) => /^(application\/pdf|image\/(png|jpeg|gif|webp))$/.test(type);

export function fileResponse(request: Request | null, file: FileAnswer): Response {
  const headers: Record<string, string> = {
    "Content-Type": file.type,
    "Content-Disposition": file.name === undefined ? "inline" : contentDisposition(file.name, file.inline),
    "Cache-Control": file.cache,
  };
  if (file.etag) headers.ETag = file.etag;
  if (file.lastModified) headers["Last-Modified"] = file.lastModified.toUTCString();
  if (file.etag && request?.headers.get("if-none-match") === file.etag) return new Response(null, { status: 304, headers });
  if (file.body instanceof Uint8Array) {
    headers["Content-Length"] = String(file.body.byteLength);
    return new Response(new Uint8Array(file.body), { status: 200, headers });
  }
  return new Response(file.body, { status: 200, headers });
}
