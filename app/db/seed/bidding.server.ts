/**
 * Demo data of rare-earth bidding (decision 053) and of the download categories: tenders open,
 * upcoming, closed and one draft; download categories with the downloads in them. Tender
 * documents and download files are small real PDFs, written to the content store only when the
 * caller names its folder (the server at start-up does; unit tests do not).
 */
import { storeContentFile } from "~/modules/content/files.server";
import type { DB } from "../db.server";

const DAY = 86_400_000;

/** A one-page PDF with a line of (ASCII) text. */
export function demoPdf(text: string): Uint8Array {
  const safe = text.replace(/[^\x20-\x7e]/g, "?").replace(/[()\\]/g, "");
  const stream = `BT /F1 14 Tf 60 760 Td (${safe}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

async function pdfFile(dir: string, name: string, text: string) {
  const buf = demoPdf(text);
  const key = await storeContentFile(buf, { mime: "application/pdf", ext: "pdf" }, dir);
  return { file_name: name, file_type: "application/pdf", file_size: buf.byteLength, file_key: key };
}

type TenderDef = {
  no: string;
  status: "draft" | "published";
  publishedDays: number;
  opensDays: number;
  closesDays: number;
  titleZh: string;
  titleEn: string;
  bodyZh: string;
  bodyEn: string;
  docs: string[];
};

const TENDERS: TenderDef[] = [
  {
    no: "GDRE-2026-011",
    status: "published",
    publishedDays: -6,
    opensDays: -3,
    closesDays: 5,
    titleZh: "氧化镝（Dy₂O₃ ≥99.5%）年度采购招标",
    titleEn: "Annual purchase of dysprosium oxide (Dy₂O₃ ≥ 99.5 %)",
    bodyZh: "集团拟采购氧化镝 8 吨，分四批交货，纯度不低于 99.5%，须附第三方检测报告。\n投标人须为具备稀土冶炼分离资质的企业，报价含税含运费至株洲。",
    bodyEn:
      "The group buys 8 t of dysprosium oxide in four lots, purity at least 99.5 %, with a third-party test report.\nBidders must hold a rare-earth smelting and separation licence; prices include tax and freight to Zhuzhou.",
    docs: ["招标文件-GDRE-2026-011.pdf", "技术规格书-氧化镝.pdf"],
  },
  {
    no: "GDRE-2026-012",
    status: "published",
    publishedDays: -4,
    opensDays: -2,
    closesDays: 12,
    titleZh: "仲钨酸铵（APT）库存销售招标",
    titleEn: "Sale of ammonium paratungstate (APT) from stock",
    bodyZh: "集团公开出售 APT 库存 50 吨（GB/T 10116 零级），最低起拍量 5 吨。\n看货时间：开标前工作日 9:00–16:00，地点：株洲仓库。",
    bodyEn:
      "The group sells 50 t of APT from stock (GB/T 10116 grade 0), at least 5 t per bid.\nInspection on working days before the opening, 9:00–16:00, at the Zhuzhou warehouse.",
    docs: ["销售公告-APT.pdf"],
  },
  {
    no: "GDRE-2026-013",
    status: "published",
    publishedDays: -1,
    opensDays: 3,
    closesDays: 17,
    titleZh: "氧化镨钕采购招标",
    titleEn: "Purchase of praseodymium-neodymium oxide",
    bodyZh: "采购氧化镨钕 20 吨，用于硬质合金添加剂试验，按月交货。",
    bodyEn: "Purchase of 20 t of PrNd oxide for carbide additive trials, delivered monthly.",
    docs: ["招标文件-GDRE-2026-013.pdf"],
  },
  {
    no: "GDRE-2026-008",
    status: "published",
    publishedDays: -30,
    opensDays: -25,
    closesDays: -10,
    titleZh: "碳化钨粉（WC 0.8μm）采购招标",
    titleEn: "Purchase of tungsten carbide powder (WC 0.8 µm)",
    bodyZh: "本项目已截止，中标结果另行公示。",
    bodyEn: "This tender has closed; the award will be announced separately.",
    docs: ["招标文件-GDRE-2026-008.pdf"],
  },
  {
    no: "GDRE-2026-005",
    status: "published",
    publishedDays: -70,
    opensDays: -60,
    closesDays: -40,
    titleZh: "钴粉采购招标",
    titleEn: "Purchase of cobalt powder",
    bodyZh: "本项目已截止。",
    bodyEn: "This tender has closed.",
    docs: [],
  },
  {
    no: "GDRE-2026-014",
    status: "draft",
    publishedDays: 2,
    opensDays: 5,
    closesDays: 20,
    titleZh: "（草稿）废硬质合金回收处置招标",
    titleEn: "(Draft) Recycling of carbide scrap",
    bodyZh: "草稿：数量待定。",
    bodyEn: "Draft: quantities to be confirmed.",
    docs: [],
  },
];

export async function seedBidding(db: DB, now: Date, dir: string | null): Promise<number> {
  const at = (days: number) => new Date(Math.floor((now.getTime() + days * DAY) / 3_600_000) * 3_600_000).toISOString();
  for (const t of TENDERS) {
    const { id } = await db
      .insertInto("bidding")
      .values({
        bidding_no: t.no,
        title_zh: t.titleZh,
        title_en: t.titleEn,
        body_zh: t.bodyZh,
        body_en: t.bodyEn,
        contact: "株洲硬质合金集团 采购中心 王工 0731-2826 0000 · bidding@zzcarbide.example",
        status: t.status,
        published_at: at(t.publishedDays),
        opens_at: at(t.opensDays),
        closes_at: at(t.closesDays),
        created_at: at(t.publishedDays),
        updated_at: at(t.publishedDays),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (!dir) continue;
    for (const name of t.docs) {
      const f = await pdfFile(dir, name, `${t.no} ${t.titleEn} - tender document (demo)`);
      await db
        .insertInto("bidding_document")
        .values({ bidding_id: id, ...f, created_at: at(t.publishedDays) })
        .execute();
    }
  }
  return TENDERS.length;
}

/** Download categories (the back office's categories of kind "download") and files for the seeded downloads. */
export async function seedDownloadCategories(db: DB, dir: string | null): Promise<void> {
  const cats = await db
    .insertInto("content_category")
    .values([
      { kind: "download", name_zh: "产品样本", name_en: "Catalogues", sort: 10 },
      { kind: "download", name_zh: "技术资料", name_en: "Technical guides", sort: 20 },
    ])
    .returning(["id", "sort"])
    .execute();
  const cat = (sort: number) => cats.find((c) => c.sort === sort)!.id;
  const downloads = await db.selectFrom("content").select(["id", "title_en"]).where("kind", "=", "download").orderBy("id").execute();
  for (const d of downloads) {
    const file = dir ? await pdfFile(dir, `${d.title_en.replace(/[^A-Za-z0-9 ]/g, "").trim()}.pdf`, `${d.title_en} (demo)`) : {};
    await db
      .updateTable("content")
      .set({ category_id: cat(/catalogue/i.test(d.title_en) ? 10 : 20), ...file })
      .where("id", "=", d.id)
      .execute();
  }
}
