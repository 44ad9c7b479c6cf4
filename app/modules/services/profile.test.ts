import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { createWorld, type World } from "../../../tests/helpers/auth-fixtures";
import { shopMonth } from "~/i18n/format";
import { AVATAR_MAX_BYTES, monthlyOrderAmounts, readAvatar, removeAvatar, setAvatar, updateContact } from "./profile.server";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
const GIF = new TextEncoder().encode("GIF89a....");
const HTML = new TextEncoder().encode("<html><script>alert(1)</script></html>");

describe("shopMonth", () => {
  it("counts in China time", () => {
    expect(shopMonth(new Date("2026-10-31T15:59:59.000Z"))).toBe("2026-10");
    expect(shopMonth(new Date("2026-10-31T16:00:00.000Z"))).toBe("2026-11");
  });
});

describe.each(testDatabases())("personal centre on $name", ({ url }) => {
  let db: DB;
  let world: World;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "avatars-"));
  beforeAll(async () => {
    db = await freshDb(await url());
    world = await createWorld(db);
  });
  afterAll(() => db?.destroy());

  it("saves the account's own contact details, and only those", async () => {
    await updateContact(db, { id: world.users.sub }, { name: "李娜娜", mobile: "13900000002", email: "lnn@example.test" });
    const rows = await db
      .selectFrom("app_user")
      .select(["id", "name", "mobile", "email"])
      .where("id", "in", [world.users.sub, world.users.master])
      .orderBy("id")
      .execute();
    expect(rows.find((r) => r.id === world.users.sub)).toMatchObject({ name: "李娜娜", mobile: "13900000002", email: "lnn@example.test" });
    expect(rows.find((r) => r.id === world.users.master)!.name).toBe("User XCD000001");
  });

  it("an avatar: PNG and JPEG by content, at most 1 MB; a new one replaces the old file", async () => {
    const me = { id: world.users.master };
    expect(await setAvatar(db, me, GIF, dir)).toEqual({ ok: false, error: "services:profile.avatarType" });
    expect(await setAvatar(db, me, HTML, dir)).toEqual({ ok: false, error: "services:profile.avatarType" });
    expect(await setAvatar(db, me, new Uint8Array(0), dir)).toEqual({ ok: false, error: "services:profile.avatarEmpty" });
    const big = new Uint8Array(AVATAR_MAX_BYTES + 1);
    big.set(PNG);
    expect(await setAvatar(db, me, big, dir)).toEqual({ ok: false, error: "services:profile.avatarTooBig" });
    expect(fs.readdirSync(dir)).toHaveLength(0);
    expect(await setAvatar(db, me, PNG, dir)).toEqual({ ok: true });
    const first = await readAvatar(db, me, dir);
    expect(first).toMatchObject({ type: "image/png" });
    expect(await setAvatar(db, me, JPEG, dir)).toEqual({ ok: true });
    const second = await readAvatar(db, me, dir);
    expect(second).toMatchObject({ type: "image/jpeg" });
    expect(fs.readdirSync(dir)).toEqual([second!.key]);
    expect(await readAvatar(db, { id: world.users.sub }, dir)).toBeNull();
    await removeAvatar(db, me, dir);
    expect(await readAvatar(db, me, dir)).toBeNull();
    expect(fs.readdirSync(dir)).toHaveLength(0);
  });

  it("12 China months of placed orders on the account's company entity", async () => {
    const now = new Date("2026-11-25T04:00:00.000Z");
    let n = 0;
    const order = (userId: number, tenantId: number, createdAt: string, amount: number, status = "confirmed") =>
      db
        .insertInto("sales_order")
        .values({
          order_no: `SOT${String(++n).padStart(6, "0")}`,
          tenant_id: tenantId,
          customer_id: world.customers.a,
          user_id: userId,
          status,
          consignee: "x",
          phone: "1",
          address_text: "x",
          payment_method: "prepayment",
          expected_delivery_date: "2026-12-01",
          goods_amount: amount,
          discount_amount: 0,
          shipping_fee: 0,
          payable_amount: amount,
          currency: "CNY",
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    const { master } = world.users;
    const { t1000, t2000 } = world.tenants;
    await order(master, t1000, "2026-11-20T02:00:00.000Z", 100_00);
    await order(master, t1000, "2026-10-31T16:30:00.000Z", 50_00); // 1 Nov in China
    await order(master, t1000, "2026-10-31T15:30:00.000Z", 30_00); // 31 Oct in China
    await order(master, t1000, "2025-12-01T00:00:00.000Z", 7_00); // 1 Dec 2025, 08:00 in China: the first month
    await order(master, t1000, "2025-11-30T15:59:00.000Z", 999_00); // still November 2025 in China: too old
    await order(master, t1000, "2026-11-21T00:00:00.000Z", 800_00, "cancelled");
    await order(master, t1000, "2026-11-21T00:00:00.000Z", 700_00, "to_be_submitted");
    await order(master, t2000, "2026-11-21T00:00:00.000Z", 600_00); // another company entity
    await order(world.users.sub, t1000, "2026-11-21T00:00:00.000Z", 500_00); // another account
    const months = await monthlyOrderAmounts(db, { id: master, tenantId: t1000 }, now);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: "2025-12", amount: 7_00, orders: 1 });
    expect(months[10]).toEqual({ month: "2026-10", amount: 30_00, orders: 1 });
    expect(months[11]).toEqual({ month: "2026-11", amount: 150_00, orders: 2 });
    expect(months.slice(1, 10).every((m) => m.amount === 0 && m.orders === 0)).toBe(true);
  });
});
