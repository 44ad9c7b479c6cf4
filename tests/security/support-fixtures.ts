import { expect } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * What the customer-service security tests (support.test.ts, support-more.test.ts; decisions 050,
 * 052) share: the accounts they sign in as, the one-time token of a dealer's form, and who may open
 * a back-office or a dealer's customer-service page.
 */
export interface SupportCast {
  /** XCD000009: customer support (shop) and master */
  centre: string;
  /** XCD000001: master of another customer */
  dealerA: string;
  /** XCD000002: a sub-account */
  sub: string;
  /** EMP000003: customer support staff */
  support: string;
  /** EMP000002 */
  orderDesk: string;
  /** EMP000001 */
  admin: string;
}

/** Starts the shop (see harness.ts) and signs the cast in. */
export async function startSupportShop(): Promise<{ shop: Shop; who: SupportCast }> {
  // their own server (support.test.ts, support-more.test.ts): they act on the demo service centre's seeded
  // requests and count every support request, reservation and marketing item in the shop
  const shop = await startShop();
  const [centre, dealerA, sub, support, orderDesk, admin] = await Promise.all(
    ["XCD000009", "XCD000001", "XCD000002", "EMP000003", "EMP000002", "EMP000001"].map((c) => shop.signIn(c)),
  );
  return { shop, who: { centre, dealerA, sub, support, orderDesk, admin } };
}

/** The one-time token of the form on `page` as `cookie` gets it. */
export const tokenOf = async (shop: Shop, page: string, cookie: string) =>
  /name="token" value="([A-Za-z0-9_-]{16,64})"/.exec(await (await shop.get(page, cookie)).text())?.[1] ?? "";

/** A back-office page: signed out → /login, dealer → 404, order desk → 403, customer support and administrator → 200. */
export async function expectStaffPage(shop: Shop, who: SupportCast, page: string) {
  const out = await shop.get(page, "");
  expect(out.status).toBe(302);
  expect(out.headers.get("location")).toMatch(/^\/login\?redirect=/);
  expect((await shop.get(page, who.centre)).status).toBe(404);
  expect((await shop.get(page, who.orderDesk)).status).toBe(403);
  expect((await shop.get(page, who.support)).status).toBe(200);
  expect((await shop.get(page, who.admin)).status).toBe(200);
}

/** A dealer's customer-service page: signed out → shop login, sub-account and staff → 403, the service centre → 200. */
export async function expectServiceCentrePage(shop: Shop, who: SupportCast, page: string) {
  const out = await shop.get(page, "");
  expect(out.status).toBe(302);
  expect(out.headers.get("location")).toMatch(/^\/shop_login\?redirect=/);
  expect((await shop.get(page, who.sub)).status).toBe(403);
  expect((await shop.get(page, who.support)).status).toBe(403);
  expect((await shop.get(page, who.centre)).status).toBe(200);
}

/** A dealer's form posted twice at once: both answers lead to the one thing filed (`table` holds one row of the form's token), its page and id. */
export async function postTwiceFilesOnce(
  shop: Shop,
  cookie: string,
  page: string,
  fields: Record<string, string>,
  table: "support_request" | "stock_reservation",
) {
  const [a, b] = await Promise.all([shop.post(page, cookie, fields), shop.post(page, cookie, fields)]);
  expect([a.status, b.status]).toEqual([302, 302]);
  expect(a.headers.get("location")).toBe(b.headers.get("location"));
  expect(shop.one<{ n: number }>(`select count(*) n from ${table} where post_token = ?`, fields.token).n).toBe(1);
  const location = a.headers.get("location")!;
  return { location, id: Number(location.split("/").pop()) };
}

/**
 * A dealer's request form whose end customer holds a script and whose purpose an image tag, posted
 * twice at once, files one request; the dealer's and customer support's pages of it show the typed
 * text escaped. Returns the request's id.
 */
export async function expectRequestFiledOnceEscaped(shop: Shop, who: SupportCast, page: string, fields: Record<string, string>): Promise<number> {
  const { location, id } = await postTwiceFilesOnce(shop, who.centre, page, fields, "support_request");
  const html = await (await shop.get(location, who.centre)).text();
  expect(html).not.toContain("<script>alert('x')</script>");
  expect(html).not.toContain("<img src=x");
  expect(html).toContain("&lt;script&gt;");
  const staffPage = await (await shop.get(`/system/support/${id}`, who.support)).text();
  expect(staffPage).not.toContain("<script>alert('x')</script>");
  return id;
}
