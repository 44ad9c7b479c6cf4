import { contentDisposition } from "~/modules/content/files.server";

/** A quotation drawing (decision 051) as the answer: its stored type (the server adds nosniff to every answer); images and PDF inline, a DXF as a download. */
export function drawingResponse(file: { body: Buffer; type: string; name: string }) {
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.type,
      "Content-Disposition": contentDisposition(file.name, file.type !== "image/vnd.dxf"),
      "Content-Length": String(file.body.byteLength),
      "Cache-Control": "private, max-age=3600",
    },
  });
}
