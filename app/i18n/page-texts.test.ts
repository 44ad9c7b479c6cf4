import { describe, expect, it } from "vitest";
import { localeTexts } from "./i18n.server";
import en from "./locales/en";
import { pageNamespaces, scriptJson } from "./page-texts";

describe("page texts", () => {
  it("a page's namespaces: common first, then each route's declaration once", () => {
    expect(pageNamespaces([undefined, { watermark: true }, { i18n: ["auth", "bidding"] }, { i18n: ["order", "auth"] }, { i18n: "admin" }])).toEqual([
      "common",
      "auth",
      "bidding",
      "order",
      "admin",
    ]);
    expect(pageNamespaces([null, { i18n: [1, "catalogue"] }])).toEqual(["common", "catalogue"]);
  });

  it("JSON inside a script element cannot close it, open a comment or break a line, and reads back unchanged", () => {
    const texts = { common: { a: "</script><script>alert(1)</script>", b: "<!-- & -->", c: "line\u2028sep\u2029end", d: "价格 {{price}}" } };
    const json = scriptJson(texts);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(texts);
  });

  it("/locales/<lang>/<ns>.json serves a namespace the shop has, nothing else", () => {
    expect(localeTexts("en", "order")).toEqual(en.order);
    for (const ns of ["__proto__", "constructor", "toString", "orders", ""]) expect(localeTexts("zh", ns)).toBeNull();
  });
});
