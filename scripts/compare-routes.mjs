#!/usr/bin/env node
/**
 * The route table before and after moving route files (issue 28 item 2): the URLs, their layouts
 * and index flags must stay; route ids (the file names) may change.
 *
 *   node scripts/compare-routes.mjs save <file.json>      write `remix routes --json` to the file
 *   node scripts/compare-routes.mjs compare <file.json>   compare today's table with the saved one
 *
 * Each route is known by its full URL path (an index route as "index <path>", a pathless layout as
 * "layout <id> <path>", so a layout made or lost by a move shows); for each the parent (by the same
 * key) and the index flag are compared. Prints the differences and exits 1 when there are any,
 * and lists the ids that changed (expected after a move). No dependencies beyond node:.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import console from "node:console";

const [command, file] = process.argv.slice(2);
if (!["save", "compare"].includes(command) || !file) {
  console.error("usage: node scripts/compare-routes.mjs save|compare <file.json>");
  process.exit(64);
}

/** `remix routes --json` of the tree in the working directory. */
function currentRoutes() {
  const remix = path.join(process.cwd(), "node_modules", ".bin", "remix");
  const out = execFileSync(remix, ["routes", "--json"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  // anything printed before the JSON (a deprecation notice) is not part of it
  return JSON.parse(out.slice(out.indexOf("[")));
}

const join = (base, p) => {
  if (p === undefined || p === "") return base;
  return (base === "/" ? "" : base) + "/" + p.replace(/^\/+/, "");
};

/** key → { id, parent, index, file } for every route of the tree. */
function flatten(tree) {
  const table = new Map();
  const visit = (route, parentKey, parentPath) => {
    const full = route.id === "root" ? "/" : join(parentPath, route.path);
    let key;
    if (route.id === "root") key = "root";
    else if (route.index) key = `index ${full}`;
    else if (route.path === undefined || route.path === "") key = `layout ${route.id} ${full}`;
    else key = full;
    if (table.has(key)) {
      let n = 2;
      while (table.has(`${key} #${n}`)) n++;
      key = `${key} #${n}`;
    }
    table.set(key, { id: route.id, parent: parentKey, index: Boolean(route.index), caseSensitive: Boolean(route.caseSensitive), file: route.file });
    for (const child of route.children ?? []) visit(child, key, full);
  };
  for (const route of tree) visit(route, null, "/");
  return table;
}

if (command === "save") {
  const routes = currentRoutes();
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(routes, null, 2) + "\n");
  console.log(`saved ${flatten(routes).size} routes to ${file}`);
  process.exit(0);
}

const before = flatten(JSON.parse(fs.readFileSync(file, "utf8")));
const after = flatten(currentRoutes());
const differences = [];
for (const [key, was] of before) {
  const now = after.get(key);
  if (!now) {
    differences.push(`- gone:    ${key}  (${was.file})`);
    continue;
  }
  if (now.parent !== was.parent) differences.push(`~ parent:  ${key}: ${was.parent} → ${now.parent}`);
  if (now.index !== was.index) differences.push(`~ index:   ${key}: ${was.index} → ${now.index}`);
  if (now.caseSensitive !== was.caseSensitive) differences.push(`~ case:    ${key}: ${was.caseSensitive} → ${now.caseSensitive}`);
}
for (const [key, now] of after) if (!before.has(key)) differences.push(`+ new:     ${key}  (${now.file})`);

const renamed = [...before].filter(([key, was]) => after.has(key) && after.get(key).id !== was.id);
console.log(`${before.size} routes before, ${after.size} now; ${renamed.length} route id(s) changed (file moves), same URL, layout and index flag`);
for (const [key, was] of renamed) console.log(`  ${key}: ${was.id} → ${after.get(key).id}`);
if (differences.length) {
  console.error(`\n${differences.length} difference(s) in paths, layouts or index flags:`);
  for (const d of differences) console.error(`  ${d}`);
  process.exit(1);
}
console.log("route table: same paths, same layouts, same index flags");
