/**
 * A product family is a finite list of realistic combinations (designation × chip-breaker ×
 * grade ...) plus an ordered list of "tiers": suffix variants that multiply the list for big
 * catalogues. Tier 0 is always the plain code, so small demo catalogues never show variants.
 */

export type Kind = "turning_insert" | "milling_insert" | "end_mill" | "drill" | "holder";

/** What a family decides about one product; the generator adds price noise, flags and stock. */
export interface ProductSpec {
  ordering_code: string;
  catalogue_code: string;
  kind: Kind;
  name_zh: string;
  name_en: string;
  specification: string;
  grade: string | null;
  iso_shape: string | null;
  iso_size: string | null;
  nose_radius: string | null;
  chip_breaker: string | null;
  material_groups: string;
  fit_key: string | null;
  attributes: Record<string, string | number | boolean>;
  mpq: number;
  /** typical list price in fen incl. VAT before the per-product jitter */
  basePrice: number;
}

export interface Family {
  id: string;
  kind: Kind;
  /** share inside its kind */
  weight: number;
  /** number of plain combinations */
  size(): number;
  tiers: readonly string[];
  make(combo: number, tier: number): ProductSpec;
}

/** Builds a family whose combinations are computed once, on first use. */
export function family<C>(def: {
  id: string;
  kind: Kind;
  weight: number;
  combos: () => C[];
  tiers: readonly string[];
  build: (combo: C, tier: string) => ProductSpec;
}): Family {
  let cache: C[] | null = null;
  const list = () => (cache ??= def.combos());
  return {
    id: def.id,
    kind: def.kind,
    weight: def.weight,
    tiers: def.tiers,
    size: () => list().length,
    make: (combo, tier) => def.build(list()[combo], def.tiers[tier]),
  };
}

/** All combinations of the given option lists, as tuples, first list varying slowest. */
export function cartesian<T extends unknown[]>(...lists: { [K in keyof T]: readonly T[K][] }): T[] {
  let out: unknown[][] = [[]];
  for (const list of lists) out = out.flatMap((prefix) => list.map((v) => [...prefix, v]));
  return out as T[];
}

/** Tier suffixes as the product of option lists, "" first: ["", "-H45"] × ["", "-IC"] → "", "-IC", "-H45", "-H45-IC". */
export function tierList(...options: readonly (readonly string[])[]): string[] {
  return cartesian<string[]>(...(options as string[][])).map((parts) => parts.join(""));
}

export const fmt = (v: number, digits: number) => v.toFixed(digits);
export const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
