import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";

/**
 * Issue 13's points 5 and 6 against the built server behind one trusted proxy (TRUST_PROXY=1):
 * the proxy appends the address it saw to X-Forwarded-For, so the shop takes the last entry and
 * ignores whatever the client wrote before it.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ TRUST_PROXY: "1" });
  addDealersBehindOneAddress(50);
});
afterAll(() => shop?.stop());

const PASSWORD = "Demo2026";
const CORPORATE_PROXY = "198.51.100.1";

/** A sign-in as it reaches the shop through the proxy: `claimed` is the client's own header. */
async function signIn(code: string, password: string, address: string, claimed?: string) {
  const answer = await fetch(`${shop.base}/shop_login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: shop.base,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": claimed ? `${claimed}, ${address}` : address,
    },
    body: new URLSearchParams({ code, password }),
  });
  await answer.text();
  return answer.status;
}

/** Fifty dealers of one company, each with their own account, like XCD000002. */
const colleagues = Array.from({ length: 50 }, (_, i) => `XCD5${String(i).padStart(5, "0")}`);
function addDealersBehindOneAddress(n: number) {
  const db = shop.sql();
  try {
    const model = db.prepare("select * from app_user where code = 'XCD000002'").get() as Record<string, unknown>;
    const columns = Object.keys(model).filter((c) => c !== "id");
    const insert = db.prepare(`insert into app_user (${columns.join(", ")}) values (${columns.map((c) => "@" + c).join(", ")})`);
    db.transaction(() => {
      for (const code of colleagues.slice(0, n)) {
        const id = insert.run({ ...model, code }).lastInsertRowid;
        db.prepare("insert into user_role (user_id, role_id) select ?, role_id from user_role where user_id = ?").run(id, model.id);
        db.prepare("insert into user_tenant (user_id, tenant_id, is_default) select ?, tenant_id, is_default from user_tenant where user_id = ?").run(id, model.id);
      }
    })();
  } finally {
    db.close();
  }
}

describe("5. the client address comes from the trusted proxy, not from the client", () => {
  it("spraying one password over many accounts with a new made-up X-Forwarded-For each time is slowed down (429)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push(await signIn(`XCD7${String(i).padStart(5, "0")}`, "Spring2026!", "203.0.113.50", `10.${i}.${i}.${i}`));
    }
    expect(statuses.slice(0, 15).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(15)).toEqual([429, 429, 429, 429, 429]);
  });

  it("guessing one password with a rotating X-Forwarded-For is slowed down after 5 failures", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await signIn("XCD000003", `Guess${i}xyz`, "203.0.113.51", `172.16.0.${i}`));
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  });
});

describe("6. brute-force protection that cannot be used to keep dealers out", () => {
  it("an attacker hammering a dealer from outside does not keep that dealer out at the office", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await signIn("XCD000002", `Wrong${i}pw`, "203.0.113.66"));
    expect(statuses.filter((s) => s === 429).length).toBe(25);
    expect(await signIn("XCD000002", PASSWORD, "203.0.113.66")).toBe(429); // the attacker's own address waits, even with the right password
    expect(await signIn("XCD000002", PASSWORD, CORPORATE_PROXY)).toBe(302);
  });

  it("while someone behind the company's proxy hammers one account, the 50 dealers behind it still sign in", async () => {
    for (let i = 0; i < 30; i++) await signIn("XCD000001", `Wrong${i}pw`, CORPORATE_PROXY);
    expect(await signIn("XCD000001", PASSWORD, CORPORATE_PROXY)).toBe(429); // the hammered account waits at that address…
    const statuses = await Promise.all(colleagues.map((code) => signIn(code, PASSWORD, CORPORATE_PROXY)));
    expect(statuses).toEqual(colleagues.map(() => 302)); // …and nobody else does
    expect(await signIn("XCD000001", PASSWORD, "203.0.113.80")).toBe(302); // nor the hammered dealer elsewhere (a phone)
  });
});
