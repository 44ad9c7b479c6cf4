/**
 * Compares one `npm run bench` result with the committed baseline (bench/baseline.json,
 * docs/decisions/058-bench-baseline.md). Pure: plain values in, a comparison out; scripts/bench.ts
 * reads the files, prints the table and sets the exit code.
 *
 * Gates (issue 27 point 4):
 * - a "share of static" figure (a page's requests/s as a % of a static file's requests/s in the
 *   same run) or an orders-per-second figure more than 25 % below the baseline at the same
 *   catalogue size fails;
 * - a page's cost, its median single-request latency (http.<page>.sequential.median_ms), in a run
 *   at more products than the reference size (100,000) above 1.5 × the baseline's cost at the
 *   reference size fails: a page must not grow with the catalogue;
 * - a gated figure missing from a run whose section ran fails (a renamed or broken figure must not
 *   pass silently). Other figures are printed with their ratio for information only.
 */

/** One bench result as scripts/bench.ts writes it (only the fields read here are typed). */
export interface BenchResult {
  products: number;
  [section: string]: unknown;
}

/** bench/baseline.json: results by catalogue size (the key is the product count). */
export interface BenchBaseline {
  decision: string;
  by_products: Record<string, BenchResult>;
}

/**
 * ok / FAIL: a gated figure passed or failed its rule; missing: a gated figure is not in the run
 * (fails); not measured: an ungated one is not; no baseline: the baseline lacks the figure;
 * not run: the run skipped the section (--only); info: an ungated figure, printed for its ratio.
 */
export type Verdict = "ok" | "FAIL" | "missing" | "not measured" | "no baseline" | "not run" | "info";

export interface ComparisonRow {
  figure: string;
  /** what the row checks, e.g. "≥ 75 % of baseline" */
  rule: string;
  baseline: number | null;
  now: number | null;
  /** now / baseline */
  ratio: number | null;
  verdict: Verdict;
}

export interface Comparison {
  products: number;
  /** the baseline size the same-size rows compare with, or null when the baseline has none */
  baselineProducts: number | null;
  rows: ComparisonRow[];
  /** true when a row failed or a gated figure is missing from the run */
  failed: boolean;
  /** false when not a single row could be compared (no baseline at this size, no cross-size rule) */
  compared: boolean;
  notes: string[];
}

type Path = readonly string[];
interface Figure {
  path: Path;
  gate: "floor" | "info";
}

/** Figures that must not fall more than FLOOR_DROP below the baseline. */
export const FLOOR_DROP = 0.25;
/** A page's cost in a bigger catalogue may be at most this multiple of its cost at REFERENCE_PRODUCTS. */
export const GROWTH_LIMIT = 1.5;
export const REFERENCE_PRODUCTS = 100_000;
/** The pages whose cost must not grow with the catalogue (keys of the bench's http section). */
export const PAGES = ["product_third", "search_page"] as const;
const COST: Path = ["sequential", "median_ms"];

const FIGURES: Figure[] = [
  ...PAGES.map((page): Figure => ({ path: ["http", page, "share_of_static_pct"], gate: "floor" })),
  { path: ["orders", "submissions", "orders_per_s"], gate: "floor" },
  { path: ["orders", "journey_add_and_submit", "orders_per_s"], gate: "floor" },
  ...PAGES.flatMap((page): Figure[] => [
    { path: ["http", page, "page", "rps"], gate: "info" },
    { path: ["http", page, "page", "p99_ms"], gate: "info" },
    { path: ["http", page, ...COST], gate: "info" },
    { path: ["http", page, "static_file", "rps"], gate: "info" },
  ]),
  { path: ["search", "indexed", "p95_ms"], gate: "info" },
  { path: ["orders", "submissions", "p99_ms"], gate: "info" },
  { path: ["orders", "flash_sale", "ms"], gate: "info" },
  { path: ["desk", "list", "ordering code", "p95_ms"], gate: "info" },
  { path: ["desk", "list", "all, page 1", "p95_ms"], gate: "info" },
  { path: ["import", "import_total_s"], gate: "info" },
];

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

function lookUp(value: unknown, path: Path): unknown {
  let v = value;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

const numberAt = (value: unknown, path: Path): number | null => {
  const v = lookUp(value, path);
  return typeof v === "number" && Number.isFinite(v) ? v : null;
};

export function compareBench(baseline: BenchBaseline, run: BenchResult): Comparison {
  const notes: string[] = [];
  const rows: ComparisonRow[] = [];
  const same = baseline.by_products[String(run.products)] ?? null;
  if (!same) notes.push(`the baseline holds no run at ${run.products} products: the ≥ 75 % rules are not checked`);
  const sectionRan = (path: Path) => run[path[0]] !== undefined;

  for (const { path, gate } of FIGURES) {
    const figure = path.join(".");
    const rule = gate === "floor" ? `≥ ${100 - FLOOR_DROP * 100} % of baseline` : "—";
    const before = same ? numberAt(same, path) : null;
    const now = numberAt(run, path);
    const ratio = before !== null && now !== null && before !== 0 ? round(now / before) : null;
    let verdict: Verdict;
    if (!sectionRan(path)) verdict = "not run";
    else if (now === null) verdict = gate === "floor" ? "missing" : "not measured";
    else if (before === null) verdict = "no baseline";
    else if (gate === "info") verdict = "info";
    else verdict = now < before * (1 - FLOOR_DROP) ? "FAIL" : "ok";
    rows.push({ figure, rule, baseline: before, now, ratio, verdict });
  }

  const reference = baseline.by_products[String(REFERENCE_PRODUCTS)] ?? null;
  const crossSize = run.products > REFERENCE_PRODUCTS;
  if (crossSize && !reference) notes.push(`the baseline holds no run at ${REFERENCE_PRODUCTS} products: the ${GROWTH_LIMIT}× cost rule is not checked`);
  if (crossSize && reference) {
    for (const page of PAGES) {
      const path: Path = ["http", page, ...COST];
      const before = numberAt(reference, path);
      const now = numberAt(run, path);
      const ratio = before !== null && now !== null && before !== 0 ? round(now / before) : null;
      let verdict: Verdict;
      if (!sectionRan(path)) verdict = "not run";
      else if (now === null) verdict = "missing";
      else if (before === null) verdict = "no baseline";
      else verdict = now > before * GROWTH_LIMIT ? "FAIL" : "ok";
      rows.push({
        figure: `${path.join(".")} vs ${REFERENCE_PRODUCTS}`,
        rule: `≤ ${GROWTH_LIMIT}× at ${REFERENCE_PRODUCTS}`,
        baseline: before,
        now,
        ratio,
        verdict,
      });
    }
  }

  return {
    products: run.products,
    baselineProducts: same ? run.products : null,
    rows,
    failed: rows.some((r) => r.verdict === "FAIL" || r.verdict === "missing"),
    compared: rows.some((r) => r.verdict === "ok" || r.verdict === "FAIL"),
    notes,
  };
}

/** The comparison as a plain-text table with a closing verdict line. */
export function formatComparison(c: Comparison): string {
  const cell = (n: number | null) => (n === null ? "–" : String(n));
  const header = ["figure", "rule", "baseline", "now", "ratio", "verdict"];
  const body = c.rows.map((r) => [r.figure, r.rule, cell(r.baseline), cell(r.now), cell(r.ratio), r.verdict]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((s, i) => (i >= 2 && i <= 4 ? s.padStart(widths[i]) : s.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  const failures = c.rows.filter((r) => r.verdict === "FAIL" || r.verdict === "missing");
  const verdict = failures.length
    ? `FAILED: ${failures.map((r) => `${r.figure} (${r.verdict === "missing" ? "missing from the run" : `${r.ratio}×, rule ${r.rule}`})`).join(", ")}`
    : c.compared
      ? "passed"
      : "nothing compared";
  return [
    `bench at ${c.products} products compared with ${c.baselineProducts === null ? "no same-size baseline" : `the baseline at ${c.baselineProducts}`}`,
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...body.map(line),
    ...c.notes.map((n) => `note: ${n}`),
    verdict,
  ].join("\n");
}

/** Exit code of `--compare`: 0 passed, 1 a figure failed or is missing, 2 nothing could be compared. */
export const exitCodeOf = (c: Comparison) => (c.failed ? 1 : c.compared ? 0 : 2);
