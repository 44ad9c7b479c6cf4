import zlib from "node:zlib";

/**
 * A minimal zip writer for hostile test files (stored or deflated entries). `declare` writes a
 * false uncompressed size in both headers; `descriptor` puts the sizes in a data descriptor after
 * the data (local header sizes 0), as streaming zip writers do.
 */
export type ZipEntry = { name: string; data: Buffer; deflate?: boolean; declare?: number; descriptor?: boolean };
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const body = e.deflate ? zlib.deflateRawSync(e.data) : e.data;
    const name = Buffer.from(e.name);
    const crc = zlib.crc32 ? zlib.crc32(e.data) : 0;
    const size = e.declare ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.descriptor ? 0x08 : 0, 6);
    local.writeUInt16LE(e.deflate ? 8 : 0, 8);
    if (!e.descriptor) {
      local.writeUInt32LE(crc >>> 0, 14);
      local.writeUInt32LE(body.length, 18);
      local.writeUInt32LE(size, 22);
    }
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    if (e.descriptor) {
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc >>> 0, 4);
      descriptor.writeUInt32LE(body.length, 8);
      descriptor.writeUInt32LE(size, 12);
      locals.push(descriptor);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.descriptor ? 0x08 : 0, 8);
    central.writeUInt16LE(e.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length + (e.descriptor ? 16 : 0);
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** The entries of a zip (read through its central directory), inflated. */
export function unzipEntries(buf: Buffer): { name: string; data: Buffer }[] {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const out: { name: string; data: Buffer }[] = [];
  for (let n = 0, p = buf.readUInt32LE(eocd + 16); n < buf.readUInt16LE(eocd + 10); n++) {
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + buf.readUInt32LE(p + 20));
    out.push({ name: buf.toString("utf8", p + 46, p + 46 + nameLen), data: buf.readUInt16LE(p + 10) ? zlib.inflateRawSync(raw) : raw });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}
