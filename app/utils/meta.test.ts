import fs from "node:fs";
import path from "node:path";
import type { MetaArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import "~/i18n/i18n.server";
import en from "~/i18n/locales/en";
import zh from "~/i18n/locales/zh";
import { pageMeta } from "./meta";

const matchesIn = (lang: string) => [{ id: "root", data: { lang } }] as unknown as MetaArgs["matches"];
const titleOf = (meta: ReturnType<typeof pageMeta>) => (meta[0] as { title: string }).title;

describe("pageMeta", () => {
  it("gives the title in the page's language, from the locale files", () => {
    expect(titleOf(pageMeta(matchesIn("zh"), "titles.shoppingCart"))).toBe("购物车 · 经销商门户");
    expect(titleOf(pageMeta(matchesIn("en"), "titles.shoppingCart"))).toBe("Shopping cart · Dealer Portal");
    expect(titleOf(pageMeta(matchesIn("en"), "admin:titles.users"))).toBe("Users · Dealer Portal");
    expect(titleOf(pageMeta(matchesIn("zh"), "titles.productNode", { name: "车刀片" }))).toBe("车刀片 · 产品中心 · 经销商门户");
  });
  it("shows the portal's name, never a key, for an unknown key or none", () => {
    expect(titleOf(pageMeta(matchesIn("en"), "titles.noSuchPage"))).toBe("Dealer Portal");
    expect(titleOf(pageMeta(matchesIn("zh"), ""))).toBe("经销商门户");
  });
});

/** Every title key a route gives pageMeta (or the company-entity helper) is in both languages. */
describe("page title keys", () => {
  const routesDir = path.resolve("app/routes");
  const files = (fs.readdirSync(routesDir, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f));
  const keys = files.flatMap((f) =>
    [...fs.readFileSync(path.join(routesDir, f), "utf8").matchAll(/pageMeta\(matches, "([^"]+)"/g)].map((m) => [f, m[1]] as const),
  );
  const lookup = (texts: Record<string, unknown>, key: string) => {
    const [ns, rest] = key.includes(":") ? key.split(":") : ["common", key];
    return rest.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], texts[ns]);
  };
  it("finds the routes' titles", () => {
    expect(keys.length).toBeGreaterThan(100);
  });
  it.each(keys)("%s: %s", (_file, key) => {
    expect(typeof lookup(zh, key)).toBe("string");
    expect(typeof lookup(en, key)).toBe("string");
  });
});
