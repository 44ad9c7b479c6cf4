import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getDb } from "~/db/index.server";
import { getEnv } from "~/env.server";

/**
 * Files of downloads (decision 046): the type is read from the file's first bytes, never from its
 * name; a file is stored under a random name in the content folder and served by the shop's
 * download route with its type, its original name (RFC 5987) and nosniff.
 */
export const CONTENT_MAX_BYTES = 20 * 1024 * 1024;

export interface FileType {
  mime: string;
  ext: string;
}

const OOXML: Record<string, FileType> = {
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: "docx" },
  xlsx: { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ext: "xlsx" },
  pptx: { mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", ext: "pptx" },
};

const starts = (buf: Uint8Array, bytes: number[], at = 0) => buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);

/**
 * The file's type from its content: PDF, PNG, JPEG, ZIP (as .docx/.xlsx/.pptx when the name says
 * so and the archive is an Office document), or null for anything else (programs, scripts, HTML).
 */
export function sniffFileType(buf: Uint8Array, name: string): FileType | null {
  if (starts(buf, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { mime: "application/pdf", ext: "pdf" }; // %PDF-
  if (starts(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: "image/png", ext: "png" };
  if (starts(buf, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", ext: "jpg" };
  if (starts(buf, [0x50, 0x4b, 0x03, 0x04])) {
    const ext = path.extname(name).slice(1).toLowerCase();
    const head = Buffer.from(buf.subarray(0, Math.min(buf.length, 64 * 1024))).toString("latin1");
    if (OOXML[ext] && head.includes("[Content_Types].xml")) return OOXML[ext];
    return { mime: "application/zip", ext: "zip" };
  }
  return null;
}

/** An uploaded file's name as kept: no folders, control characters or quotes from the uploader's machine, at most 200 characters. */
export function uploadedFileName(uploaded: string, fallback: string): string {
  return (
    [...(uploaded.split(/[\\/]/).pop() ?? "")]
      .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && ch !== '"')
      .join("")
      .trim()
      .slice(0, 200) || fallback
  );
}

/** The name a download is offered under: the uploaded name, with the real type's extension. */
export function downloadName(uploaded: string, type: FileType): string {
  const base = uploadedFileName(uploaded, "download");
  const ext = path.extname(base).slice(1).toLowerCase();
  const same = ext === type.ext || (type.ext === "jpg" && ext === "jpeg");
  return same ? base : `${base}.${type.ext}`;
}

export function contentDir(): string {
  const env = getEnv();
  if (env.CONTENT_DIR) return path.resolve(env.CONTENT_DIR);
  if (env.DATABASE_URL.startsWith("file:")) return path.join(path.dirname(path.resolve(env.DATABASE_URL.slice(5))), "content");
  return path.resolve("data/content");
}

const KEY = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

/**
 * Where the files are kept (decision 081): `disk`, the content folder (one machine, or a folder
 * every machine mounts), or `database`, the `stored_file` table, which every instance of the shop
 * reads without anything shared but the database. The key is the file's random name in both, so
 * a file's row elsewhere (a download, a drawing, a photo) does not care which.
 */
const inDatabase = () => getEnv().FILE_STORE === "database";

/** Writes the file under a new random name; returns the name (the key). */
export async function storeContentFile(buf: Uint8Array, type: FileType, dir = contentDir()): Promise<string> {
  const key = `${crypto.randomBytes(16).toString("hex")}.${type.ext}`;
  if (inDatabase()) {
    await getDb()
      .insertInto("stored_file")
      .values({ key, body: Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength), size: buf.byteLength, created_at: new Date().toISOString() })
      .execute();
    return key;
  }
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, key), buf, { flag: "wx" });
  return key;
}

export async function readContentFile(key: string, dir = contentDir()): Promise<Buffer | null> {
  if (!KEY.test(key)) return null;
  if (inDatabase()) {
    const row = await getDb().selectFrom("stored_file").select("body").where("key", "=", key).executeTakeFirst();
    return row ? Buffer.from(row.body) : null;
  }
  try {
    return await fs.readFile(path.join(dir, key));
  } catch {
    return null;
  }
}

export async function removeContentFile(key: string | null, dir = contentDir()): Promise<void> {
  if (!key || !KEY.test(key)) return;
  if (inDatabase()) {
    await getDb().deleteFrom("stored_file").where("key", "=", key).execute();
    return;
  }
  await fs.rm(path.join(dir, key), { force: true });
}
