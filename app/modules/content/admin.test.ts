import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { deleteCategory, getAdminContent, listCategories, saveContent, type ContentInput } from "./admin.server";
import { getContent, getContentFile, listContent } from "./content.server";
import { contentDisposition } from "~/utils/file-response.server";
import { downloadName, readContentFile, sniffFileType, storeContentFile } from "./files.server";

const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(64)]);

describe("uploaded files (pure)", () => {
  it("judges the type by the content, not by the name", () => {
    expect(sniffFileType(pdf, "catalogue.pdf")).toEqual({ mime: "application/pdf", ext: "pdf" });
    expect(sniffFileType(exe, "catalogue.pdf")).toBeNull(); // a renamed program
    expect(sniffFileType(Buffer.from("<html><script>alert(1)</script>"), "page.pdf")).toBeNull();
    expect(sniffFileType(pdf, "setup.exe")).toEqual({ mime: "application/pdf", ext: "pdf" });
    expect(downloadName("setup.exe", { mime: "application/pdf", ext: "pdf" })).toBe("setup.exe.pdf");
    expect(downloadName("C:\\docs\\样本 2026.pdf", { mime: "application/pdf", ext: "pdf" })).toBe("样本 2026.pdf");
  });

  it("names the download in ASCII and in UTF-8 (RFC 5987)", () => {
    expect(contentDisposition("刀具样本 2026.pdf")).toBe(
      `attachment; filename="____ 2026.pdf"; filename*=UTF-8''%E5%88%80%E5%85%B7%E6%A0%B7%E6%9C%AC%202026.pdf`,
    );
    expect(contentDisposition('a"b.pdf')).toContain('filename="a_b.pdf"');
  });

  it("stores under a random name and reads back only such names", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"));
    const key = await storeContentFile(pdf, { mime: "application/pdf", ext: "pdf" }, dir);
    expect(key).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect((await readContentFile(key, dir))?.equals(pdf)).toBe(true);
    expect(await readContentFile("../shop.db", dir)).toBeNull();
  });
});

/** Content maintained in the back office (decision 046): dealers never see drafts or future items. */
describe.each(testDatabases())("content in the back office on $name", ({ seeded }) => {
  let db: DB;
  const editor = { id: 0, code: "EMP000004", tenantId: 0 };
  let tenantId = 0;
  let otherTenant = 0;
  const item = (over: Partial<ContentInput> = {}): ContentInput => ({
    kind: "announcement",
    titleZh: "测试公告",
    titleEn: "Test announcement",
    bodyZh: "正文",
    bodyEn: "Text",
    status: "draft",
    publishedAt: new Date(Date.now() - 60_000).toISOString(),
    categoryId: null,
    parentId: null,
    videoUrl: null,
    onlyThisEntity: false,
    file: null,
    ...over,
  });

  withFreshDb(
    () => seeded({ products: 30 }),
    async (fresh) => {
      db = fresh;
      editor.id = (await db.selectFrom("app_user").select("id").where("code", "=", "EMP000004").executeTakeFirstOrThrow()).id;
      tenantId = (await db.selectFrom("tenant").select("id").where("code", "=", "1000").executeTakeFirstOrThrow()).id;
      otherTenant = (await db.selectFrom("tenant").select("id").where("code", "=", "2000").executeTakeFirstOrThrow()).id;
      editor.tenantId = tenantId;
    },
  );

  const shopTitles = async (tenant: number | null, lang: "zh" | "en" = "zh") =>
    (await listContent(db, { kind: "announcement", lang, tenantId: tenant, limit: 50 })).map((c) => c.title);

  it("a draft is invisible to dealers until published; a future date hides it until then", async () => {
    const saved = await saveContent(db, editor, { tenantId, id: null, content: item() });
    expect(saved.ok).toBe(true);
    const id = saved.ok ? saved.value.id : 0;
    expect(await shopTitles(tenantId)).not.toContain("测试公告");
    expect(await getContent(db, { id, kind: "announcement", lang: "zh", tenantId })).toBeNull();
    // staff see it (the preview)
    expect((await getAdminContent(db, { tenantId, id })).status).toBe("draft");

    expect((await saveContent(db, editor, { tenantId, id, content: item({ status: "published" }) })).ok).toBe(true);
    expect(await shopTitles(tenantId)).toContain("测试公告");
    expect(await shopTitles(tenantId, "en")).toContain("Test announcement");
    expect(await shopTitles(null)).toContain("测试公告");

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await saveContent(db, editor, { tenantId, id, content: item({ status: "published", publishedAt: tomorrow }) })).ok).toBe(true);
    expect(await shopTitles(tenantId)).not.toContain("测试公告");
    expect(await getContent(db, { id, kind: "announcement", lang: "zh", tenantId })).toBeNull();
    expect(await getContent(db, { id, kind: "announcement", lang: "zh", tenantId, now: new Date(Date.now() + 2 * 86_400_000) })).not.toBeNull();
  });

  it("the seeded draft and scheduled announcements stay hidden from dealers", async () => {
    const titles = await shopTitles(tenantId, "en");
    expect(titles).not.toContain("(Draft) Preview of the new YBC chip-breakers");
    expect(titles).not.toContain("Warehouse stocktaking next week");
  });

  it("an item for one entity is seen by its dealers only, and is not found by the other entity's staff", async () => {
    const saved = await saveContent(db, editor, { tenantId, id: null, content: item({ titleZh: "仅本主体", status: "published", onlyThisEntity: true }) });
    const id = saved.ok ? saved.value.id : 0;
    expect(await shopTitles(tenantId)).toContain("仅本主体");
    expect(await shopTitles(otherTenant)).not.toContain("仅本主体");
    expect(await shopTitles(null)).not.toContain("仅本主体");
    await expect(getAdminContent(db, { tenantId: otherTenant, id })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a download's file is served only once published", async () => {
    const file = { name: "样本.pdf", type: "application/pdf", size: pdf.length, key: `${"a".repeat(32)}.pdf` };
    const saved = await saveContent(db, editor, { tenantId, id: null, content: item({ kind: "download", titleZh: "样本下载", file }) });
    const id = saved.ok ? saved.value.id : 0;
    expect(await getContentFile(db, { id, tenantId })).toBeNull();
    await saveContent(db, editor, { tenantId, id, content: item({ kind: "download", titleZh: "样本下载", status: "published" }) });
    expect(await getContentFile(db, { id, tenantId })).toMatchObject({ name: "样本.pdf", type: "application/pdf", key: file.key });
  });

  it("an announcement may carry an attachment; a solution may not", async () => {
    const file = { name: "价格表.pdf", type: "application/pdf", size: pdf.length, key: `${"b".repeat(32)}.pdf` };
    const saved = await saveContent(db, editor, { tenantId, id: null, content: item({ titleZh: "附件公告", status: "published", file }) });
    const id = saved.ok ? saved.value.id : 0;
    expect(await getContentFile(db, { id, tenantId })).toMatchObject({ name: "价格表.pdf", key: file.key });
    expect(await saveContent(db, editor, { tenantId, id: null, content: item({ kind: "solution", titleZh: "带文件的方案", file }) })).toMatchObject({
      error: { key: "adminContent:content.err.fileKind" },
    });
  });

  it("checks categories, solution levels, video links and double posts", async () => {
    const [category] = await listCategories(db);
    expect((await saveContent(db, editor, { tenantId, id: null, content: item({ titleZh: "分类公告", categoryId: category.id }) })).ok).toBe(true);
    expect(await deleteCategory(db, editor, category.id)).toEqual({ ok: false, error: { key: "adminContent:category.err.inUse" } });
    expect(await saveContent(db, editor, { tenantId, id: null, content: item({ kind: "research", categoryId: category.id }) })).toMatchObject({
      error: { key: "adminContent:content.err.category" },
    });
    expect(await saveContent(db, editor, { tenantId, id: null, content: item({ kind: "training", videoUrl: "javascript:alert(1)" }) })).toMatchObject({
      error: { key: "adminContent:content.err.video" },
    });
    expect(
      (await saveContent(db, editor, { tenantId, id: null, content: item({ kind: "training", titleZh: "视频", videoUrl: "https://video.example.com/1" }) })).ok,
    ).toBe(true);
    // the seeded third-level solution cannot take a child (a fourth level)
    const third = await db.selectFrom("content").select("id").where("title_en", "=", "Rim finishing: controlling the chips").executeTakeFirstOrThrow();
    expect(await saveContent(db, editor, { tenantId, id: null, content: item({ kind: "solution", titleZh: "第四级", parentId: third.id }) })).toMatchObject({
      error: { key: "adminContent:content.err.parent" },
    });
    const second = await db.selectFrom("content").select("id").where("title_en", "=", "Wheel hub turning: finishing the rim").executeTakeFirstOrThrow();
    expect(
      (await saveContent(db, editor, { tenantId, id: null, content: item({ kind: "solution", titleZh: "第三级", parentId: second.id, status: "published" }) }))
        .ok,
    ).toBe(true);
    const solution = await getContent(db, { id: second.id, kind: "solution", lang: "zh", tenantId });
    expect(solution?.children.map((c) => c.title)).toContain("第三级");
    // the same new item posted twice is added once
    const twice = item({ titleZh: "两次提交", publishedAt: "2026-01-01T00:00:00.000Z" });
    expect((await saveContent(db, editor, { tenantId, id: null, content: twice })).ok).toBe(true);
    expect(await saveContent(db, editor, { tenantId, id: null, content: twice })).toMatchObject({ error: { key: "adminContent:content.err.exists" } });
  });
});
