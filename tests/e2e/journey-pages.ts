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

/** The demo rows the journey pages' URLs name, read once from a demo database. */
interface DemoRows {
  product: { ordering_code: string; catalogue_code: string };
  chain: { code: string; parent_code: string | null }[];
  order?: { order_no: string };
  quote?: { id: number };
  reservation?: { id: number };
  tender?: { id: number };
}

function demoRows(db: Database.Database): DemoRows {
  const product = db.prepare("select ordering_code, catalogue_code from product where ordering_code = ?").get("CNMG120408-DM YBC252") as DemoRows["product"];
  const chain: DemoRows["chain"] = [];
  let code: string | null = product.catalogue_code;
  while (code) {
    const node = db.prepare("select code, parent_code from catalogue_node where code = ?").get(code) as { code: string; parent_code: string | null };
    chain.unshift(node);
    code = node.parent_code;
  }
  return {
    product,
    chain,
    order: db
      .prepare("select o.order_no from sales_order o join app_user u on u.customer_id = o.customer_id where u.code = ? order by o.id limit 1")
      .get(DEALER) as DemoRows["order"],
    quote: db
      .prepare("select q.id from quotation q join app_user u on u.customer_id = q.customer_id where u.code = ? and q.status = 'quoted' order by q.id limit 1")
      .get(DEALER) as DemoRows["quote"],
    reservation: db
      .prepare("select r.id from stock_reservation r join app_user u on u.id = r.user_id where u.code = ? order by r.id limit 1")
      .get(DEALER) as DemoRows["reservation"],
    tender: db.prepare("select id from bidding where status = 'published' order by id limit 1").get() as DemoRows["tender"],
  };
}

const q = encodeURIComponent;

/**
 * The pages of every dealer journey, by name: known before any database exists, so that each
 * page's checks are a test of their own (page-checks.spec.ts, the coverage table); `url` reads
 * the demo rows a page shows (undefined when the demo data has none).
 */
export const JOURNEY_PAGES: readonly { name: string; signedIn: boolean; url: (d: DemoRows) => string | undefined }[] = [
  { name: "home", signedIn: true, url: () => "/homePage" },
  { name: "login", signedIn: false, url: () => "/shop_login" },
  { name: "catalogue", signedIn: true, url: () => "/product" },
  { name: "level 1", signedIn: true, url: ({ chain: [l1] }) => `/product/productFirst?catalogueCode=${q(l1.code)}` },
  { name: "level 2", signedIn: true, url: ({ chain: [l1, l2] }) => `/product/productSecond?catalogueCode=${q(l2.code)}&parentCode=${q(l1.code)}` },
  { name: "list", signedIn: true, url: ({ chain: [, l2, l3] }) => `/product/productThird?catalogueCode=${q(l3.code)}&parentCode=${q(l2.code)}` },
  { name: "detail", signedIn: true, url: ({ product }) => `/item?code=${q(product.ordering_code)}` },
  { name: "search", signedIn: true, url: () => "/searchProduct?keyWord=cnmg+120408" },
  { name: "cart", signedIn: true, url: () => "/shopCart" },
  { name: "fill order", signedIn: true, url: () => "/order/fillOrder" },
  { name: "orders", signedIn: true, url: () => "/order/order?tab=all" },
  { name: "order details", signedIn: true, url: ({ order }) => order && `/order/orderDetails?orderNo=${q(order.order_no)}` },
  { name: "records", signedIn: true, url: () => "/order/myRecord" },
  { name: "messages", signedIn: true, url: () => "/order/myMessage" },
  { name: "addresses", signedIn: true, url: () => "/order/addressManage" },
  { name: "sub-accounts", signedIn: true, url: () => "/order/subAccount" },
  { name: "password change", signedIn: true, url: () => "/order/resetPwd" },
  { name: "password reset", signedIn: false, url: () => "/order/resetPwd/first" },
  { name: "promotions", signedIn: true, url: () => "/promotion" },
  { name: "flash sales", signedIn: true, url: () => "/rushToPurchase" },
  { name: "selection", signedIn: true, url: () => "/selectionCategory" },
  { name: "profile", signedIn: true, url: () => "/profile/index" },
  // customized tool quotations (decision 051): the form with a type's fields, and a quoted request
  { name: "quotation request", signedIn: true, url: () => "/technologyService/cutterOffer?type=insert" },
  { name: "quotation", signedIn: true, url: ({ quote }) => quote && `/technologyService/cutterOfferDetails?id=${quote.id}` },
  // customer support (decision 052)
  { name: "marketing support", signedIn: true, url: () => "/customerSupport/broadcastSupport" },
  { name: "marketing support request", signedIn: true, url: () => "/customerSupport/broadcastSupport/new" },
  { name: "stock reservations", signedIn: true, url: () => "/customerSupport/standbyLibrary" },
  { name: "stock reservation request", signedIn: true, url: () => "/customerSupport/standbyLibrary/new" },
  { name: "stock reservation", signedIn: true, url: ({ reservation }) => reservation && `/customerSupport/standbyLibrary/${reservation.id}` },
  // decision 053: rare-earth bidding (public) and the downloads by category
  { name: "bidding", signedIn: false, url: () => "/gdre" },
  { name: "tender", signedIn: false, url: ({ tender }) => tender && `/gdre/${tender.id}` },
  { name: "downloads", signedIn: true, url: () => "/downloadService" },
];

/** Read from a demo database (e2e tests, `npm run audit`): the journey pages with the URLs of demo rows. */
export function journeyPages(db: Database.Database): JourneyPage[] {
  const rows = demoRows(db);
  return JOURNEY_PAGES.flatMap(({ name, signedIn, url }) => {
    const at = url(rows);
    return at ? [{ name, url: at, signedIn }] : [];
  });
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
