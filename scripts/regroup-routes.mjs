#!/usr/bin/env node
/**
 * Issue 28 item 2: groups app/routes/system+/ into pathless folders that follow the back office's
 * sidebar (app/db/seed/roles-menus.ts, ADMIN_MENUS) and the sign-in routes into app/routes/_auth+/.
 * Every URL stays as it is: remix-flat-routes drops a segment that starts with "_" from the path,
 * and no `_layout.tsx` is created in a group folder, so each route keeps its parent layout
 * (check with `node scripts/compare-routes.mjs`).
 *
 *   node scripts/regroup-routes.mjs              move (git mv) and rewrite imports
 *   node scripts/regroup-routes.mjs --dry-run    print what it would do, change nothing
 *   node scripts/regroup-routes.mjs --helpers    only list the __* helpers that serve one route
 *
 * Deterministic and re-runnable: a file already in its group folder is left there; imports that
 * still name an old place (a branch merged after the move) are rewritten on every run. A file in
 * system+/ or at the top of app/routes that the table below does not name is left where it is,
 * listed, and the script exits with status 2: add it to the table and run again.
 * No dependencies beyond node:.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import console from "node:console";

/** Where each file goes, by folder (relative to app/routes). */
const GROUPS = {
  "system+": {
    // the sidebar's "订单处理 / Order desk": orders and deliveries
    "_desk+": [
      "__DeskOrderViews.tsx",
      "__orderDesk.server.ts",
      "deliveries._index.tsx",
      "deliveries.template.tsx",
      "orders.$orderNo.tsx",
      "orders._index.tsx",
      "orders.export.tsx",
    ],
    // "客户与价格 / Customers and prices": customers, their prices, the price and stock import
    "_customers+": [
      "customer.$id.tsx",
      "customer.$id_.prices.tsx",
      "customer._index.tsx",
      "priceImport._index.tsx",
      "priceImport.job.$id.tsx",
      "priceImport.template.tsx",
    ],
    // "商品目录 / Catalogue": catalogue nodes and products
    "_catalogue+": [
      "__NodeFields.tsx",
      "__ProductForm.tsx",
      "catalogueNode.$code.tsx",
      "catalogueNode._index.tsx",
      "catalogueNode.new.tsx",
      "product.$id.tsx",
      "product._index.tsx",
      "product.new.tsx",
    ],
    // "内容管理 / Content" (content, categories, rare-earth bidding) and "促销管理 / Promotions"
    // (promotions, new products): one decision (046), one namespace (adminContent), same roles
    "_content+": [
      "__ContentFileField.tsx",
      "__bidding.server.ts",
      "__contentEdit.server.ts",
      "__promotionEdit.server.ts",
      "content.$id.tsx",
      "content._index.tsx",
      "contentCategory.tsx",
      "content_.preview.$id.tsx",
      "gdre.$id.tsx",
      "gdre._index.tsx",
      "newProduct.tsx",
      "promotion.$id.tsx",
      "promotion._index.tsx",
    ],
    // "客户服务 / Customer service", "非标报价 / Tool quotations", "售后反馈 / After-sales feedback"
    "_services+": [
      "__SurveyForm.tsx",
      "__ToolTypeForms.tsx",
      "__feedback.server.ts",
      "__quotationAdmin.server.ts",
      "__quotationToolType.server.ts",
      "__supportAdmin.server.ts",
      "__survey.server.ts",
      "feedback.$id.tsx",
      "feedback._index.tsx",
      "feedbackPhoto.$id.tsx",
      "quotation.$id.tsx",
      "quotation._index.tsx",
      "quotationFile.$id.tsx",
      "quotationToolType.$id.tsx",
      "quotationToolType.$id_.attribute.$attrId.tsx",
      "quotationToolType.$id_.attribute.new.tsx",
      "quotationToolType._index.tsx",
      "support.$id.tsx",
      "support._index.tsx",
      "support.items.tsx",
      "support.reservations.$id.tsx",
      "support.reservations._index.tsx",
      "survey.$id.tsx",
      "survey.$id_.edit.tsx",
      "survey._index.tsx",
      "survey.new.tsx",
    ],
    // "系统管理 / System": users, roles, menus, parameters, company entities, audit and error logs
    "_system+": [
      "__audit.server.ts",
      "__dataArea.ts",
      "__dataAreaDetails.server.ts",
      "__dataAreaEdit.server.ts",
      "__dataAreaList.server.ts",
      "__menuEdit.server.ts",
      "__parameterEdit.server.ts",
      "__parameterList.server.ts",
      "__roleEdit.server.ts",
      "__userDetails.server.ts",
      "__userList.server.ts",
      "__userNew.server.ts",
      "audit.tsx",
      "dataArea.$id.tsx",
      "dataArea.$id_.edit.tsx",
      "dataArea._index.tsx",
      "dataArea.job.$id.tsx",
      "errorLog.tsx",
      "menu.tsx",
      "menu_.$id.tsx",
      "parameter.tsx",
      "parameter_.$code.tsx",
      "role.tsx",
      "role_.$id.tsx",
      "user.$id.tsx",
      "user._index.tsx",
      "user.new.tsx",
    ],
  },
  "": {
    // sign-in, sign-out, the company switch and the portal's hand-over
    "_auth+": [
      "__login.server.ts",
      "__relay.server.ts",
      "auth-redirect.tsx",
      "login.tsx",
      "loginRelay.tsx",
      "logout.tsx",
      "shop_login.tsx",
      "switchTenant.tsx",
    ],
  },
};

/** Files (and folders) that stay where they are. */
const STAY = {
  "system+": [
    // the back office's frame: its layout, the dashboard (/system), the layout controls' post
    // target and the staff member's own page belong to no sidebar group
    "_layout.tsx",
    "_index.tsx",
    "layout.tsx",
    "__layoutForms.server.ts",
    "profile.tsx",
    // shared by two groups (catalogue and customers): they stay beside both
    "__catalogAdmin.server.ts",
    "__catalogFormat.ts",
  ],
  "": [
    "_shop+",
    "system+",
    "_index.tsx",
    "default.tsx",
    "language.tsx",
    "locales.$lang.$file.ts",
    "redirect.$.tsx",
    "userModuleField.tsx",
    "__userModuleField.server.ts",
  ],
};

const args = new Set(process.argv.slice(2));
const dryRun = args.has("--dry-run");
const helpersOnly = args.has("--helpers");
for (const a of args) {
  if (!["--dry-run", "--helpers"].includes(a)) {
    console.error(`unknown option ${a}\nusage: node scripts/regroup-routes.mjs [--dry-run] [--helpers]`);
    process.exit(64);
  }
}

const root = process.cwd();
const appDir = path.join(root, "app");
const routesDir = path.join(appDir, "routes");
if (!fs.existsSync(path.join(root, "remix.config.js")) || !fs.existsSync(routesDir)) {
  console.error("run from the repository's root (remix.config.js and app/routes/ expected)");
  process.exit(64);
}

const rel = (p) => path.relative(root, p).split(path.sep).join("/");
const CODE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const EXTS = [".ts", ".tsx", ".js", ".jsx", ".mjs"];

/** The moves: absolute old path → absolute new path. */
const moves = new Map();
for (const [from, groups] of Object.entries(GROUPS)) {
  for (const [group, files] of Object.entries(groups)) {
    for (const file of files) moves.set(path.join(routesDir, from, file), path.join(routesDir, from, group, file));
  }
}

/** Files a folder holds that the tables do not name (new files: left where they are). */
function unknownFiles() {
  const unknown = [];
  for (const [from, groups] of Object.entries(GROUPS)) {
    const known = new Set([...(STAY[from] ?? []), ...Object.keys(groups), ...Object.values(groups).flat()]);
    for (const entry of fs.readdirSync(path.join(routesDir, from))) {
      if (!known.has(entry) && !entry.startsWith(".")) unknown.push(rel(path.join(routesDir, from, entry)));
    }
    // a group folder may hold files others added after the move: they are fine where they are
  }
  return unknown.sort();
}

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (CODE.test(entry.name)) out.push(p);
  }
  return out;
}

const isFile = (p) => fs.existsSync(p) && fs.statSync(p).isFile();

/** The file a module specifier names (base, base + extension, base/index), or null. */
function resolveFile(base) {
  for (const candidate of [base, ...EXTS.map((e) => base + e), ...EXTS.map((e) => path.join(base, "index" + e))]) {
    if (isFile(candidate)) return candidate;
  }
  return null;
}

/** Base path of a specifier seen from a directory: relative, "~/" (app/) or null (a package). */
function specBase(dir, spec) {
  if (spec.startsWith("~/")) return path.join(appDir, spec.slice(2));
  if (spec === "." || spec === ".." || spec.startsWith("./") || spec.startsWith("../")) return path.resolve(dir, spec);
  return null;
}

/** The specifier for `target` as written from `dir`, in the style of the old one (alias, extension). */
function specFor(dir, target, oldSpec, oldResolvedBase) {
  // keep whatever the old specifier left out of the file name (usually the extension)
  const suffix = oldResolvedBase !== null ? path.basename(oldResolvedBase) : path.basename(target);
  const targetBase = path.basename(target).startsWith(suffix) ? path.join(path.dirname(target), suffix) : target;
  if (oldSpec.startsWith("~/")) return "~/" + path.relative(appDir, targetBase).split(path.sep).join("/");
  let r = path.relative(dir, targetBase).split(path.sep).join("/");
  if (!r.startsWith(".")) r = "./" + r;
  return r;
}

/** Module specifiers: import/export … from, import(), side-effect imports, vi.mock and friends, require. */
const SPEC = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\b(?:vi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)|require)\s*\(\s*)(["'])([^"'\n]+)\2/g;

/** Where a file stood before the move (for a relative import written against the old folder). */
const oldPlaceOf = new Map([...moves].map(([from, to]) => [to, from]));

/**
 * Rewrites one file's text: a specifier that does not resolve from the file's place but does from
 * its old place (or names a moved file's old place) points at the file's new place; route ids
 * ("routes/system+/x") and route file paths follow their file. Returns [text, changes].
 */
function rewrite(file, text) {
  const changes = [];
  const dir = path.dirname(file);
  const oldDir = path.dirname(oldPlaceOf.get(file) ?? file);
  let out = text.replace(SPEC, (whole, lead, quote, spec) => {
    const base = specBase(dir, spec);
    if (base === null || resolveFile(base)) return whole;
    const oldBase = specBase(oldDir, spec);
    let target = null;
    const before = resolveFile(oldBase);
    if (before) target = before;
    else {
      for (const candidate of [oldBase, ...EXTS.map((e) => oldBase + e)]) {
        const moved = moves.get(candidate);
        if (moved && isFile(moved)) target = moved;
      }
    }
    if (!target) return whole; // not ours (an asset, a package path): leave it
    const next = specFor(dir, target, spec, oldBase);
    if (next === spec) return whole;
    changes.push(`${spec} → ${next}`);
    return `${lead}${quote}${next}${quote}`;
  });
  // route ids and route file paths in strings: "routes/system+/user._index", "app/routes/login.tsx"
  for (const [from, to] of moves) {
    if (!isFile(to)) continue;
    const oldRel = path.relative(routesDir, from).split(path.sep).join("/");
    const newRel = path.relative(routesDir, to).split(path.sep).join("/");
    const oldNoExt = oldRel.replace(/\.(tsx?|jsx?)$/, "");
    const newNoExt = newRel.replace(/\.(tsx?|jsx?)$/, "");
    const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const pattern = new RegExp(`(["'\`/])routes/${esc(oldNoExt)}(\\.(?:tsx?|jsx?))?(?=["'\`])`, "g");
    out = out.replace(pattern, (whole, lead, ext = "") => {
      changes.push(`routes/${oldNoExt}${ext} → routes/${newNoExt}${ext}`);
      return `${lead}routes/${newNoExt}${ext}`;
    });
  }
  return [out, changes];
}

/** The files whose imports are checked: app/, tests/ and scripts/ (not this script). */
function scanned() {
  const self = path.resolve(process.argv[1]);
  return [...walk(appDir), ...walk(path.join(root, "tests")), ...walk(path.join(root, "scripts"))].filter((f) => f !== self);
}

/** The __* helpers in app/routes and who imports them (from app/, tests/, scripts/). */
function helperReport() {
  const importers = new Map();
  for (const file of scanned()) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(SPEC)) {
      const base = specBase(path.dirname(file), m[3]);
      const target = base && resolveFile(base);
      if (!target || !target.startsWith(routesDir + path.sep) || !path.basename(target).startsWith("__")) continue;
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target).add(file);
    }
  }
  const isTest = (f) => /\.test\.[jt]sx?$/.test(f) || f.startsWith(path.join(root, "tests") + path.sep);
  const isHelper = (f) => path.basename(f).startsWith("__");
  /** Route modules that use a helper, directly or through other helpers. */
  const routesUsing = (helper, seen = new Set()) => {
    const found = new Set();
    if (seen.has(helper)) return found;
    seen.add(helper);
    for (const f of importers.get(helper) ?? []) {
      if (isTest(f)) continue;
      if (isHelper(f)) for (const r of routesUsing(f, seen)) found.add(r);
      else found.add(f);
    }
    return found;
  };
  const helpers = walk(routesDir)
    .filter((f) => path.basename(f).startsWith("__"))
    .sort();
  const single = [];
  const unused = [];
  for (const helper of helpers) {
    const routes = [...routesUsing(helper)];
    const direct = [...(importers.get(helper) ?? [])].filter((f) => !isTest(f));
    const lines = fs.readFileSync(helper, "utf8").split("\n").length;
    if (routes.length === 0) unused.push(`${rel(helper)} (${lines} lines)`);
    else if (routes.length === 1) {
      const via = direct.some(isHelper)
        ? ` (also through ${direct
            .filter(isHelper)
            .map((f) => path.basename(f))
            .join(", ")})`
        : "";
      single.push(`${rel(helper)} (${lines} lines) → ${rel(routes[0])}${via}`);
    }
  }
  console.log(`__* helpers in app/routes: ${helpers.length}; serving exactly one route: ${single.length}`);
  for (const line of single) console.log(`  ${line}`);
  if (unused.length) {
    console.log("__* helpers no route imports:");
    for (const line of unused) console.log(`  ${line}`);
  }
}

if (helpersOnly) {
  helperReport();
  process.exit(0);
}

// 1. the moves
const problems = [];
let moved = 0;
let already = 0;
const missing = [];
for (const [from, to] of moves) {
  const hasFrom = fs.existsSync(from);
  const hasTo = fs.existsSync(to);
  if (hasFrom && hasTo) problems.push(`both ${rel(from)} and ${rel(to)} exist: merge them by hand`);
  else if (!hasFrom && hasTo) already++;
  else if (!hasFrom && !hasTo) missing.push(rel(from));
  else {
    if (dryRun) console.log(`git mv ${rel(from)} ${rel(to)}`);
    else {
      fs.mkdirSync(path.dirname(to), { recursive: true });
      try {
        execFileSync("git", ["mv", "--", rel(from), rel(to)], { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
      } catch {
        // not tracked by git (yet): a plain rename
        console.warn(`${rel(from)} is not tracked by git: renamed without git mv`);
        fs.renameSync(from, to);
      }
    }
    moved++;
  }
}
if (problems.length) {
  for (const p of problems) console.error(`ERROR: ${p}`);
  process.exit(1);
}

// 2. imports, route ids and route paths (in a dry run the moves have not happened: nothing resolves)
let rewritten = 0;
if (!dryRun) {
  for (const file of scanned()) {
    const text = fs.readFileSync(file, "utf8");
    const [next, changes] = rewrite(file, text);
    if (next !== text) {
      fs.writeFileSync(file, next);
      rewritten++;
      console.log(`${rel(file)}: ${changes.join("; ")}`);
    }
  }
}

// 3. imports still unresolved in the moved files and their neighbours (a typo in the table, a missing file)
const unresolved = [];
if (!dryRun) {
  for (const file of scanned()) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(SPEC)) {
      const base = specBase(path.dirname(file), m[3]);
      if (base && base.startsWith(routesDir) && !resolveFile(base) && !/\.(css|svg|png)(\?|$)/.test(m[3])) unresolved.push(`${rel(file)}: ${m[3]}`);
    }
  }
}

console.log(`${dryRun ? "would move" : "moved"} ${moved} file(s); ${already} already in place; ${rewritten} file(s) rewritten`);
if (missing.length) console.log(`not found (deleted or inlined since the table was written; fine):\n  ${missing.join("\n  ")}`);
for (const u of unresolved) console.error(`UNRESOLVED import into app/routes: ${u}`);
const unknown = unknownFiles();
if (unknown.length) {
  console.error(
    `\nFiles the table does not name, left where they are (add each to GROUPS or STAY in scripts/regroup-routes.mjs and run again):\n  ${unknown.join("\n  ")}`,
  );
  process.exit(2);
}
if (unresolved.length) process.exit(1);
