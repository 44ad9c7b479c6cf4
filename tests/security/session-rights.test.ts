import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addUsersLike } from "./auth-users";
import { startShop, type Shop } from "./harness";

/**
 * Issue 26 point 6 over HTTP against the built server (two worker processes): rights that change
 * reach the sessions already signed in at their next request, and new passwords need letters and
 * digits both (spec §5, §9).
 */
let shop: Shop;
beforeAll(async () => {
  // its own server: it creates roles and takes function codes from them
  shop = await startShop();
});
afterAll(() => shop?.stop());

const PASSWORD = "Demo2026";
/** Asks each of the two workers at least once (round robin), so no process keeps an old answer. */
const statusesOf = async (pathname: string, cookie: string) => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const answer = await shop.get(pathname, cookie);
    await answer.text();
    statuses.push(answer.status);
  }
  return statuses;
};
const userIdOf = (code: string) => shop.one<{ id: number }>("select id from app_user where code = ?", code).id;
const sessionsOf = (code: string) => shop.one<{ n: number }>("select count(*) as n from session where user_id = ?", userIdOf(code)).n;

describe("6. a session follows its account's rights at the next request", () => {
  it.each([
    ["all its roles are removed", "XCD670001", (id: number) => shop.run("delete from user_role where user_id = ?", id)],
    ["it is locked", "XCD670002", (id: number) => shop.run("update app_user set status = 'locked' where id = ?", id)],
    ["it is deleted (closed)", "XCD670003", (id: number) => shop.run("update app_user set status = 'deleted' where id = ?", id)],
  ])("when %s, the signed-in browser is signed out", async (_, code, change) => {
    addUsersLike(shop, "XCD000002", [code]);
    const cookie = await shop.signIn(code);
    expect(await statusesOf("/order/order", cookie)).toEqual([200, 200, 200, 200]);
    change(userIdOf(code));
    const answer = await shop.get("/order/order", cookie);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/shop_login\?redirect=/);
    expect(sessionsOf(code)).toBe(0); // ended for good: giving the rights back does not revive it
  });

  it("a function code taken from a role in the back office is refused at the next request, on every worker", async () => {
    const code = "XCD670004";
    const [userId] = addUsersLike(shop, "XCD000001", [code]);
    // a role of its own, granted what the master account role is granted
    shop.run("insert into role (code, name_zh, name_en, is_customer) values ('rights_probe', '权限测试', 'Rights probe', 1)");
    const roleId = shop.one<{ id: number }>("select id from role where code = 'rights_probe'").id;
    shop.run(
      "insert into role_menu (role_id, menu_id) select ?, menu_id from role_menu where role_id = (select id from role where code = 'customer_master')",
      roleId,
    );
    shop.run("delete from user_role where user_id = ?", userId);
    shop.run("insert into user_role (user_id, role_id) values (?, ?)", userId, roleId);
    // written behind the screen's back: tell the caches
    shop.run("insert into data_version (key, version) values ('menu', 1) on conflict (key) do update set version = version + 1");

    const dealer = await shop.signIn(code);
    expect(await statusesOf("/order/import", dealer)).toEqual([200, 200, 200, 200]);

    // the administrator takes order:import away in the role editor
    const importMenu = shop.one<{ id: number }>("select id from menu where func_code = 'order:import'").id;
    const kept = shop.query<{ menu_id: number }>("select menu_id from role_menu where role_id = ? and menu_id != ?", roleId, importMenu);
    const form = new URLSearchParams({ code: "rights_probe", nameZh: "权限测试", nameEn: "Rights probe", isCustomer: "on" });
    for (const { menu_id } of kept) form.append("menuIds", String(menu_id));
    const admin = await shop.signIn("EMP000001");
    const saved = await fetch(`${shop.base}/system/role/${roleId}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: shop.base, "Content-Type": "application/x-www-form-urlencoded", Cookie: admin },
      body: form,
    });
    expect(saved.status).toBe(302);

    expect(await statusesOf("/order/import", dealer)).toEqual([403, 403, 403, 403]);
    expect(await statusesOf("/order/order", dealer)).toEqual([200, 200, 200, 200]); // the rest of its rights stay
  });
});

describe("6. a new password has letters and digits, both", () => {
  const RULE_ZH = "密码为 8-18 位字母和数字，且须同时包含字母和数字";
  const hashOf = (code: string) => shop.one<{ password_hash: string }>("select password_hash from app_user where code = ?", code).password_hash;
  const form = (pathname: string, cookie: string, fields: Record<string, string>) => shop.post(pathname, cookie, fields);

  it.each(["abcdefgh", "12345678"])("the password change refuses %s with the rule's message", async (password) => {
    const code = password === "abcdefgh" ? "XCD670005" : "XCD670006";
    addUsersLike(shop, "XCD000002", [code]);
    const cookie = await shop.signIn(code);
    const before = hashOf(code);
    const answer = await form("/order/resetPwd", cookie, { oldPassword: PASSWORD, password, confirmPassword: password });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(RULE_ZH);
    expect(hashOf(code)).toBe(before);
    const ok = await form("/order/resetPwd", cookie, { oldPassword: PASSWORD, password: "Changed2026", confirmPassword: "Changed2026" });
    expect(ok.status).toBe(302);
  });

  it.each(["abcdefgh", "12345678"])("the reset by e-mail link refuses %s with the rule's message", async (password) => {
    const code = password === "abcdefgh" ? "XCD670007" : "XCD670008";
    addUsersLike(shop, "XCD000002", [code]);
    shop.run("update app_user set email = ? where code = ?", `${code.toLowerCase()}@example.test`, code);
    const earlier = new Set(fs.existsSync(shop.outbox) ? fs.readdirSync(shop.outbox) : []);
    const asked = await form("/order/resetPwd/first", "", { code, channel: "email" });
    expect(asked.status).toBeLessThan(400);
    // the mail goes through the job queue: its worker writes it moments after the answer
    const newMail = () =>
      (fs.existsSync(shop.outbox) ? fs.readdirSync(shop.outbox) : [])
        .filter((f) => !earlier.has(f))
        .map((f) =>
          fs
            .readFileSync(path.join(shop.outbox, f), "utf8")
            .replace(/=\r?\n/g, "")
            .replace(/=3D/g, "="),
        )
        .find((text) => text.includes(code.toLowerCase()));
    await expect.poll(newMail, { timeout: 10_000 }).toBeTruthy();
    const mail = newMail();
    const token = /thirdReset\?token=([A-Za-z0-9_-]+)/.exec(mail ?? "")?.[1];
    expect(token).toBeTruthy();
    const before = hashOf(code);
    // posted to the page of the link, as its form does (the page reads the token from its address)
    const page = `/order/resetPwd/thirdReset?token=${token}`;
    const answer = await form(page, "", { token: token!, password, confirmPassword: password });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(RULE_ZH);
    expect(hashOf(code)).toBe(before);
    const ok = await form(page, "", { token: token!, password: "Reset2026x", confirmPassword: "Reset2026x" });
    expect(ok.status).toBe(302);
    expect(hashOf(code)).not.toBe(before);
  });
});
