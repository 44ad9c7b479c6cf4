import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newDealer } from "./auth-users";
import { sharedShop, type Shop } from "./harness";

/** Messages from staff to dealers, /system/message (issue 29 item 13), attacked over HTTP. */
let shop: Shop;
let desk: string;
let dealer: { master: string; subs: string[] };
let other: { master: string };
beforeAll(async () => {
  shop = await sharedShop();
  desk = await shop.signIn("EMP000002");
  // dealers of this file's own: the shared server's other files never send them messages
  dealer = newDealer(shop, "XCD000001", "XCD000002", 1);
  other = newDealer(shop);
});
afterAll(() => shop?.stop());

const PATH = "/system/message";
const tokenOf = async (cookie: string) => {
  const html = await (await shop.get(PATH, cookie)).text();
  return /name="token" value="([^"]+)"/.exec(html)![1];
};
const noticesOf = (code: string, title: string) =>
  shop.one<{ n: number }>(
    "select count(*) n from notice n join app_user u on u.id = n.user_id where u.code = ? and n.type = 'message' and n.title_zh = ?",
    code,
    title,
  ).n;
const form = (token: string, title: string, to = dealer.master) => ({
  token,
  audience: "user",
  audienceValue: to,
  titleZh: title,
  titleEn: title,
  bodyZh: "正文",
  bodyEn: "Text",
});

describe("messages to dealers", () => {
  it("signed out: to sign-in; a dealer: 404; cross-site: 403; a member of staff without the send code: 403; nothing sent", async () => {
    const token = await tokenOf(desk);
    const out = await shop.post(PATH, "", form(token, "未登录"));
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toMatch(/login/);
    expect((await shop.post(PATH, await shop.signIn(dealer.master), form(token, "经销商"))).status).toBe(404);
    expect((await shop.post(PATH, desk, form(token, "跨站"), { Origin: "https://evil.example" })).status).toBe(403);
    // customer support (EMP000003) holds no message page
    expect((await shop.post(PATH, await shop.signIn("EMP000003"), form(token, "客服"))).status).toBe(403);
    for (const title of ["未登录", "经销商", "跨站", "客服"]) expect(noticesOf(dealer.master, title)).toBe(0);
  });

  it("sends to the one dealer named, once for a double post, and to nobody else", async () => {
    const token = await tokenOf(desk);
    const answers = await Promise.all([1, 2].map(() => shop.post(PATH, desk, form(token, "只发一次"))));
    expect(answers.map((a) => a.status)).toEqual([302, 302]);
    expect(await shop.toast(answers[0], desk)).toEqual({ text: "消息已发送给 1 个账号。", kind: "success" });
    expect(noticesOf(dealer.master, "只发一次")).toBe(1);
    expect(noticesOf(dealer.subs[0], "只发一次")).toBe(0);
    expect(noticesOf(other.master, "只发一次")).toBe(0);
  });

  it("bad input is refused with a message and sends nothing; a script in the title is shown as text", async () => {
    const token = await tokenOf(desk);
    const empty = await shop.post(PATH, desk, { ...form(token, ""), titleEn: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("请填写标题。");
    const nobody = await shop.post(PATH, desk, form(token, "没人", "XCD999999"));
    expect(nobody.status).toBe(400);
    expect(await nobody.text()).toContain("没有符合条件的经销商账号，消息未发送。");
    expect(noticesOf(dealer.master, "没人")).toBe(0);
    const script = "<script>alert(1)</script>";
    expect((await shop.post(PATH, desk, form(await tokenOf(desk), script))).status).toBe(302);
    const list = await (await shop.get(PATH, desk)).text();
    expect(list).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(list).not.toContain(script);
    const messages = await (await shop.get("/order/myMessage", await shop.signIn(dealer.master))).text();
    expect(messages).not.toContain(script);
  });
});
