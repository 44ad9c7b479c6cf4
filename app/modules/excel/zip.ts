/**
 * A look at a zip file's central directory before anything inflates it (docs/decisions/033-excel.md):
 * entry count, declared sizes and compression ratio. An .xlsx is a zip; a zip bomb or a huge
 * sheet is refused here in microseconds instead of being unpacked.
 */
export interface ZipCheckLimits {
  maxEntries: number;
  maxTotalUncompressed: number;
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipCheckLimits = { maxEntries: 500, maxTotalUncompressed: 60 * 1024 * 1024, maxRatio: 150 };

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
