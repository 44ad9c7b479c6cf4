import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { listStaffMessages, messageRecipients, sendStaffMessage, type StaffMessageInput } from "./staff-messages.server";

describe.each(testDatabases())("messages from staff to dealers on $name", ({ seeded }) => {
  let db: DB;
  let tenantId = 0;
  const desk = { id: 0, code: "EMP000002", tenantId: 0 };
  let n = 0;
  const message = (over: Partial<StaffMessageInput>): StaffMessageInput => ({
    audience: "user",
    audienceValue: "XCD000001",
    titleZh: "交期调整通知",
    titleEn: "Delivery dates moved",
    bodyZh: "春节期间发货顺延。",
    bodyEn: "Shipments move after the Spring Festival.",
    token: `token-${++n}-0123456789abcdef`,
    ...over,
  });
  const userId = async (code: string) => (await db.selectFrom("app_user").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const codesOf = async (ids: number[]) =>
    ids.length ? (await db.selectFrom("app_user").select("code").where("id", "in", ids).orderBy("code").execute()).map((r) => r.code) : [];
  /** the user's message notices with this Chinese title (the demo data has messages of its own) */
  const messageNotices = async (code: string, titleZh = "交期调整通知") =>
    db
      .selectFrom("notice")
      .select(["title_zh", "title_en", "body_en", "is_read", "tenant_id"])
      .where("user_id", "=", await userId(code))
      .where("type", "=", "message")
      .where("title_zh", "=", titleZh)
      .execute();

  withFreshDb(
    () => seeded({ products: 40 }),
    async (fresh) => {
      db = fresh;
      desk.id = await userId("EMP000002");
      tenantId = (
        await db
          .selectFrom("user_tenant")
          .select("tenant_id")
          .where("user_id", "=", await userId("XCD000001"))
          .where("is_default", "=", 1)
          .executeTakeFirstOrThrow()
      ).tenant_id;
      desk.tenantId = tenantId;
    },
  );

  it("sends to one account: that dealer gets an unread notice in both languages, no other dealer and no staff member does", async () => {
    const sent = await sendStaffMessage(db, desk, message({}));
    expect(sent).toEqual({ ok: true, value: { id: expect.any(Number), recipients: 1 } });
    const got = await messageNotices("XCD000001");
    expect(got).toEqual([
      { title_zh: "交期调整通知", title_en: "Delivery dates moved", body_en: "Shipments move after the Spring Festival.", is_read: 0, tenant_id: tenantId },
    ]);
    expect(await messageNotices("DPC000001")).toEqual([]);
    expect(await messageNotices("XCD000002")).toEqual([]);
    expect(await messageNotices("EMP000001")).toEqual([]);
  });

  it("a customer's accounts are its master and sub-accounts; a role narrows to masters; all is every dealer of the entity and never staff", async () => {
    const customerCode = (
      await db
        .selectFrom("app_user as u")
        .innerJoin("customer as c", "c.id", "u.customer_id")
        .select("c.code")
        .where("u.code", "=", "XCD000001")
        .executeTakeFirstOrThrow()
    ).code;
    const ofCustomer = await codesOf(await messageRecipients(db, tenantId, "customer", customerCode.toLowerCase()));
    expect(ofCustomer).toEqual(expect.arrayContaining(["XCD000001", "XCD000002", "XCD000003"]));
    expect(ofCustomer).not.toContain("DPC000001");
    const masters = await codesOf(await messageRecipients(db, tenantId, "role", "customer_master"));
    expect(masters).toContain("XCD000001");
    expect(masters).not.toContain("XCD000002");
    const all = await codesOf(await messageRecipients(db, tenantId, "all", ""));
    expect(all).toEqual(expect.arrayContaining(["XCD000001", "XCD000002"]));
    expect(all.some((c) => c.startsWith("EMP"))).toBe(false);
  });

  it("a province reaches the customers with an address there, and only them", async () => {
    const address = await db
      .selectFrom("address as a")
      .innerJoin("app_user as u", "u.customer_id", "a.customer_id")
      .select(["a.province"])
      .where("u.code", "=", "XCD000001")
      .executeTakeFirstOrThrow();
    const inProvince = await codesOf(await messageRecipients(db, tenantId, "province", address.province));
    expect(inProvince).toContain("XCD000001");
    // the province without its 省 finds the same accounts; a % is a character, not a wildcard
    expect(await codesOf(await messageRecipients(db, tenantId, "province", address.province.replace(/省$/, "")))).toEqual(inProvince);
    expect(await messageRecipients(db, tenantId, "province", "%")).toEqual([]);
    expect(await messageRecipients(db, tenantId, "province", "不存在的省")).toEqual([]);
  });

  it("refuses an audience that names nobody, an unknown role and a missing value, and sends nothing", async () => {
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("notice")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await sendStaffMessage(db, desk, message({ audienceValue: "XCD999999" }))).toEqual({
      ok: false,
      error: { key: "adminContent:message.noRecipients", field: "audienceValue" },
    });
    expect(await sendStaffMessage(db, desk, message({ audience: "role", audienceValue: "admin" }))).toMatchObject({
      ok: false,
      error: { key: "adminContent:message.roleUnknown" },
    });
    expect(await sendStaffMessage(db, desk, message({ audience: "customer", audienceValue: "  " }))).toMatchObject({
      ok: false,
      error: { key: "adminContent:message.audienceValueRequired" },
    });
    expect(await count()).toBe(before);
  });

  it("a double post (same token) sends once; the sent list shows the message with its sender and count", async () => {
    const input = message({ audience: "role", audienceValue: "customer_sub", titleZh: "子账号通知" });
    const first = await sendStaffMessage(db, desk, input);
    const [second, third] = await Promise.all([sendStaffMessage(db, desk, input), sendStaffMessage(db, desk, input)]);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(await messageNotices("XCD000002", "子账号通知")).toHaveLength(1);
    const { rows } = await listStaffMessages(db, tenantId, 1);
    expect(rows[0]).toMatchObject({ title_zh: "子账号通知", audience: "role", audience_value: "customer_sub", author_code: "EMP000002" });
    expect(rows[0].recipients).toBe(first.ok ? first.value.recipients : -1);
    // another entity's list does not show it
    expect((await listStaffMessages(db, tenantId + 1000, 1)).rows).toEqual([]);
  });
});
