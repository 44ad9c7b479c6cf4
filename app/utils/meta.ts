import type { MetaArgs, MetaDescriptor } from "@remix-run/node";
import i18next from "i18next";

/**
 * A page's title and description in the page's language only (the root loader decides it):
 * "购物车 · 经销商门户" on Chinese pages, "Shopping cart · Dealer Portal" on English ones.
 *
 * The key is a text of the locale files: titles.* of common for shop pages, titles.* of admin for
 * the back office (its layout carries admin), or a text of a namespace the route declares. Meta
 * runs outside React, so it reads the i18next instance of the process: in the browser the one the
 * page's texts started (entry.client.tsx), on the server the one app/i18n/i18n.server.ts fills
 * with both languages. A key whose texts are not there shows the portal's name only, never a key.
 */
export function pageMeta(matches: MetaArgs["matches"], key: string, values?: Record<string, string | number>): MetaDescriptor[] {
  const rootData = matches.find((m) => m.id === "root")?.data as { lang?: string } | undefined;
  const lng = rootData?.lang === "en" ? "en" : "zh";
  const text = (k: string, v?: Record<string, string | number>) => (i18next.exists(k, { lng }) ? i18next.t(k, { lng, ...v }) : "");
  const portal = text("portalTitle");
  const title = text(key, values);
  return [{ title: title && portal ? `${title} · ${portal}` : title || portal }, { name: "description", content: text("portalDescription") }];
}
