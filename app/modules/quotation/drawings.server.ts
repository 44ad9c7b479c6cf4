import path from "node:path";
import type { DB } from "~/db/db.server";
import { contentDir, readContentFile, sniffFileType, type FileType } from "~/modules/content/files.server";
import { fail, ok, type Result } from "~/modules/result";
import { QUOTE_FILE_MAX_BYTES, QUOTE_FILES_MAX } from "./status";

/**
 * A quotation's drawings (decision 051): PDF, PNG, JPEG or DXF, at most three, stored with the
 * content files; read back only by the customer's own accounts or staff of the entity.
 */
export const fileDir = (base = contentDir()) => path.join(base, "quotation");

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

const DXF: FileType = { mime: "image/vnd.dxf", ext: "dxf" };

/** A drawing's type from its content: PDF, PNG, JPEG (decision 046's sniffer) or DXF (ASCII or binary); null for anything else. */
export function drawingType(bytes: Uint8Array, name: string): FileType | null {
  const known = sniffFileType(bytes, name);
  if (known) return known.mime === "application/pdf" || known.mime === "image/png" || known.mime === "image/jpeg" ? known : null;
  const head = Buffer.from(bytes.subarray(0, 256)).toString("latin1");
  if (head.startsWith("AutoCAD Binary DXF\r\n\x1a\0")) return DXF;
  // an ASCII DXF opens with group code 0 and SECTION (or a 999 comment first)
  if (/^\s*(999\r?\n[^\n]*\r?\n\s*)?0\r?\n\s*SECTION\r?\n/.test(head)) return DXF;
  return null;
}

/** The drawings' types, or the error (on the `files` field). */
export function checkDrawings(files: UploadedFile[]): Result<FileType[]> {
  const real = files.filter((f) => f.bytes.byteLength > 0);
  if (real.length > QUOTE_FILES_MAX) return fail("quotation:error.tooManyFiles", { max: QUOTE_FILES_MAX }, "files");
  const types: FileType[] = [];
  for (const f of real) {
    if (f.bytes.byteLength > QUOTE_FILE_MAX_BYTES) return fail("quotation:error.fileTooBig", { mb: QUOTE_FILE_MAX_BYTES / 1024 / 1024 }, "files");
    const type = drawingType(f.bytes, f.name);
    if (!type) return fail("quotation:error.fileType", undefined, "files");
    types.push(type);
  }
  return ok(types);
}

/** A drawing's bytes, for the customer's own quotation or for staff of the entity; null when not theirs. */
export async function readQuotationFile(db: DB, who: { tenantId: number; customerId?: number }, fileId: number, dir?: string) {
  let q = db
    .selectFrom("quotation_file as f")
    .innerJoin("quotation as q", "q.id", "f.quotation_id")
    .select(["f.file_key", "f.file_type", "f.file_name"])
    .where("f.id", "=", fileId)
    .where("q.tenant_id", "=", who.tenantId);
  if (who.customerId !== undefined) q = q.where("q.customer_id", "=", who.customerId);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const body = await readContentFile(row.file_key, fileDir(dir));
  return body ? { body, type: row.file_type, name: row.file_name } : null;
}
