import zlib from "node:zlib";

/**
 * A look at a zip file's central directory before anything inflates it (docs/decisions/033-excel.md):
 * entry count, declared sizes and compression ratio. An .xlsx is a zip; a zip bomb or a huge
 * sheet is refused here in microseconds instead of being unpacked. Declared sizes can lie:
 * `measureZip` below then counts what the entries really inflate to.
 */
export interface ZipCheckLimits {
  maxEntries: number;
  maxTotalUncompressed: number;
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipCheckLimits = { maxEntries: 500, maxTotalUncompressed: 24 * 1024 * 1024, maxRatio: 150 };

export type ZipCheck = { ok: true; names: string[]; totalUncompressed: number } | { ok: false; reason: "notZip" | "corrupt" | "tooLarge" | "bomb" };

export const isZipMagic = (buf: Uint8Array) => buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;

export function inspectZip(buf: Buffer, limits: ZipCheckLimits = DEFAULT_ZIP_LIMITS): ZipCheck {
  if (!isZipMagic(buf)) return { ok: false, reason: "notZip" };
  // End of central directory: signature 0x06054b50, within the last 22 + 65535 bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, reason: "corrupt" };
  const entries = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (entries === 0xffff || cdOffset === 0xffffffff) return { ok: false, reason: "tooLarge" }; // zip64: never an upload of ours
  if (entries > limits.maxEntries) return { ok: false, reason: "bomb" };
  if (cdOffset + cdSize > buf.length) return { ok: false, reason: "corrupt" };
  let p = cdOffset;
  let total = 0;
  const names: string[] = [];
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return { ok: false, reason: "corrupt" };
    const compressed = buf.readUInt32LE(p + 20);
    const uncompressed = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) return { ok: false, reason: "tooLarge" };
    names.push(buf.toString("utf8", p + 46, p + 46 + nameLen));
    total += uncompressed;
    if (uncompressed > 1024 * 1024 && uncompressed / Math.max(1, compressed) > limits.maxRatio) return { ok: false, reason: "bomb" };
    if (total > limits.maxTotalUncompressed) return { ok: false, reason: "tooLarge" };
    p += 46 + nameLen + extraLen + commentLen;
  }
  return { ok: true, names, totalUncompressed: total };
}

/**
 * The sizes above are what the archive *declares*; a bomb can lie (a 159 KB file whose sheet
 * "is" 5,000 bytes inflated to 150 MB and cost 260 MB per upload, issue 13). So, before exceljs
 * sees the file, inflate every entry for real, count the bytes and throw them away: memory stays
 * at zlib's window and one output chunk, and the inflating stops at the first byte beyond the
 * entry's declared size, its ratio or the total limit.
 *
 * Entries are walked the way exceljs' reader (unzipper's streaming Parse) walks them: local
 * headers in file order, data ending at the local compressed size or, with a data descriptor, at
 * the descriptor's signature; any method but "stored" is inflated. So what is counted here is
 * exactly what exceljs will inflate, even in a zip whose local entries differ from its central
 * directory.
 */
const DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]); // data descriptor signature

export async function measureZip(buf: Buffer, limits: ZipCheckLimits = DEFAULT_ZIP_LIMITS): Promise<ZipCheck> {
  const names: string[] = [];
  let total = 0;
  let p = 0;
  for (;;) {
    if (p + 4 > buf.length) return { ok: false, reason: "corrupt" };
    const signature = buf.readUInt32LE(p);
    if (signature === 0x02014b50 || signature === 0x06054b50) break; // central directory: no more entries
    if (signature !== 0x04034b50 || p + 30 > buf.length) return { ok: false, reason: "corrupt" };
    if (names.length >= limits.maxEntries) return { ok: false, reason: "bomb" };
    const flags = buf.readUInt16LE(p + 6);
    const method = buf.readUInt16LE(p + 8);
    const compressed = buf.readUInt32LE(p + 18);
    const declared = buf.readUInt32LE(p + 22);
    const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
    if (compressed === 0xffffffff || declared === 0xffffffff) return { ok: false, reason: "tooLarge" }; // zip64
    names.push(buf.toString("utf8", p + 30, p + 30 + buf.readUInt16LE(p + 26)));
    const sizesInHeader = !(flags & 0x08) || compressed > 0; // else they follow the data, in a descriptor
    let end: number;
    if (sizesInHeader) {
      end = start + compressed;
      p = end;
    } else {
      end = buf.indexOf(DESCRIPTOR, start);
      p = end + 16;
    }
    if (end < 0 || end > buf.length) return { ok: false, reason: "corrupt" };
    const data = buf.subarray(start, end);
    const room = limits.maxTotalUncompressed - total;
    const ratioCap = Math.max(1024 * 1024, limits.maxRatio * data.length);
    const declaredCap = flags & 0x08 ? Infinity : declared; // with a descriptor, the header's size is not the real one
    const size = method === 0 ? data.length : await inflatedSize(data, Math.min(room, ratioCap, declaredCap));
    if (size === null) return { ok: false, reason: "corrupt" };
    if (size > declaredCap || size > ratioCap) return { ok: false, reason: "bomb" };
    if (size > room) return { ok: false, reason: "tooLarge" };
    total += size;
  }
  return { ok: true, names, totalUncompressed: total };
}

/** Inflates raw deflate data only to count it; gives up once past `max` (returning more than max). */
function inflatedSize(data: Buffer, max: number): Promise<number | null> {
  return new Promise((resolve) => {
    const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    let size = 0;
    inflater.on("data", (chunk: Buffer) => {
      size += chunk.length; // counted, not kept
      if (size > max) {
        inflater.destroy();
        resolve(size);
      }
    });
    inflater.on("end", () => resolve(size));
    inflater.on("error", () => resolve(null));
    inflater.end(data);
  });
}
