import { useMatches } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The texts a page needs travel inside the page (decision 057): common, and the namespaces its
 * routes declare in `handle = { i18n: [...] }` (remix-i18next's convention; the routes' test
 * checks each declaration against the components the route imports). The browser starts with
 * these and downloads no language chunk; a later navigation fetches the namespaces it lacks
 * (app/i18n/locales.client.ts).
 */
export const PAGE_TEXTS_ID = "page-texts";

/** common, then each route's declared namespaces, once each. */
export function pageNamespaces(handles: unknown[]): string[] {
  const found = new Set<string>(["common"]);
  for (const handle of handles) {
    const declared = (handle as { i18n?: unknown } | null | undefined)?.i18n;
    for (const ns of Array.isArray(declared) ? declared : [declared]) if (typeof ns === "string") found.add(ns);
  }
  return [...found];
}

/**
 * JSON that stays data inside a <script> element: "<", ">" and "&" (so no "</script>" or "<!--"),
 * and the two line separators, written as \u escapes, which JSON.parse reads back unchanged.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Serialized once per language and set of namespaces: the texts change only with a new build. */
const serialized = new Map<string, string>();

/** The texts of the page's namespaces in the page's language, as the page carries them. */
export function PageTexts() {
  const { i18n } = useTranslation();
  const matches = useMatches();
  // Computed at the first render only: on the server from every text, in the browser at hydration
  // from the texts read back from this very element (same namespaces, same order), so both render
  // the same JSON; later navigations leave it as it is (nothing reads it again).
  const [json] = useState(() => {
    const lang = i18n.language;
    const names = pageNamespaces(matches.map((m) => m.handle));
    const key = `${lang}:${names.join(",")}`;
    let cached = serialized.get(key);
    if (cached === undefined) {
      cached = scriptJson(Object.fromEntries(names.map((ns) => [ns, i18n.getResourceBundle(lang, ns) ?? {}])));
      serialized.set(key, cached);
    }
    return cached;
  });
  return <script id={PAGE_TEXTS_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}

/** The page's texts by namespace, read back in the browser before hydration. */
export function readPageTexts(): Record<string, Record<string, unknown>> {
  const text = document.getElementById(PAGE_TEXTS_ID)?.textContent;
  return text ? (JSON.parse(text) as Record<string, Record<string, unknown>>) : {};
}
