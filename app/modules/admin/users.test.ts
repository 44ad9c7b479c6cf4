import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { checkResetToken } from "~/modules/auth/reset.server";
import type { MailMessage } from "~/modules/mail/mailer.server";
import { NotFoundError } from "~/modules/errors";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { listAudit } from "./audit.server";
import { createUser, getUser, listUsers, lockUser, sendPasswordReset, setRoles, unlockUser, type ResetLinkDeps } from "./users.server";

describe.each(testDatabases())("user administration on $name", ({ seeded }) => {
  let db: DB;
  const admin = { id: 0, code: "EMP000001", tenantId: null };
  const sent: MailMessage[] = [];
  const deps: ResetLinkDeps = {
    mailer: { send: async (m) => void sent.push(m) },
    sms: { send: async () => {} },
    messages: { mailSubject: "reset", mailText: (link) => `link: ${link}`, smsText: (c) => c },
    baseUrl: "https://shop.example",
  };
  const userId = async (code: string) => (await db.selectFrom("app_user").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const roleId = async (code: string) => (await db.selectFrom("role").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const tenantId = async (code: string) => (await db.selectFrom("tenant").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const lastAudit = async (entityId: number) => (await listAudit(db, { entity: "app_user", entityId: String(entityId) }, 1)).rows[0];
  const tokenOf = (m: MailMessage) => /token=([A-Za-z0-9_-]+)/.exec(m.text)![1];

  withFreshDb(
    () => seeded({ products: 60 }),
    async (fresh) => {
      db = fresh;
      admin.id = await userId("EMP000001");
    },
  );

  it("lists staff and dealer masters, never sub-accounts, filtered by kind, status and text", async () => {
    const all = await listUsers(db, { kind: "all" }, 1);
    const codes = all.rows.map((r) => r.code);
    expect(codes).toContain("EMP000001");
    expect(codes).toContain("XCD000001");
    expect(codes).not.toContain("XCD000002");
    const staff = await listUsers(db, { kind: "staff" }, 1);
    expect(staff.rows.map((r) => r.code)).toEqual(["EMP000001", "EMP000002", "EMP000003", "EMP000004", "EMP000005"]);
    expect(staff.rows.every((r) => r.kind === "staff")).toBe(true);
    expect((await listUsers(db, { q: "xcd00000" }, 1)).rows.map((r) => r.code)).toEqual(["XCD000001", "XCD000009"]);
    expect((await listUsers(db, { q: "湖南精工" }, 1)).rows.map((r) => r.code)).toEqual(["XCD000001"]);
    expect((await listUsers(db, { q: "hunan precision" }, 1)).rows.map((r) => r.code)).toEqual(["XCD000001"]);
    expect((await listUsers(db, { q: "%" }, 1)).total).toBe(0);
    expect((await listUsers(db, { status: "locked" }, 1)).total).toBe(0);
  });

  it("shows a master's roles, company entities and read-only sub-accounts; a sub-account is not found", async () => {
    const master = await getUser(db, await userId("XCD000001"));
    expect(master.kind).toBe("dealer");
    expect(master.roles.map((r) => r.code)).toEqual(["customer_master"]);
    expect(master.tenants.map((t) => t.code)).toEqual(["1000", "2000"]);
    expect(master.subAccounts.map((s) => s.code)).toEqual(["XCD000002", "XCD000003"]);
    await expect(getUser(db, await userId("XCD000002"))).rejects.toThrow(NotFoundError);
    await expect(getUser(db, 999_999)).rejects.toThrow(NotFoundError);
  });

  it("creates a staff member with staff roles and mails the reset link; the code must be EMP and unused", async () => {
    sent.length = 0;
    const input = {
      kind: "staff" as const,
      code: "emp000099",
      name: "新同事",
      email: "new@zztools.com.cn",
      mobile: "13600000099",
      roleIds: [await roleId("order_desk")],
      tenantIds: [await tenantId("1000")],
    };
    const created = await createUser(db, admin, input, deps);
    expect(created).toMatchObject({ ok: true, value: { mailed: true } });
    if (!created.ok) return;
    const user = await getUser(db, created.value.id);
    expect(user).toMatchObject({ code: "EMP000099", kind: "staff", customer_code: "ZZ-STAFF", status: "active" });
    expect(user.roles.map((r) => r.code)).toEqual(["order_desk"]);
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe("new@zztools.com.cn");
    expect(await checkResetToken(db, tokenOf(sent[0]))).toBe(true);
    const audit = await lastAudit(created.value.id);
    expect(audit.action).toBe("reset");
    const createdEntry = (await listAudit(db, { entity: "app_user", entityId: String(created.value.id) }, 1)).rows.find((r) => r.action === "create")!;
    expect(JSON.parse(createdEntry.after_json!)).toMatchObject({ code: "EMP000099", roles: ["order_desk"] });

    expect(await createUser(db, admin, input, deps)).toEqual({ ok: false, error: { key: "adminUsers:user.codeTaken", field: "code" } });
    expect(await createUser(db, admin, { ...input, code: "XCD000777" }, deps)).toEqual({
      ok: false,
      error: { key: "adminUsers:user.staffCodeFormat", field: "code" },
    });
    expect(await createUser(db, admin, { ...input, code: "EMP000098", roleIds: [await roleId("customer_master")] }, deps)).toEqual({
      ok: false,
      error: { key: "adminUsers:user.roleNotAllowed", field: "roleIds" },
    });
    expect(await createUser(db, admin, { ...input, code: "EMP000098", tenantIds: [] }, deps)).toEqual({
      ok: false,
      error: { key: "adminUsers:user.tenantsRequired", field: "tenantIds" },
    });
    expect(await createUser(db, admin, { ...input, code: "EMP000098", roleIds: [], tenantIds: [] }, deps)).toEqual({
      ok: false,
      error: { key: "adminUsers:user.rolesRequired", field: "roleIds" },
    });
  });

  it("creates a dealer master of an existing dealer customer with dealer roles", async () => {
    const input = {
      kind: "dealer" as const,
      code: "DPC000777",
      name: "新经销商",
      email: "d@dealer.example",
      mobile: "",
      customerCode: "c20001",
      roleIds: [await roleId("customer_master")],
      tenantIds: [await tenantId("2000"), await tenantId("1000")],
    };
    const created = await createUser(db, admin, input, deps);
    expect(created).toMatchObject({ ok: true });
    if (!created.ok) return;
    const user = await getUser(db, created.value.id);
    expect(user).toMatchObject({ kind: "dealer", customer_code: "C20001" });
    expect(user.tenants.find((t) => t.is_default === 1)?.code).toBe("1000");
    expect(await createUser(db, admin, { ...input, code: "DPC000778", customerCode: "ZZ-STAFF" }, deps)).toEqual({
      ok: false,
      error: { key: "adminUsers:user.customerUnknown", field: "customerCode" },
    });
    expect(await createUser(db, admin, { ...input, code: "EMP000778" }, deps)).toEqual({
      ok: false,
      error: { key: "adminUsers:user.dealerCodeFormat", field: "code" },
    });
  });

  it("locking ends the user's sessions and is audited; an administrator cannot lock himself", async () => {
    const id = await userId("DPC000001");
    const tenant = await tenantId("1000");
    await db
      .insertInto("session")
      .values({ id: "s-dpc000001", user_id: id, tenant_id: tenant, expires_at: "2999-01-01T00:00:00.000Z", ip: null, user_agent: null })
      .execute();
    expect(await lockUser(db, admin, id)).toEqual({ ok: true });
    expect((await getUser(db, id)).status).toBe("locked");
    expect(await db.selectFrom("session").select("id").where("user_id", "=", id).execute()).toEqual([]);
    const audit = await lastAudit(id);
    expect(audit.action).toBe("lock");
    expect(JSON.parse(audit.before_json!)).toEqual({ code: "DPC000001", status: "active" });
    expect(JSON.parse(audit.after_json!)).toEqual({ code: "DPC000001", status: "locked" });
    expect(await sendPasswordReset(db, admin, id, deps)).toEqual({ ok: false, error: { key: "adminUsers:user.lockedNoReset" } });
    expect((await listUsers(db, { status: "locked" }, 1)).rows.map((r) => r.code)).toEqual(["DPC000001"]);
    expect(await unlockUser(db, admin, id)).toEqual({ ok: true });
    expect((await getUser(db, id)).status).toBe("active");
    expect((await lastAudit(id)).action).toBe("unlock");

    expect(await lockUser(db, admin, admin.id)).toEqual({ ok: false, error: { key: "adminUsers:user.cannotLockSelf" } });
    expect((await getUser(db, admin.id)).status).toBe("active");
    await expect(lockUser(db, admin, await userId("XCD000002"))).rejects.toThrow(NotFoundError);
  });

  it("sends the reset link by e-mail, within the hourly limit", async () => {
    sent.length = 0;
    const id = await userId("XCD000010");
    expect(await sendPasswordReset(db, admin, id, deps)).toEqual({ ok: true });
    expect(sent[0].to).toBe("zhaojing@hn-zhixuan.example");
    expect(sent[0].text).toContain("https://shop.example/order/resetPwd/thirdReset?token=");
    expect(await checkResetToken(db, tokenOf(sent[0]))).toBe(true);
    expect((await lastAudit(id)).action).toBe("reset");
    for (let i = 1; i < 5; i++) expect(await sendPasswordReset(db, admin, id, deps)).toEqual({ ok: true });
    expect(await sendPasswordReset(db, admin, id, deps)).toEqual({ ok: false, error: { key: "adminUsers:user.tooManyResets" } });
    expect(sent).toHaveLength(5);
  });

  it("sets roles of the user's kind only, at least one, with before and after in the audit", async () => {
    const staff = await userId("EMP000003");
    expect(await setRoles(db, admin, staff, [await roleId("support_staff"), await roleId("content_editor")])).toEqual({ ok: true });
    expect((await getUser(db, staff)).roles.map((r) => r.code)).toEqual(["support_staff", "content_editor"]);
    const audit = await lastAudit(staff);
    expect(audit.action).toBe("grant");
    expect(JSON.parse(audit.before_json!).roles).toEqual(["support_staff"]);
    expect(JSON.parse(audit.after_json!).roles).toEqual(["support_staff", "content_editor"]);
    expect(await setRoles(db, admin, staff, [await roleId("customer_master")])).toEqual({
      ok: false,
      error: { key: "adminUsers:user.roleNotAllowed", field: "roleIds" },
    });
    expect(await setRoles(db, admin, staff, [])).toEqual({ ok: false, error: { key: "adminUsers:user.rolesRequired", field: "roleIds" } });
    const dealer = await userId("XCD000001");
    expect(await setRoles(db, admin, dealer, [await roleId("admin")])).toEqual({
      ok: false,
      error: { key: "adminUsers:user.roleNotAllowed", field: "roleIds" },
    });
    expect((await getUser(db, dealer)).roles.map((r) => r.code)).toEqual(["customer_master"]);
  });
});
