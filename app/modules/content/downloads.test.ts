import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { listCategories, saveCategory, saveContent, type ContentInput } from "./admin.server";
import { listDownloads } from "./content.server";

/** Downloads by category (decision 053): the categories of kind "download", the shop's groups and filter. */
describe.each(testDatabases())("downloads by category on $name", ({ url }) => {
  let db: DB;
  const editor = { id: 4, code: "EMP000004", tenantId: 1 };
  const item = (over: Partial<ContentInput>): ContentInput => ({
    kind: "download",
    titleZh: "下载",
    titleEn: "Download",
    bodyZh: "",
    bodyEn: "",
    status: "published",
    publishedAt: new Date(Date.now() - 60_000).toISOString(),
    categoryId: null,
    parentId: null,
    videoUrl: null,
    onlyThisEntity: false,
    file: null,
    ...over,
  });
  const ids = { catalogues: 0, guides: 0, news: 0 };

  withFreshDb(url, async (fresh) => {
    db = fresh;
    const save = async (nameZh: string, nameEn: string, sort: number, kind: "download" | "announcement") => {
      const r = await saveCategory(db, editor, { id: null, nameZh, nameEn, sort, kind });
      if (!r.ok) throw new Error(r.error.key);
      return r.value;
    };
    ids.guides = await save("技术资料", "Technical guides", 20, "download");
    ids.catalogues = await save("产品样本", "Catalogues", 10, "download");
    ids.news = await save("新品发布", "New products", 10, "announcement");
  });

  it("keeps the categories of downloads apart from those of announcements", async () => {
    expect((await listCategories(db, "download")).map((c) => c.nameZh)).toEqual(["产品样本", "技术资料"]);
    expect((await listCategories(db)).map((c) => c.nameZh)).toEqual(["新品发布"]);
    // a download cannot take an announcement's category, nor a research item any category
    expect(await saveContent(db, editor, { tenantId: 1, id: null, content: item({ categoryId: ids.news }) })).toEqual({
      ok: false,
      error: { key: "adminContent:content.err.category" },
    });
    expect((await saveContent(db, editor, { tenantId: 1, id: null, content: item({ kind: "research", categoryId: ids.guides }) })).ok).toBe(false);
  });

  it("groups the published downloads by category in the categories' order, those without one last; filters one", async () => {
    for (const [titleZh, titleEn, categoryId, status] of [
      ["切削手册", "Cutting handbook", ids.guides, "published"],
      ["产品样本", "Catalogue", ids.catalogues, "published"],
      ["证书", "Certificate", null, "published"],
      ["草稿样本", "Draft catalogue", ids.catalogues, "draft"],
    ] as const) {
      const r = await saveContent(db, editor, { tenantId: 1, id: null, content: item({ titleZh, titleEn, categoryId, status }) });
      expect(r.ok).toBe(true);
    }
    const all = await listDownloads(db, { lang: "zh" });
    expect(all.groups.map((g) => [g.name, g.items.map((i) => i.title)])).toEqual([
      ["产品样本", ["产品样本"]],
      ["技术资料", ["切削手册"]],
      [null, ["证书"]],
    ]);
    expect(all.filter).toEqual([
      { categoryId: ids.catalogues, name: "产品样本", count: 1 },
      { categoryId: ids.guides, name: "技术资料", count: 1 },
      { categoryId: 0, name: "", count: 1 },
    ]);
    const en = await listDownloads(db, { lang: "en", categoryId: ids.guides });
    expect(en.groups.map((g) => g.name)).toEqual(["Technical guides"]);
    expect(en.filter).toHaveLength(3);
    expect((await listDownloads(db, { lang: "zh", categoryId: 0 })).groups.map((g) => g.items[0].title)).toEqual(["证书"]);
    expect((await listDownloads(db, { lang: "zh", categoryId: 999 })).groups).toEqual([]);
  });
});
