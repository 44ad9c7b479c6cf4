import type { MetaArgs, MetaDescriptor } from "@remix-run/node";

/** The portal's name and what it is for, in the page's language (the <title> suffix and the description). */
const PORTAL = { zh: "经销商门户", en: "Dealer Portal" };
const DESCRIPTION = {
  zh: "硬质合金刀具经销商门户：按订货号查找刀片与刀杆，查看专属价格与库存，在线下单、导入订单并跟踪发货。",
  en: "Dealer portal for carbide cutting tools: find inserts and holders by ordering code, see your own prices and stock, order, import orders and track deliveries.",
};

/**
 * A page's title and description in the page's language only (the root loader decides it):
 * "购物车 · 经销商门户" on Chinese pages, "Shopping cart · Dealer Portal" on English ones.
 */
export function pageMeta(matches: MetaArgs["matches"], zh: string, en: string): MetaDescriptor[] {
  const rootData = matches.find((m) => m.id === "root")?.data as { lang?: string } | undefined;
  const lang = rootData?.lang === "en" ? "en" : "zh";
  const title = lang === "en" ? en : zh;
  return [{ title: title ? `${title} · ${PORTAL[lang]}` : PORTAL[lang] }, { name: "description", content: DESCRIPTION[lang] }];
}
