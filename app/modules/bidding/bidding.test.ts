import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import {
  addBiddingDocument,
  BIDDING_MAX_DOCUMENTS,
  biddingState,
  getAdminBidding,
  getPublicBidding,
  getPublicDocument,
  listPublicBiddings,
  removeBiddingDocument,
  saveBidding,
  setBiddingStatus,
  type BiddingInput,
} from "./bidding.server";

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe("the state of a tender", () => {
  it.each([
    [-2, -1, "closed"],
    [-1, 1, "open"],
    [1, 2, "upcoming"],
    [0, 1, "open"], // opens now
    [-1, 0, "closed"], // closes now
  ])("opens %s h, closes %s h from now: %s", (open, close, state) => {
    const now = new Date();
    const iso = (h: number) => new Date(now.getTime() + h * HOUR).toISOString();
    expect(biddingState(iso(open), iso(close), now)).toBe(state);
  });
});

describe.each(testDatabases())("rare-earth bidding on $name", ({ url }) => {
  let db: DB;
  const editor = { id: 0, code: "EMP000004", tenantId: null };
  let n = 0;
  const input = (over: Partial<BiddingInput> = {}): BiddingInput => ({
    biddingNo: `GDRE-T-${++n}`,
    titleZh: "氧化镝采购招标",
    titleEn: "Tender: dysprosium oxide",
    bodyZh: "采购氧化镝 5 吨。",
    bodyEn: "We buy 5 t of dysprosium oxide.",
    contact: "王工 0731-00000000",
    publishedAt: at(-48),
    opensAt: at(-24),
    closesAt: at(24),
    ...over,
  });

  withFreshDb(url, async (fresh) => {
    db = fresh;
    editor.id = 4; // the audit log keeps the id and code (no foreign key)
  });

  const publicTitles = async (state: "open" | "upcoming" | "closed" | null = null, lang: "zh" | "en" = "zh") =>
    (await listPublicBiddings(db, { lang, state })).rows.map((r) => r.title);

  it("a new tender is a draft nobody sees; published, everybody does in both languages; unpublished, gone", async () => {
    const saved = await saveBidding(db, editor, { id: null, bidding: input({ titleZh: "草稿招标", titleEn: "Draft tender" }) });
    expect(saved.ok).toBe(true);
    const id = saved.ok ? saved.value : 0;
    expect(await publicTitles()).not.toContain("草稿招标");
    expect(await getPublicBidding(db, { id, lang: "zh" })).toBeNull();
    expect(await setBiddingStatus(db, editor, { id, status: "published" })).toEqual({ changed: true });
    // a double post publishes once
    expect(await setBiddingStatus(db, editor, { id, status: "published" })).toEqual({ changed: false });
    expect(await publicTitles()).toContain("草稿招标");
    expect(await publicTitles(null, "en")).toContain("Draft tender");
    const one = await getPublicBidding(db, { id, lang: "en" });
    expect(one).toMatchObject({ title: "Draft tender", state: "open", contact: "王工 0731-00000000" });
    const audits = await db.selectFrom("audit_log").select("action").where("entity", "=", "bidding").where("entity_id", "=", String(id)).execute();
    expect(audits.map((a) => a.action)).toEqual(["create", "update"]);
    await setBiddingStatus(db, editor, { id, status: "draft" });
    expect(await getPublicBidding(db, { id, lang: "zh" })).toBeNull();
  });

  it("a future publish date hides a published tender until then", async () => {
    const saved = await saveBidding(db, editor, { id: null, bidding: input({ titleZh: "未来招标", publishedAt: at(5), opensAt: at(6), closesAt: at(30) }) });
    if (!saved.ok) throw new Error(saved.error.key);
    await setBiddingStatus(db, editor, { id: saved.value, status: "published" });
    expect(await publicTitles()).not.toContain("未来招标");
    expect((await listPublicBiddings(db, { lang: "zh", now: new Date(Date.now() + 5.5 * HOUR) })).rows.map((r) => r.title)).toContain("未来招标");
  });

  it("lists open tenders first and filters by state", async () => {
    for (const [title, o, c] of [
      ["已截止", -72, -1],
      ["进行中", -2, 10],
      ["即将开始", -1, 5],
    ] as const) {
      const s = await saveBidding(db, editor, {
        id: null,
        bidding: input({ titleZh: title, publishedAt: at(-80), opensAt: at(title === "即将开始" ? 3 : o), closesAt: at(c) }),
      });
      if (!s.ok) throw new Error(s.error.key);
      await setBiddingStatus(db, editor, { id: s.value, status: "published" });
    }
    const all = await listPublicBiddings(db, { lang: "zh" });
    const states = all.rows.map((r) => r.state);
    expect(states.indexOf("open")).toBe(0);
    expect(states.lastIndexOf("open")).toBeLessThan(states.indexOf("upcoming"));
    expect(states.lastIndexOf("upcoming")).toBeLessThan(states.indexOf("closed"));
    expect(await publicTitles("closed")).toEqual(["已截止"]);
    expect(await publicTitles("upcoming")).toEqual(["即将开始"]);
    expect(await publicTitles("open")).toContain("进行中");
    expect(await publicTitles("open")).not.toContain("已截止");
  });

  it("refuses bad input and a second tender with the same number", async () => {
    const bad = async (over: Partial<BiddingInput>) => {
      const r = await saveBidding(db, editor, { id: null, bidding: input(over) });
      return r.ok ? "ok" : r.error.key;
    };
    expect(await bad({ titleEn: " " })).toBe("bidding:err.title");
    expect(await bad({ biddingNo: "<script>" })).toBe("bidding:err.number");
    expect(await bad({ contact: "" })).toBe("bidding:err.contact");
    expect(await bad({ opensAt: at(5), closesAt: at(4) })).toBe("bidding:err.closeBeforeOpen");
    expect(await bad({ publishedAt: at(6), opensAt: at(5) })).toBe("bidding:err.publishAfterOpen");
    expect(await bad({ closesAt: "nonsense" })).toBe("bidding:err.date");
    expect(await bad({ biddingNo: "GDRE-SAME" })).toBe("ok");
    expect(await bad({ biddingNo: "GDRE-SAME" })).toBe("bidding:err.numberTaken");
    expect((await db.selectFrom("bidding").select("id").where("bidding_no", "=", "GDRE-SAME").execute()).length).toBe(1);
    await expect(setBiddingStatus(db, editor, { id: 999_999, status: "published" })).rejects.toBeInstanceOf(NotFoundError);
    await expect(saveBidding(db, editor, { id: 999_999, bidding: input() })).rejects.toBeInstanceOf(NotFoundError);
  });

  it("documents: downloadable once the tender is published, at most ten, removed with their key", async () => {
    const s = await saveBidding(db, editor, { id: null, bidding: input() });
    if (!s.ok) throw new Error(s.error.key);
    const file = (i: number) => ({ name: `招标文件${i}.pdf`, type: "application/pdf", size: 1000 + i, key: `${String(i).padStart(32, "a")}.pdf` });
    const first = await addBiddingDocument(db, editor, { biddingId: s.value, file: file(1) });
    if (!first.ok) throw new Error(first.error.key);
    expect(await getPublicDocument(db, { id: first.value })).toBeNull(); // a draft's
    await setBiddingStatus(db, editor, { id: s.value, status: "published" });
    expect(await getPublicDocument(db, { id: first.value })).toMatchObject({ name: "招标文件1.pdf", type: "application/pdf", size: 1001 });
    expect((await getPublicBidding(db, { id: s.value, lang: "zh" }))?.documents).toEqual([
      { id: first.value, name: "招标文件1.pdf", type: "application/pdf", size: 1001 },
    ]);
    for (let i = 2; i <= BIDDING_MAX_DOCUMENTS; i++) expect((await addBiddingDocument(db, editor, { biddingId: s.value, file: file(i) })).ok).toBe(true);
    expect(await addBiddingDocument(db, editor, { biddingId: s.value, file: file(99) })).toEqual({ ok: false, error: { key: "bidding:err.tooManyDocuments" } });
    expect(await removeBiddingDocument(db, editor, { biddingId: s.value, documentId: first.value })).toEqual({ fileKey: file(1).key });
    expect(await removeBiddingDocument(db, editor, { biddingId: s.value, documentId: first.value })).toEqual({ fileKey: null });
    expect((await getAdminBidding(db, s.value)).documents).toHaveLength(BIDDING_MAX_DOCUMENTS - 1);
    await expect(addBiddingDocument(db, editor, { biddingId: 999_999, file: file(1) })).rejects.toBeInstanceOf(NotFoundError);
  });
});
