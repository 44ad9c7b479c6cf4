import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { namespaces } from "./config";

/**
 * A page carries the texts of the namespaces its routes declare in `handle.i18n` (and common), not
 * the whole language (decision 057). A text of an undeclared namespace would show its key until
 * fetched, and differ between the server's page and hydration: so every route module declares
 * exactly the namespaces its browser code uses, through every component it imports.
 */
const appDir = path.resolve("app");
const known = new Set<string>(namespaces);

const sourceOf = new Map<string, string>();
const read = (file: string) => {
  let text = sourceOf.get(file);
  if (text === undefined) sourceOf.set(file, (text = fs.readFileSync(file, "utf8")));
  return text;
};

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(appDir, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Namespaces one file's own code asks for: useTranslation()/useCachedT("ns") and "ns:key" texts. */
function namespacesIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\buse(?:Translation|CachedT)\(\s*([^)]*)\)/g)) {
    const args = m[1].trim();
    if (args === "") found.push("common");
    for (const s of args.matchAll(/["'`](\w+)["'`]/g)) found.push(s[1]);
  }
  for (const m of text.matchAll(/["'`](\w+):[\w.]/g)) if (known.has(m[1])) found.push(m[1]);
  return found.filter((ns) => known.has(ns));
}

/** Namespaces a module uses in the browser, with everything it imports (server modules excluded). */
export function usedNamespaces(file: string, seen = new Set<string>()): Set<string> {
  const used = new Set<string>();
  if (seen.has(file)) return used;
  seen.add(file);
  const text = read(file);
  for (const ns of namespacesIn(text)) used.add(ns);
  for (const m of text.matchAll(/^\s*(?:import|export)\s(?!type\s)[^;]*?from\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm)) {
    const target = resolveImport(file, m[1] ?? m[2]);
    if (!target || /\.server\.tsx?$/.test(target)) continue;
    for (const ns of usedNamespaces(target, seen)) used.add(ns);
  }
  return used;
}

/** Route modules that render (remix.config.js ignores __*, *.server.*, *.client.*, tests). */
export function pageRouteFiles(): string[] {
  const files = (fs.readdirSync(path.join(appDir, "routes"), { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f))
    .filter((f) => !/(^|\/)(__|\.)[^/]*$/.test(f) && !/\.(server|client|test)\./.test(f))
    .map((f) => path.join(appDir, "routes", f));
  return [path.join(appDir, "root.tsx"), ...files].filter((f) => /^export default /m.test(read(f)));
}

/** The namespaces a route declares: `export const handle = { ..., i18n: ["a", "b"] }`. */
function declared(text: string): string[] {
  const handle = /^export const handle[^=]*=\s*\{([^}]*)\}/m.exec(text)?.[1] ?? "";
  const list = /i18n:\s*\[([^\]]*)\]/.exec(handle)?.[1] ?? "";
  return [...list.matchAll(/["'](\w+)["']/g)].map((m) => m[1]);
}

/**
 * Namespaces the page already carries through the layouts above a route: a folder's `_layout`
 * (remix-flat-routes) is matched with every route below it, so its declaration is on each page.
 */
function inheritedNamespaces(file: string): Set<string> {
  const found = new Set<string>();
  const routesDir = path.join(appDir, "routes");
  for (let dir = path.dirname(file); dir.startsWith(routesDir) && dir !== routesDir; dir = path.dirname(dir)) {
    for (const name of ["_layout.tsx", "_layout.ts"]) {
      const layout = path.join(dir, name);
      if (layout !== file && fs.existsSync(layout)) for (const ns of declared(read(layout))) found.add(ns);
    }
  }
  return found;
}

describe("route namespaces", () => {
  const routes = pageRouteFiles();
  it("finds the route modules", () => {
    expect(routes.length).toBeGreaterThan(50);
  });
  it.each(routes.map((f) => [path.relative(appDir, f), f]))("%s declares the namespaces it uses", (_name, file) => {
    // common is on every page (the root's menus, errors), so routes do not repeat it
    const used = [...usedNamespaces(file)].filter((ns) => ns !== "common").sort();
    const inherited = inheritedNamespaces(file);
    const own = declared(read(file));
    // every namespace it uses is declared by the route or by a layout above it…
    expect(used.filter((ns) => !own.includes(ns) && !inherited.has(ns))).toEqual([]);
    // …and it declares none it does not use
    expect(own.filter((ns) => !used.includes(ns))).toEqual([]);
  });
});
