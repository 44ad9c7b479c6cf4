import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import { getNodePath, type NodeView } from "~/modules/catalogue/catalogue.server";
import { getContent, type ContentItem } from "~/modules/content/content.server";
import { normaliseCode } from "~/modules/cart/rules";

/**
 * The second and third levels of the industry solutions (spec §2 /solutionSecond/second and
 * /third; levels through content.parent_id, decision 046). A level is shown only when the chain
 * above it is the one the link names: a third-level item under another first level is not found.
 */
export interface CatalogueLink {
  code: string;
  label: string;
  href: string;
}

export interface SolutionLevel {
  industry: { id: number; title: string };
  parent: { id: number; title: string } | null;
  item: ContentItem;
  /** catalogue nodes the item's text names products of, and the one the link names (catalogueCode) */
  catalogue: CatalogueLink[];
}

const q = encodeURIComponent;

/** The shop's page of a catalogue node: L1/L2 overview pages, the product table for L3 and its L4 leaves. */
export function catalogueHref(path: NodeView[]): string {
  const node = path[path.length - 1];
  const parent = path[path.length - 2];
  if (node.level <= 1) return `/product/productFirst?catalogueCode=${q(node.code)}`;
  if (node.level === 2) return `/product/productSecond?catalogueCode=${q(node.code)}&parentCode=${q(parent?.code ?? "")}`;
  if (node.level === 3) return `/product/productThird?catalogueCode=${q(node.code)}&parentCode=${q(parent?.code ?? "")}`;
  const l3 = path[2];
  const l2 = path[1];
  return `/product/productThird?catalogueCode=${q(l3.code)}&parentCode=${q(l2.code)}&leaf=${q(node.code)}`;
}

/** Runs of a text that look like ordering codes (Latin letters and at least four digits in a row: not grades like YBC352), also inside Chinese text. */
export function codeCandidates(text: string): string[] {
  const runs = text.normalize("NFKC").match(/[A-Za-z0-9][A-Za-z0-9.-]{5,39}/g) ?? [];
  const words = runs.map((w) => normaliseCode(w)).filter((w) => w.length >= 6 && /^[A-Z0-9]+$/.test(w) && /[A-Z]/.test(w) && /\d{4}/.test(w));
  return [...new Set(words)].slice(0, 20);
}

const activeProduct = (db: DB) => db.selectFrom("product").select("catalogue_code").where("status", "=", "active").orderBy("search_code").limit(1);

/**
 * The catalogue node of an ordering code named in a text: the product itself; else products of the
 * same ISO shape (the first four letters: VCGT, CNMG ...); else inserts of the same basic shape
 * (the first letter) — a solution may name an insert this company entity does not list.
 */
async function catalogueOfCode(db: DB, word: string): Promise<string | null> {
  const exact = await activeProduct(db).where("search_code", "like", `${word}%`).executeTakeFirst();
  if (exact) return exact.catalogue_code;
  if (!/^[A-Z]{4}\d/.test(word)) return null;
  const shape = await activeProduct(db)
    .where("search_code", "like", `${word.slice(0, 4)}%`)
    .executeTakeFirst();
  if (shape) return shape.catalogue_code;
  const basic = await activeProduct(db).where("iso_shape", "=", word[0]).where("kind", "like", "%insert").executeTakeFirst();
  return basic?.catalogue_code ?? null;
}

async function catalogueLinks(db: DB, texts: string[], catalogueCode: string | null, lang: Language): Promise<CatalogueLink[]> {
  const codes: string[] = [];
  if (catalogueCode) codes.push(catalogueCode);
  for (const word of codeCandidates(texts.join(" "))) {
    const code = await catalogueOfCode(db, word);
    if (code) codes.push(code);
  }
  const links: CatalogueLink[] = [];
  for (const code of [...new Set(codes)].slice(0, 8)) {
    const path = await getNodePath(db, code, lang);
    if (!path) continue;
    links.push({ code, label: path.map((n) => n.label).join(" / "), href: catalogueHref(path) });
  }
  return links;
}

/**
 * One level below a first-level industry solution: `industry` is the first-level item; `parentId`
 * (third level only) the second-level item the shown item hangs under; `itemId` the item shown.
 * Null when any of them is unknown, unpublished, another entity's, or not where the link says.
 */
export async function getSolutionLevel(
  db: DB,
  opts: { level: 2 | 3; industryId: number; parentId: number | null; lang: Language; tenantId?: number | null; catalogueCode?: string | null; now?: Date },
): Promise<SolutionLevel | null> {
  const base = { kind: "solution", lang: opts.lang, tenantId: opts.tenantId, now: opts.now };
  const industry = await getContent(db, { ...base, id: opts.industryId });
  if (!industry) return null;
  const top = await db.selectFrom("content").select("parent_id").where("id", "=", industry.id).executeTakeFirstOrThrow();
  if (top.parent_id !== null) return null;
  if (opts.level === 2) {
    // the second-level page is the first-level item with its children (second level) listed
    return {
      industry: { id: industry.id, title: industry.title },
      parent: null,
      item: industry,
      catalogue: await catalogueLinks(db, [industry.body], opts.catalogueCode ?? null, opts.lang),
    };
  }
  if (opts.parentId === null) return null;
  const second = await getContent(db, { ...base, id: opts.parentId });
  if (!second) return null;
  const row = await db.selectFrom("content").select("parent_id").where("id", "=", second.id).executeTakeFirstOrThrow();
  if (row.parent_id !== industry.id) return null;
  const texts = [second.body];
  for (const child of second.children) {
    const c = await getContent(db, { ...base, id: child.id });
    if (c) texts.push(c.body);
  }
  return {
    industry: { id: industry.id, title: industry.title },
    parent: { id: second.id, title: second.title },
    item: second,
    catalogue: await catalogueLinks(db, texts, opts.catalogueCode ?? null, opts.lang),
  };
}

/** The third-level items under a second-level one, with their texts (the third page shows them in full). */
export async function getSolutionChildren(db: DB, item: ContentItem, opts: { lang: Language; tenantId?: number | null; now?: Date }): Promise<ContentItem[]> {
  const out: ContentItem[] = [];
  for (const child of item.children) {
    const c = await getContent(db, { id: child.id, kind: "solution", lang: opts.lang, tenantId: opts.tenantId, now: opts.now });
    if (c) out.push(c);
  }
  return out;
}
