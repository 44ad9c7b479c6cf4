import type { Page } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import type Database from "better-sqlite3";

/** The pages of every dealer journey (issue 15), with the demo dealer whose data they show. */
export const DEALER = "XCD000001";

export interface JourneyPage {
  name: string;
  url: string;
  signedIn: boolean;
}

/** Read from a demo database (e2e tests, `npm run audit`): the URLs of demo rows. */
export function journeyPages(db: Database.Database): JourneyPage[] {
  const product = db.prepare("select ordering_code, catalogue_code from product where ordering_code = ?").get("CNMG120408-DM YBC252") as {
    ordering_code: string;
    catalogue_code: string;
  };
  const chain: { code: string; parent_code: string | null }[] = [];
  let code: string | null = product.catalogue_code;
  while (code) {
    const node = db.prepare("select code, parent_code from catalogue_node where code = ?").get(code) as { code: string; parent_code: string | null };
    chain.unshift(node);
    code = node.parent_code;
  }
  const order = db
    .prepare("select o.order_no from sales_order o join app_user u on u.customer_id = o.customer_id where u.code = ? order by o.id limit 1")
    .get(DEALER) as { order_no: string } | undefined;
  const quote = db
    .prepare("select q.id from quotation q join app_user u on u.customer_id = q.customer_id where u.code = ? and q.status = 'quoted' order by q.id limit 1")
    .get(DEALER) as { id: number } | undefined;
  const reservation = db
    .prepare("select r.id from stock_reservation r join app_user u on u.id = r.user_id where u.code = ? order by r.id limit 1")
    .get(DEALER) as { id: number } | undefined;
  const q = encodeURIComponent;
  const [l1, l2, l3] = chain;
  const tender = db.prepare("select id from bidding where status = 'published' order by id limit 1").get() as { id: number } | undefined;
  return [
    { name: "home", url: "/homePage", signedIn: true },
    { name: "login", url: "/shop_login", signedIn: false },
    { name: "catalogue", url: "/product", signedIn: true },
    { name: "level 1", url: `/product/productFirst?catalogueCode=${q(l1.code)}`, signedIn: true },
    { name: "level 2", url: `/product/productSecond?catalogueCode=${q(l2.code)}&parentCode=${q(l1.code)}`, signedIn: true },
    { name: "list", url: `/product/productThird?catalogueCode=${q(l3.code)}&parentCode=${q(l2.code)}`, signedIn: true },
    { name: "detail", url: `/item?code=${q(product.ordering_code)}`, signedIn: true },
    { name: "search", url: "/searchProduct?keyWord=cnmg+120408", signedIn: true },
    { name: "cart", url: "/shopCart", signedIn: true },
    { name: "fill order", url: "/order/fillOrder", signedIn: true },
    { name: "orders", url: "/order/order?tab=all", signedIn: true },
    ...(order ? [{ name: "order details", url: `/order/orderDetails?orderNo=${q(order.order_no)}`, signedIn: true }] : []),
    { name: "records", url: "/order/myRecord", signedIn: true },
    { name: "messages", url: "/order/myMessage", signedIn: true },
    { name: "addresses", url: "/order/addressManage", signedIn: true },
    { name: "sub-accounts", url: "/order/subAccount", signedIn: true },
    { name: "password change", url: "/order/resetPwd", signedIn: true },
    { name: "password reset", url: "/order/resetPwd/first", signedIn: false },
    { name: "promotions", url: "/promotion", signedIn: true },
    { name: "flash sales", url: "/rushToPurchase", signedIn: true },
    { name: "selection", url: "/selectionCategory", signedIn: true },
    { name: "profile", url: "/profile/index", signedIn: true },
    // customized tool quotations (decision 051): the form with a type's fields, and a quoted request
    { name: "quotation request", url: "/technologyService/cutterOffer?type=insert", signedIn: true },
    ...(quote ? [{ name: "quotation", url: `/technologyService/cutterOfferDetails?id=${quote.id}`, signedIn: true }] : []),
    // customer support (decision 052)
    { name: "marketing support", url: "/customerSupport/broadcastSupport", signedIn: true },
    { name: "marketing support request", url: "/customerSupport/broadcastSupport/new", signedIn: true },
    { name: "stock reservations", url: "/customerSupport/standbyLibrary", signedIn: true },
    { name: "stock reservation request", url: "/customerSupport/standbyLibrary/new", signedIn: true },
    ...(reservation ? [{ name: "stock reservation", url: `/customerSupport/standbyLibrary/${reservation.id}`, signedIn: true }] : []),
    // decision 053: rare-earth bidding (public) and the downloads by category
    { name: "bidding", url: "/gdre", signedIn: false },
    ...(tender ? [{ name: "tender", url: `/gdre/${tender.id}`, signedIn: false }] : []),
    { name: "downloads", url: "/downloadService", signedIn: true },
  ];
}

/** One line of the demo insert CNMG120408-DM YBC252, selected, in the account's cart (fill order shows its form). */
export function addDemoCartLine(db: Database.Database, code: string) {
  db.prepare(
    `insert into cart_item (tenant_id, customer_id, user_id, product_id, qty, selected)
     select ut.tenant_id, u.customer_id, u.id, p.id, max(p.moq, p.mpq), 1
     from app_user u join user_tenant ut on ut.user_id = u.id and ut.is_default = 1, product p
     where u.code = ? and p.ordering_code = 'CNMG120408-DM YBC252'`,
  ).run(code);
}

/** The language cookie the toggle sets (app/i18n/i18n.server.ts), without going through the toggle. */
export async function useLanguage(page: Page, lang: "zh" | "en", baseURL: string) {
  const value = (await createCookie("lng").serialize(lang)).split(";")[0].split("=").slice(1).join("=");
  await page.context().addCookies([{ name: "lng", value, url: baseURL }]);
}
