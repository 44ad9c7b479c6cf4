import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { CONTENT_MAX_BYTES, downloadName, sniffFileType, storeContentFile } from "~/modules/content/files.server";
import { readFormData } from "./form.server";

/**
 * Reading an upload form (the one multipart reader: content files, feedback photos, drawings) and
 * storing its file in the content store (decision 046): the body is limited to its files' size
 * (413, never a 500), the type is read from the first bytes, the
 * file is kept under a random name. Errors are the last part of an i18n key (`tooBig`, ...),
 * so each area answers in its own namespace.
 */
export type UploadError = "tooBig" | "unreadable" | "badType";

export async function readUploadForm(
  request: Request,
  limits: { fileBytes?: number; files?: number } = {},
): Promise<{ ok: true; form: FormData } | { ok: false; status: 400 | 413; error: UploadError }> {
  // one file of CONTENT_MAX_BYTES unless the form says otherwise (feedback photos, drawings), and room for the other fields
  const fileBytes = limits.fileBytes ?? CONTENT_MAX_BYTES;
  if (Number(request.headers.get("content-length") ?? 0) > fileBytes * (limits.files ?? 1) + 256 * 1024) return { ok: false, status: 413, error: "tooBig" };
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return { ok: true, form: await readFormData(request) };
  try {
    return { ok: true, form: await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: fileBytes })) };
  } catch (e) {
    if (e instanceof MaxPartSizeExceededError) return { ok: false, status: 413, error: "tooBig" };
    return { ok: false, status: 400, error: "unreadable" };
  }
}

/** Checks and stores an uploaded file; the caller removes it again (removeContentFile) when its save is refused. */
export async function storeUpload(
  file: File,
): Promise<{ ok: true; file: { name: string; type: string; size: number; key: string } } | { ok: false; status: 400 | 413; error: UploadError }> {
  if (file.size > CONTENT_MAX_BYTES) return { ok: false, status: 413, error: "tooBig" };
  const buf = new Uint8Array(await file.arrayBuffer());
  const type = sniffFileType(buf, file.name);
  if (!type) return { ok: false, status: 400, error: "badType" };
  const key = await storeContentFile(buf, type);
  return { ok: true, file: { name: downloadName(file.name, type), type: type.mime, size: buf.byteLength, key } };
}

export const UPLOAD_MAX_MB = Math.round(CONTENT_MAX_BYTES / 1024 / 1024);
