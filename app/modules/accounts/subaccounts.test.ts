import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { verifyPassword } from "~/modules/auth/password.server";
import { findSessionUser, type SessionUser } from "~/modules/auth/sessions.server";
import { createSession } from "~/utils/session.server";
import { freshDb, testDatabases } from "../../../tests/helpers/db";
import { createWorld, sessionUserOf, type World } from "../../../tests/helpers/auth-fixtures";
import { factorText } from "./rules";
import { createSubAccountSchema, updateSubAccountSchema } from "./schemas.server";
import { NotFoundError } from "~/modules/errors";
import { fail, ok } from "~/modules/result";
import { NotMasterError, createSubAccount, deleteSubAccount, getSubAccount, listAccounts, suggestSubAccountCode, updateSubAccount } from "./subaccounts.server";

const issue = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : `${r.error!.issues[0].path.join(".")}: ${r.error!.issues[0].message}`;

const valid = {
  intent: "create",
  code: "XCD000050",
  name: "赵六",
  mobile: "13800000050",
  email: "zhao@example.test",
  priceFactor: "5",
  canOrder: "on",
  password: "Sub12345",
  confirmPassword: "Sub12345",
};

describe("sub-account form rules (spec §5)", () => {
  it.each([
    [{}, null],
    [{ name: "" }, "name: validation.contactRequired"],
    [{ name: "x".repeat(51) }, "name: validation.tooLong"],
    [{ mobile: undefined }, "mobile: validation.mobileRequired"],
    [{ mobile: "abc" }, "mobile: validation.mobileFormat"],
    [{ email: " " }, "email: validation.emailRequired"],
    [{ email: "not-an-email" }, "email: validation.emailFormat"],
    [{ code: "XCD12" }, "code: validation.codeFormat"],
    [{ code: undefined }, "code: validation.codeRequired"],
    [{ confirmPassword: undefined }, "confirmPassword: validation.confirmRequired"],
    [{ confirmPassword: "Sub12346" }, "confirmPassword: validation.passwordMismatch"],
    [{ password: "short", confirmPassword: "short" }, "password: validation.passwordRule"],
    [{ priceFactor: "abc" }, "priceFactor: validation.factorFormat"],
    [{ priceFactor: "1.234" }, "priceFactor: validation.factorFormat"],
    [{ priceFactor: "201" }, "priceFactor: validation.factorRange"],
    [{ priceFactor: "-51" }, "priceFactor: validation.factorRange"],
    [{ priceFactor: "-5" }, "priceFactor: validation.negativeNeedsDiscount"],
    [{ priceFactor: "-5", discount: "on" }, null],
    [{ erpAccount: "a b" }, "erpAccount: validation.erpFormat"],
  ])("%j → %s", (change, expected) => {
    expect(issue(createSubAccountSchema.safeParse({ ...valid, ...change }))).toBe(expected);
  });

  it("stores the factor in basis points", () => {
    expect(createSubAccountSchema.parse({ ...valid, priceFactor: "10.5%" }).priceFactor).toBe(1050);
    expect(createSubAccountSchema.parse({ ...valid, priceFactor: undefined }).priceFactor).toBe(0);
    expect(factorText(1050)).toBe("10.5");
  });

  it("on update the password may stay empty; when given it must be confirmed", () => {
    const u = { ...valid, intent: "update", id: "5", password: undefined, confirmPassword: undefined };
    expect(issue(updateSubAccountSchema.safeParse(u))).toBeNull();
    expect(issue(updateSubAccountSchema.safeParse({ ...u, password: "Newpass12" }))).toBe("confirmPassword: validation.confirmRequired");
  });
});

describe.each(testDatabases())("sub-accounts ($name)", ({ url }) => {
  let db: DB;
  let world: World;
  let master: SessionUser;
  let sub: SessionUser;
  let other: SessionUser;
  const userOf = async (userId: number) =>
    (await sessionUserOf(db, await createSession(db, new Request("http://x/"), { userId, tenantId: world.tenants.t1000, clientIp: null })))!;

  beforeAll(async () => {
    db = await freshDb(await url());
    world = await createWorld(db);
    master = await userOf(world.users.master);
    sub = await userOf(world.users.sub);
    other = await userOf(world.users.other);
  });
  afterAll(() => db.destroy());

  it("lists the master first, then its sub-accounts", async () => {
    const rows = await listAccounts(db, master);
    expect(rows.map((r) => [r.code, r.isMaster])).toEqual([
      ["XCD000001", true],
      ["XCD000002", false],
    ]);
  });

  it("a sub-account is not the master: 'the current account is not the master'", async () => {
    await expect(listAccounts(db, sub)).rejects.toBeInstanceOf(NotMasterError);
    await expect(createSubAccount(db, sub, createSubAccountSchema.parse(valid))).rejects.toBeInstanceOf(NotMasterError);
  });

  it("DPC000001 gets 404 on XCD000001's sub-accounts", async () => {
    const input = updateSubAccountSchema.parse({ ...valid, intent: "update", id: String(world.users.sub), password: undefined, confirmPassword: undefined });
    for (const attempt of [
      () => getSubAccount(db, other, world.users.sub),
      () => updateSubAccount(db, other, input),
      () => deleteSubAccount(db, other, world.users.sub),
      () => getSubAccount(db, master, world.users.master), // the master itself is not a sub-account
    ]) {
      const err = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(NotFoundError); // the web layer answers 404
    }
    expect((await getSubAccount(db, master, world.users.sub)).code).toBe("XCD000002");
  });

  it("creates, edits and deletes a sub-account", async () => {
    const created = await createSubAccount(db, master, createSubAccountSchema.parse(valid));
    expect(created.ok).toBe(true);
    const id = created.ok ? created.value : 0;
    const row = await getSubAccount(db, master, id);
    expect(row).toMatchObject({ code: "XCD000050", priceAdjustmentBp: 500, canOrder: true, canSeePrice: false, canSeeStock: false });
    // it can sign in, on the master's companies, with the sub-account role
    const session = await findSessionUser(db, "nope");
    expect(session).toBeNull();
    const su = await userOf(id);
    expect(su.masterUserId).toBe(world.users.master);
    expect(su.roles).toEqual(["customer_sub"]);
    const tenants = await db.selectFrom("user_tenant").select("tenant_id").where("user_id", "=", id).execute();
    expect(tenants).toHaveLength(2);

    expect(await createSubAccount(db, master, createSubAccountSchema.parse(valid))).toEqual(fail("auth:validation.codeTaken", undefined, "code"));

    const upd = updateSubAccountSchema.parse({
      ...valid,
      intent: "update",
      id: String(id),
      name: "赵六六",
      priceFactor: "12.5",
      password: "Changed12",
      confirmPassword: "Changed12",
    });
    expect(await updateSubAccount(db, master, upd)).toEqual(ok(id));
    expect(await getSubAccount(db, master, id)).toMatchObject({ name: "赵六六", priceAdjustmentBp: 1250 });
    const hash = await db.selectFrom("app_user").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow();
    expect(await verifyPassword(hash.password_hash, "Changed12")).toBe(true);

    await deleteSubAccount(db, master, id);
    expect((await listAccounts(db, master)).map((r) => r.code)).not.toContain("XCD000050");
  });

  it("the discount tick is refused when the customer already has discount data", async () => {
    const input = createSubAccountSchema.parse({ ...valid, code: "XCD000051", priceFactor: "-5", discount: "on" });
    expect(await createSubAccount(db, master, input)).toEqual(fail("auth:validation.discountExists", undefined, "discount"));
    // dealer B has no customer discount: allowed
    expect((await createSubAccount(db, other, { ...input, code: "DPC000051" })).ok).toBe(true);
  });
});

describe.each(testDatabases())("the suggested code of a new sub-account ($name)", ({ url }) => {
  let db: DB;
  let world: World;
  let master: SessionUser;
  let other: SessionUser;
  const userOf = async (userId: number) =>
    (await sessionUserOf(db, await createSession(db, new Request("http://x/"), { userId, tenantId: world.tenants.t1000, clientIp: null })))!;
  const create = (actor: SessionUser, code: string) => createSubAccount(db, actor, createSubAccountSchema.parse({ ...valid, code }));

  beforeAll(async () => {
    db = await freshDb(await url());
    world = await createWorld(db);
    master = await userOf(world.users.master);
    other = await userOf(world.users.other);
  });
  afterAll(() => db.destroy());

  it("is the number after the highest code with the master's prefix among ALL users, not only the master's own", async () => {
    // XCD000008 belongs to dealer B: the master of dealer A does not see it, the suggestion skips it
    expect((await listAccounts(db, master)).map((r) => r.code)).not.toContain("XCD000008");
    expect(await suggestSubAccountCode(db, master)).toBe("XCD000009");
    expect(await suggestSubAccountCode(db, other)).toBe("DPC000002");
    await expect(suggestSubAccountCode(db, await userOf(world.users.sub))).rejects.toBeInstanceOf(NotMasterError);
  });

  it("moves on once the suggestion is used, and a taken code is still refused", async () => {
    expect(await create(master, await suggestSubAccountCode(db, master))).toMatchObject({ ok: true });
    expect(await suggestSubAccountCode(db, master)).toBe("XCD000010");
    // another dealer takes the code first: the master's post is refused, the next suggestion skips it
    expect(await create(other, "XCD000010")).toMatchObject({ ok: true });
    expect(await create(master, "XCD000010")).toEqual(fail("auth:validation.codeTaken", undefined, "code"));
    expect(await suggestSubAccountCode(db, master)).toBe("XCD000011");
  });

  it("ignores codes with letters and, after XCD999999, takes the lowest free number", async () => {
    expect(await create(other, "XCD0ZZZZZ")).toMatchObject({ ok: true });
    expect(await suggestSubAccountCode(db, master)).toBe("XCD000011");
    expect(await create(other, "XCD999999")).toMatchObject({ ok: true });
    expect(await suggestSubAccountCode(db, master)).toBe("XCD000003");
  });
});
