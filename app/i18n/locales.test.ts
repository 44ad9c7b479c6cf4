import { describe, expect, it } from "vitest";
import { namespaces } from "./config";
import en from "./locales/en";
import zh from "./locales/zh";

/** Every text exists in both languages: the browser loads one language only, with no fallback. */
const keysOf = (o: object, prefix = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === "object" && v ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
// Plural forms differ by language (en: _one/_other, zh: _other): compare the base key.
const baseKeys = (o: object) => [...new Set(keysOf(o).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")))].sort();

describe("locale files", () => {
  it.each(namespaces)("%s: zh and en have the same keys", (ns) => {
    expect(baseKeys(zh[ns])).toEqual(baseKeys(en[ns]));
  });
});
