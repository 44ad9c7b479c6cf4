import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./auth-users";
import { sharedShop, type Shop } from "./harness";

/** The online training's "mark as finished" action over HTTP (issue 18 §5). */
let shop: Shop;
let dealer: string;
let dealerCode: string;
let course: number;
beforeAll(async () => {
  shop = await sharedShop();
  // a sub-account of its own: its training progress is counted
  dealerCode = newAccount(shop, "XCD000002");
  dealer = await shop.signIn(dealerCode);
  course = shop.one<{ id: number }>("select id from content where kind = 'training' and status = 'published' and tenant_id is null order by id limit 1").id;
});
afterAll(() => shop?.stop());

const rows = () => shop.one<{ n: number }>("select count(*) n from training_progress tp join app_user u on u.id = tp.user_id where u.code = ?", dealerCode).n;
const PATH = "/technologyService/onLineTraining";

describe("training progress", () => {
  it("signed out: to sign-in; staff: 403; cross-site: 403; nothing recorded", async () => {
    const out = await shop.post(PATH, "", { id: String(course), intent: "finish" });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toMatch(/login/);
    expect((await shop.post(PATH, await shop.signIn("EMP000003"), { id: String(course), intent: "finish" })).status).toBe(403);
    expect((await shop.post(PATH, dealer, { id: String(course), intent: "finish" }, { Origin: "https://evil.example" })).status).toBe(403);
    expect(rows()).toBe(0);
  });

  it("a double post records the course once; an unknown or tampered id is 404", async () => {
    const answers = await Promise.all([1, 2].map(() => shop.post(PATH, dealer, { id: String(course), intent: "finish" })));
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(rows()).toBe(1);
    expect((await shop.post(PATH, dealer, { id: "999999", intent: "finish" })).status).toBe(404);
    expect((await shop.post(PATH, dealer, { id: "<script>", intent: "finish" })).status).toBe(404);
    expect(rows()).toBe(1);
  });
});
