/**
 * JavaScript a page loads, gzip: the manifest, the entry, root, and every route module of the
 * page's branch with their imports (what Remix puts in modulepreload links), each file counted
 * once. `npm run build` first; `tsx scripts/js-budget.ts` prints one line per form page
 * (decision 041). Fails when a page is above the 200 KB budget.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

type Route = { id: string; parentId?: string; module: string; imports?: string[] };
type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, Route> };

const BUDGET_KB = 200;
const buildDir = path.resolve("public/build");
const manifestFile = fs.readdirSync(buildDir).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error("no public/build/manifest-*.js: run npm run build first");
const manifestText = fs.readFileSync(path.join(buildDir, manifestFile), "utf8");
const manifest = JSON.parse(manifestText.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;

const pages: Record<string, string> = {
  "/shop_login": "routes/shop_login",
  "/login": "routes/login",
  "/order/resetPwd/first": "routes/_shop+/order+/resetPwd+/first",
  "/order/fillOrder": "routes/_shop+/order+/fillOrder",
  "/order/order": "routes/_shop+/order+/order",
  "/order/myRecord": "routes/_shop+/order+/myRecord",
  "/order/subAccount": "routes/_shop+/order+/subAccount",
  "/order/addressManage": "routes/_shop+/order+/addressManage",
  "/product/productThird": "routes/_shop+/product+/productThird",
  "/homePage": "routes/_shop+/homePage",
};

const gzipSize = (url: string) =>
  zlib.gzipSync(fs.readFileSync(path.join("public", url)), { level: 9 }).length;

function pageKb(id: string): number {
  const files = new Set<string>([`/build/${manifestFile}`, manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let route: Route | undefined = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  if (!manifest.routes[id]) throw new Error(`no route ${id}`);
  return [...files].reduce((sum, f) => sum + gzipSize(f), 0) / 1024;
}

let over = 0;
for (const [page, id] of Object.entries(pages)) {
  const kb = pageKb(id);
  console.log(`${page.padEnd(24)} ${kb.toFixed(1).padStart(6)} KB gzip${kb > BUDGET_KB ? "  over budget" : ""}`);
}
// Every other route too: the largest, and any above the budget.
const all = Object.keys(manifest.routes).map((id) => ({ id, kb: pageKb(id) }));
for (const r of all.filter((r) => r.kb > BUDGET_KB)) {
  over++;
  console.log(`${r.id} ${r.kb.toFixed(1)} KB gzip  over budget`);
}
const largest = all.reduce((a, b) => (b.kb > a.kb ? b : a));
console.log(`largest of ${all.length} routes: ${largest.id} ${largest.kb.toFixed(1)} KB gzip`);
process.exitCode = over ? 1 : 0;
