import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEALER_ONLY_PAGES } from "~/modules/site/dealer-pages";
import { newAccount } from "./auth-users";
import { sharedShop, type Shop } from "./harness";

/**
 * Issue 29 §15: a staff member opening the public shop pages is shown no link the server then
 * refuses (403); and /solutionSecond/second?id=… keeps its id.
 */
let shop: Shop;
let staff: string;
let dealer: string;
beforeAll(async () => {
  // on the shared server: it only reads pages, as accounts of its own (copies of the demo
  // administrator and master: same roles, customer and companies)
  shop = await sharedShop();
  staff = await shop.signIn(newAccount(shop, "EMP000001"));
  dealer = await shop.signIn(newAccount(shop, "XCD000001"));
});
afterAll(() => shop?.stop());

const PUBLIC_PAGES = [
  "/homePage",
  "/industrySolution",
  "/technologyService",
  "/afterSalesService",
  "/downloadService",
  "/aboutUs",
  "/newOrHot",
  "/product",
  "/promotion",
  "/searchProduct?keyWord=CNMG",
];
const linksOf = (html: string) =>
  [...html.matchAll(/href="(\/[^"#]*)"/g)]
    .map((m) => m[1].replace(/&amp;/g, "&"))
    .filter((h) => !h.startsWith("/build/") && !/\.(css|js|ico|png|svg|webmanifest)(\?|$)/.test(h));

describe("a staff session on the shop's public pages", () => {
  it("is refused every page the shop hides from it (the list matches the server's guard)", async () => {
    for (const path of DEALER_ONLY_PAGES) expect((await shop.get(path, staff)).status, path).toBe(403);
  });

  it("sees no link that answers 403, and a dealer still sees the cart, the orders and the hidden menu entries", async () => {
    const links = new Set<string>();
    for (const page of PUBLIC_PAGES) {
      const answer = await shop.get(page, staff);
      expect(answer.status, page).toBe(200);
      linksOf(await answer.text()).forEach((l) => links.add(l));
    }
    expect(links.size).toBeGreaterThan(20);
    const refused: string[] = [];
    for (const link of links) if ((await shop.get(link, staff)).status === 403) refused.push(link);
    expect(refused).toEqual([]);
    expect([...links]).toContain("/system");
    const dealerLinks = linksOf(await (await shop.get("/homePage", dealer)).text());
    for (const path of DEALER_ONLY_PAGES) expect(dealerLinks, path).toContain(path);
  });
});

describe("/solutionSecond/second?id=", () => {
  it("shows the industry the id names, as ?industry= does", async () => {
    const industry = shop.one<{ id: number }>("select id from content where kind = 'solution' and parent_id is null order by id limit 1").id;
    const byId = await shop.get(`/solutionSecond/second?id=${industry}`, "");
    expect(byId.status).toBe(200);
    const byIndustry = await (await shop.get(`/solutionSecond/second?industry=${industry}`, "")).text();
    const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(byIndustry)?.[1];
    expect(title).toBeTruthy();
    expect(await byId.text()).toContain(title);
    expect((await shop.get("/solutionSecond/second?id=99999999", "")).status).toBe(404);
  });
});
