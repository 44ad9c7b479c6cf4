/**
 * The product stream: `opts.products` unique, deterministic products made one at a time from
 * (seed, index), so a million rows never sit in memory. Every family's combinations are walked
 * in a seeded pseudo-random order (a Feistel permutation), tier 0 first, and the families are
 * interleaved by their share so ids 1..n hold a realistic mix.
 */
import type { Insertable } from "kysely";
import type { ProductTable } from "../schema";
import type { Family, Kind, ProductSpec } from "./family";
import { hashSeed, permutation, Rng } from "./prng";
import { TURNING_FAMILIES } from "./turning-families";
import { MILLING_FAMILIES } from "./milling-families";
import { DRILL_FAMILIES, END_MILL_FAMILIES } from "./tool-families";
import { HOLDER_FAMILIES } from "./holder-families";

export const KIND_SHARES: Record<Kind, number> = {
  turning_insert: 0.55,
  milling_insert: 0.2,
  end_mill: 0.1,
  drill: 0.07,
  holder: 0.08,
};

export const FAMILIES: readonly Family[] = [...TURNING_FAMILIES, ...MILLING_FAMILIES, ...END_MILL_FAMILIES, ...DRILL_FAMILIES, ...HOLDER_FAMILIES];

/**
 * Products end-to-end tests rely on: always generated first (ids 1 and 2 in a fresh database),
 * active, with these fixed list prices (fen incl. VAT).
 */
export const ANCHORS = [
  { code: "CNMG120408-DM YBC252", listPrice: 3850 },
  { code: "PCLNR2525M12", listPrice: 46800 },
] as const;

export type GeneratedProduct = Omit<Insertable<ProductTable>, "id"> & {
  /** position in the stream; seeds the per-product random draws (stock, special prices) */
  index: number;
  list_price: number | null;
  status: string;
};

export function searchCode(orderingCode: string): string {
  return orderingCode.toUpperCase().replace(/[\s.-]/g, "");
}

export function capacity(f: Family): number {
  return f.size() * f.tiers.length;
}

/**
 * How many products each family makes: kind share × family weight, but never more than a family
 * can make; what a full family cannot take is spread over the others ("water filling").
 */
export function allocate(total: number, reserved: ReadonlyMap<Family, number> = new Map()): Map<Family, number> {
  const kindWeight = new Map<Kind, number>();
  for (const f of FAMILIES) kindWeight.set(f.kind, (kindWeight.get(f.kind) ?? 0) + f.weight);
  const weight = (f: Family) => (KIND_SHARES[f.kind] * f.weight) / (kindWeight.get(f.kind) ?? 1);
  const cap = (f: Family) => capacity(f) - (reserved.get(f) ?? 0);

  const counts = new Map<Family, number>();
  let active = FAMILIES.slice();
  let remaining = total;
  for (;;) {
    const sum = active.reduce((s, f) => s + weight(f), 0);
    const full = active.filter((f) => (remaining * weight(f)) / sum >= cap(f));
    if (full.length === 0) break;
    for (const f of full) {
      counts.set(f, cap(f));
      remaining -= cap(f);
    }
    active = active.filter((f) => !full.includes(f));
    if (active.length === 0) throw new Error(`the catalogue generator can make at most ${total - remaining} products`);
  }
  // Largest remainder, so the counts add up exactly and do not depend on float noise order.
  const sum = active.reduce((s, f) => s + weight(f), 0);
  const exact = active.map((f) => ({ f, v: (remaining * weight(f)) / sum }));
  for (const { f, v } of exact) counts.set(f, Math.floor(v));
  let left = remaining - exact.reduce((s, { v }) => s + Math.floor(v), 0);
  for (const { f } of exact.slice().sort((a, b) => b.v - Math.floor(b.v) - (a.v - Math.floor(a.v)))) {
    if (left-- <= 0) break;
    counts.set(f, (counts.get(f) ?? 0) + 1);
  }
  return counts;
}

/** The family and plain combination that make an anchor code. */
function findAnchor(code: string): { family: Family; spec: ProductSpec } {
  for (const family of FAMILIES) {
    for (let i = 0; i < family.size(); i++) {
      const spec = family.make(i, 0);
      if (spec.ordering_code === code) return { family, spec };
    }
  }
  throw new Error(`anchor product ${code} is not in any family`);
}

interface Cursor {
  family: Family;
  target: number;
  produced: number;
  next: number;
  pick: (k: number) => number;
}

const DAY = 86_400_000;

export function* generateProducts(count: number, seed: number, now: Date): Generator<GeneratedProduct> {
  const anchors = ANCHORS.slice(0, Math.min(count, ANCHORS.length)).map((a) => ({ ...a, ...findAnchor(a.code) }));
  const anchorCodes = new Set<string>(anchors.map((a) => a.code));
  const reserved = new Map<Family, number>();
  for (const a of anchors) reserved.set(a.family, (reserved.get(a.family) ?? 0) + 1);

  let index = 0;
  for (const a of anchors) {
    const row = finish(a.spec, index++, seed, now);
    yield { ...row, list_price: a.listPrice, status: "active", is_new: 0, is_hot: 0, moq: 10 };
  }

  const counts = allocate(count - anchors.length, reserved);
  const cursors: Cursor[] = FAMILIES.map((family, i) => ({
    family,
    target: counts.get(family) ?? 0,
    produced: 0,
    next: 0,
    pick: permutation(family.size(), hashSeed(seed, i + 1)),
  })).filter((c) => c.target > 0);

  while (index < count) {
    // The family furthest behind its share goes next: an even interleave of all families.
    let cur = cursors[0];
    let due = Infinity;
    for (const c of cursors) {
      const t = (c.produced + 0.5) / c.target;
      if (c.produced < c.target && t < due) [cur, due] = [c, t];
    }
    const spec = nextSpec(cur, anchorCodes);
    cur.produced++;
    yield finish(spec, index++, seed, now);
  }
}

function nextSpec(cur: Cursor, skip: ReadonlySet<string>): ProductSpec {
  const size = cur.family.size();
  for (;;) {
    const k = cur.next++;
    const tier = Math.floor(k / size);
    if (tier >= cur.family.tiers.length) throw new Error(`family ${cur.family.id} is exhausted`);
    const spec = cur.family.make(cur.pick(k % size), tier);
    if (!skip.has(spec.ordering_code)) return spec;
  }
}

/** Adds the per-product random parts: price noise, price on request, delisting, new/hot flags, dates. */
function finish(spec: ProductSpec, index: number, seed: number, now: Date): GeneratedProduct {
  const rng = Rng.of(seed, index, 1);
  const insert = spec.mpq > 1;
  const isNew = rng.chance(0.03) ? 1 : 0;
  // Prices in 10-fen steps, ±12 % around the family's typical price.
  const price = Math.round((spec.basePrice * (0.88 + rng.float() * 0.24)) / 10) * 10;
  const onRequest = rng.chance(0.005);
  const delisted = rng.chance(0.02);
  const isHot = rng.chance(0.03) ? 1 : 0;
  const moq = insert ? (rng.chance(0.15) ? 20 : 10) : 1;
  const ageDays = isNew ? rng.int(1, 30) : rng.int(60, 1500);
  const created = new Date(now.getTime() - ageDays * DAY - rng.int(0, DAY - 1)).toISOString();
  return {
    index,
    ordering_code: spec.ordering_code,
    search_code: searchCode(spec.ordering_code),
    catalogue_code: spec.catalogue_code,
    kind: spec.kind,
    name_zh: spec.name_zh,
    name_en: spec.name_en,
    specification: spec.specification,
    grade: spec.grade,
    iso_shape: spec.iso_shape,
    iso_size: spec.iso_size,
    nose_radius: spec.nose_radius,
    chip_breaker: spec.chip_breaker,
    material_groups: spec.material_groups,
    fit_key: spec.fit_key,
    attributes: JSON.stringify(spec.attributes),
    unit: "pc",
    mpq: spec.mpq,
    moq,
    list_price: onRequest ? null : price,
    status: delisted ? "delisted" : "active",
    is_new: isNew,
    is_hot: isHot,
    created_at: created,
    updated_at: created,
  };
}

/** Total number of distinct products the families can make (for docs and tests). */
export function maxProducts(): number {
  return FAMILIES.reduce((s, f) => s + capacity(f), 0);
}
