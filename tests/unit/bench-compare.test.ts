import { describe, expect, it } from "vitest";
import { compareBench, exitCodeOf, formatComparison, type BenchBaseline, type BenchResult } from "../../scripts/bench-compare";

interface Figures {
  listShare: number;
  searchShare: number;
  ordersPerS: number;
  journeyPerS: number;
  listCostMs: number;
  searchCostMs: number;
}

const FIGURES_100K: Figures = { listShare: 10, searchShare: 8, ordersPerS: 600, journeyPerS: 280, listCostMs: 144, searchCostMs: 120 };

/** A bench result shaped as scripts/bench.ts writes it, with the figures the comparison reads. */
function result(products: number, f: Figures): BenchResult {
  const page = (share: number, cost: number) => ({
    page: { rps: share * 15, p50_ms: 100, p99_ms: 250 },
    sequential: { requests: 25, median_ms: cost, p90_ms: cost * 1.2 },
    static_file: { rps: 1500 },
    share_of_static_pct: share,
  });
  return {
    products,
    search: { indexed: { p95_ms: 2.2 } },
    http: { product_third: page(f.listShare, f.listCostMs), search_page: page(f.searchShare, f.searchCostMs) },
    orders: { submissions: { orders_per_s: f.ordersPerS, p99_ms: 200 }, journey_add_and_submit: { orders_per_s: f.journeyPerS }, flash_sale: { ms: 3000 } },
  };
}

const baseline = (...runs: BenchResult[]): BenchBaseline => ({
  decision: "docs/decisions/058-bench-baseline.md",
  by_products: Object.fromEntries(runs.map((r) => [String(r.products), r])),
});

const row = (c: ReturnType<typeof compareBench>, figure: string) => c.rows.find((r) => r.figure === figure);

describe("bench comparison with the baseline", () => {
  it("passes a run equal to the baseline, with every gated figure ok and ratio 1", () => {
    const c = compareBench(baseline(result(100_000, FIGURES_100K)), result(100_000, FIGURES_100K));
    expect(c.failed).toBe(false);
    expect(exitCodeOf(c)).toBe(0);
    const gated = c.rows.filter((r) => r.rule.startsWith("≥"));
    expect(gated.map((r) => r.figure)).toEqual([
      "http.product_third.share_of_static_pct",
      "http.search_page.share_of_static_pct",
      "orders.submissions.orders_per_s",
      "orders.journey_add_and_submit.orders_per_s",
    ]);
    expect(gated.every((r) => r.verdict === "ok" && r.ratio === 1)).toBe(true);
    expect(formatComparison(c)).toMatch(/passed$/);
  });

  it("fails a list page whose share of static fell 30 %, naming the figure", () => {
    const c = compareBench(baseline(result(100_000, FIGURES_100K)), result(100_000, { ...FIGURES_100K, listShare: 7 }));
    expect(row(c, "http.product_third.share_of_static_pct")).toMatchObject({ baseline: 10, now: 7, ratio: 0.7, verdict: "FAIL" });
    expect(row(c, "http.search_page.share_of_static_pct")?.verdict).toBe("ok");
    expect(exitCodeOf(c)).toBe(1);
    expect(formatComparison(c)).toContain("FAILED: http.product_third.share_of_static_pct (0.7×, rule ≥ 75 % of baseline)");
  });

  it("fails orders per second 30 % down, passes 20 % down (noise) and exactly 25 % down", () => {
    const base = baseline(result(100_000, FIGURES_100K));
    expect(row(compareBench(base, result(100_000, { ...FIGURES_100K, ordersPerS: 420 })), "orders.submissions.orders_per_s")?.verdict).toBe("FAIL");
    const twenty = compareBench(base, result(100_000, { ...FIGURES_100K, ordersPerS: 480, journeyPerS: 224, searchShare: 6.4 }));
    expect(twenty.failed).toBe(false);
    expect(row(twenty, "orders.submissions.orders_per_s")).toMatchObject({ ratio: 0.8, verdict: "ok" });
    expect(compareBench(base, result(100_000, { ...FIGURES_100K, ordersPerS: 450 })).failed).toBe(false);
  });

  it("does not gate latencies, which are printed with their ratio for information", () => {
    const slow = result(100_000, FIGURES_100K);
    (slow.search as { indexed: { p95_ms: number } }).indexed.p95_ms = 20;
    const c = compareBench(baseline(result(100_000, FIGURES_100K)), slow);
    expect(row(c, "search.indexed.p95_ms")).toMatchObject({ baseline: 2.2, now: 20, ratio: 9.09, verdict: "info" });
    expect(c.failed).toBe(false);
  });

  it("fails a page that costs more than 1.5 × its cost at 100,000 in a run at 1,000,000", () => {
    const base = baseline(result(100_000, FIGURES_100K));
    const grown = compareBench(base, result(1_000_000, { ...FIGURES_100K, listCostMs: 340, searchCostMs: 170 }));
    expect(row(grown, "http.product_third.sequential.median_ms vs 100000")).toMatchObject({
      baseline: 144,
      now: 340,
      ratio: 2.36,
      verdict: "FAIL",
      rule: "≤ 1.5× at 100000",
    });
    expect(row(grown, "http.search_page.sequential.median_ms vs 100000")).toMatchObject({ ratio: 1.42, verdict: "ok" });
    expect(exitCodeOf(grown)).toBe(1);
    // no baseline at 1,000,000 yet: the same-size rules are reported as such, not failed
    expect(row(grown, "orders.submissions.orders_per_s")?.verdict).toBe("no baseline");
    expect(grown.notes.join("\n")).toContain("no run at 1000000 products");
  });

  it("passes a page at 1,000,000 within 1.5 × and also applies the same-size rules when the baseline has that size", () => {
    const at1m = result(1_000_000, { ...FIGURES_100K, listShare: 9, listCostMs: 200, searchCostMs: 180 });
    const c = compareBench(
      baseline(result(100_000, FIGURES_100K), at1m),
      result(1_000_000, { ...FIGURES_100K, listShare: 6, listCostMs: 210, searchCostMs: 175 }),
    );
    expect(row(c, "http.product_third.sequential.median_ms vs 100000")).toMatchObject({ ratio: 1.46, verdict: "ok" });
    expect(row(c, "http.product_third.share_of_static_pct")).toMatchObject({ baseline: 9, now: 6, verdict: "FAIL" });
  });

  it("does not apply the cross-size rule to a run at 100,000", () => {
    const c = compareBench(baseline(result(100_000, FIGURES_100K)), result(100_000, { ...FIGURES_100K, listCostMs: 1000 }));
    expect(c.rows.some((r) => r.figure.endsWith("vs 100000"))).toBe(false);
    expect(c.failed).toBe(false);
  });

  it("reports a gated figure missing from the run as missing and fails, a section not run as not run", () => {
    const run = result(100_000, FIGURES_100K);
    delete (run.orders as Record<string, unknown>).submissions;
    delete run.http;
    const c = compareBench(baseline(result(100_000, FIGURES_100K)), run);
    expect(row(c, "orders.submissions.orders_per_s")).toMatchObject({ baseline: 600, now: null, ratio: null, verdict: "missing" });
    expect(row(c, "http.product_third.share_of_static_pct")?.verdict).toBe("not run");
    expect(exitCodeOf(c)).toBe(1);
    expect(formatComparison(c)).toContain("orders.submissions.orders_per_s (missing from the run)");
  });

  it("reports a figure the baseline lacks as no baseline, and a baseline without the run's size as nothing compared", () => {
    const old = result(100_000, FIGURES_100K);
    delete (old.http as Record<string, { sequential?: unknown }>).product_third.sequential;
    const c = compareBench(baseline(old), result(1_000_000, FIGURES_100K));
    expect(row(c, "http.product_third.sequential.median_ms vs 100000")?.verdict).toBe("no baseline");
    expect(row(c, "http.search_page.sequential.median_ms vs 100000")?.verdict).toBe("ok");

    const none = compareBench(baseline(), result(20_000, FIGURES_100K));
    expect(none.compared).toBe(false);
    expect(exitCodeOf(none)).toBe(2);
    expect(formatComparison(none)).toMatch(/no same-size baseline[\s\S]*note: the baseline holds no run at 20000 products[\s\S]*nothing compared$/);
  });
});
