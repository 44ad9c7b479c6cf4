import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { Readable } from "node:stream";
import type { DB } from "~/db/db.server";
import { getEnv } from "~/env.server";
import { contentDir } from "~/modules/content/files.server";

/**
 * Where the feed's full exports live (decision 085), as the uploads do (decision 081): with
 * FILE_STORE=disk a file in the content folder; with FILE_STORE=database parts of about 1 MB in
 * `feed_export_part`, so that every instance serves the export one of them built. Either way the
 * export is written and read a part at a time: the memory stays flat however large it is.
 */
const PART_BYTES = 1024 * 1024;
const KEY = /^[a-f0-9]{32}\.csv$/;
/** A replaced export's parts stay this long, for downloads still reading them. */
const KEEP_REPLACED_MS = 60 * 60_000;

const inDatabase = () => getEnv().FILE_STORE === "database";

/** The path of an export file in the content folder (FILE_STORE=disk). */
const exportPath = (fileKey: string) => path.join(contentDir(), fileKey);

export interface ExportWriter {
  write(text: string): Promise<void>;
  finish(): Promise<void>;
  /** Drops what was written (the export failed). */
  abort(): Promise<void>;
}

export async function createExport(db: DB, fileKey: string): Promise<ExportWriter> {
  if (!KEY.test(fileKey)) throw new Error("not an export key");
  if (inDatabase()) {
    let pending: string[] = [];
    let pendingBytes = 0;
    let part = 0;
    const flush = async () => {
      if (pending.length === 0) return;
      const body = Buffer.from(pending.join(""), "utf8");
      pending = [];
      pendingBytes = 0;
      await db.insertInto("feed_export_part").values({ file_key: fileKey, part: part++, body, updated_at: new Date().toISOString() }).execute();
    };
    return {
      async write(text) {
        pending.push(text);
        pendingBytes += Buffer.byteLength(text);
        if (pendingBytes >= PART_BYTES) await flush();
      },
      finish: flush,
      async abort() {
        await db.deleteFrom("feed_export_part").where("file_key", "=", fileKey).execute();
      },
    };
  }
  const file = exportPath(fileKey);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const out = fs.createWriteStream(file, { flags: "wx" });
  return {
    async write(text) {
      if (!out.write(text)) await once(out, "drain");
    },
    async finish() {
      out.end();
      await once(out, "finish");
    },
    async abort() {
      out.destroy();
      await fs.promises.rm(file, { force: true });
    },
  };
}

/** The export's bytes as a stream, or null when there is no such export. */
export async function openExport(db: DB, fileKey: string): Promise<Readable | null> {
  if (!KEY.test(fileKey)) return null;
  if (inDatabase()) {
    const first = await db.selectFrom("feed_export_part").select("part").where("file_key", "=", fileKey).where("part", "=", 0).executeTakeFirst();
    if (!first) return null;
    async function* parts() {
      for (let part = 0; ; part++) {
        const row = await db.selectFrom("feed_export_part").select("body").where("file_key", "=", fileKey).where("part", "=", part).executeTakeFirst();
        if (!row) return;
        yield Buffer.from(row.body);
      }
    }
    return Readable.from(parts());
  }
  try {
    // once open, a download keeps reading the file even when a rebuild removes it
    const fd = await fs.promises.open(exportPath(fileKey), "r");
    return fd.createReadStream();
  } catch {
    return null;
  }
}

/**
 * Removes a replaced or orphaned export. A file is removed at once (an open download keeps its
 * descriptor); parts in the database are stamped now and left to `pruneExportParts`, an hour on,
 * for downloads still reading them.
 */
export async function removeExport(db: DB, fileKey: string | null): Promise<void> {
  if (!fileKey || !KEY.test(fileKey)) return;
  if (inDatabase()) await db.updateTable("feed_export_part").set({ updated_at: new Date().toISOString() }).where("file_key", "=", fileKey).execute();
  else await fs.promises.rm(exportPath(fileKey), { force: true });
}

/** Deletes the parts of exports no customer's row names, an hour after they were written or replaced. */
export async function pruneExportParts(db: DB, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_REPLACED_MS).toISOString();
  const removed = await db
    .deleteFrom("feed_export_part")
    .where("updated_at", "<", before)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("feed_export as e").select("e.customer_id").whereRef("e.file_key", "=", "feed_export_part.file_key"))))
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}
