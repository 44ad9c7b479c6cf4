import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases } from "../helpers/db";
import { startTestJobWorkers } from "../helpers/jobs";

/**
 * The back office's user, audit and error-log routes called directly: who may see and post
 * (signed out: to /login; a dealer: 404; staff without the function code: 403), plain form
 * posts answered by a redirect or the same page with an error.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-users-"));
process.env.DATABASE_URL = `file:${path.join(dir, "shop.db")}`;
process.env.MAIL_OUTBOX_DIR = path.join(dir, "outbox");

type Fn = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;
let db: DB;
let cookies: Record<"admin" | "orderDesk" | "dealer", string>;
let routes: Record<string, { loader: Fn; action?: Fn }>;
const idOf = async (code: string) => (await db.selectFrom("app_user").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;

let stopJobWorkers = async () => {};
afterAll(() => stopJobWorkers());

beforeAll(async () => {
  // the run's demo database (60 products), seeded once for every file that asks (tests/helpers/db.ts)
  fs.copyFileSync((await testDatabases()[0].seeded({ products: 60 })).replace(/^file:/, ""), path.join(dir, "shop.db"));
  const { getDb } = await import("~/db/index.server");
  const { migrateToLatest } = await import("~/db/migrate.server");
  const { createSession } = await import("~/utils/session.server");
  const { cookieHeader } = await import("../helpers/auth-fixtures");
  db = getDb();
  await migrateToLatest(db);
  stopJobWorkers = await startTestJobWorkers(db);
  const tenantId = (await db.selectFrom("tenant").select("id").where("code", "=", "1000").executeTakeFirstOrThrow()).id;
  const cookie = async (code: string) =>
    cookieHeader(await createSession(db, new Request("http://x/"), { userId: await idOf(code), tenantId, clientIp: null }));
  cookies = { admin: await cookie("EMP000001"), orderDesk: await cookie("EMP000002"), dealer: await cookie("XCD000001") };
  routes = {
    list: { loader: (await import("~/routes/system+/_system+/user._index")).loader as Fn },
    details: {
      loader: (await import("~/routes/system+/_system+/user.$id")).loader as Fn,
      action: (await import("~/routes/system+/_system+/user.$id")).action as Fn,
    },
    create: {
      loader: (await import("~/routes/system+/_system+/user.new")).loader as Fn,
      action: (await import("~/routes/system+/_system+/user.new")).action as Fn,
    },
    audit: { loader: (await import("~/routes/system+/_system+/audit")).loader as Fn },
    errorLog: { loader: (await import("~/routes/system+/_system+/errorLog")).loader as Fn },
  };
});

async function answer(promise: Promise<unknown>): Promise<{ status: number; location?: string | null; body?: unknown; toast?: unknown }> {
  try {
    const value = await promise;
    if (value instanceof Response) {
      const { flashCookie } = await import("~/utils/cookies.server");
      const toast = (await flashCookie.parse(value.headers.get("Set-Cookie"))) ?? undefined;
      return {
        status: value.status,
        location: value.headers.get("Location"),
        body: value.headers.get("Content-Type")?.includes("json") ? await value.json() : undefined,
        toast,
      };
    }
    return { status: 200, body: value };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, location: e.headers.get("Location") };
    throw e;
  }
}

const get = (url: string, cookie: string) => new Request(`http://localhost${url}`, { headers: { Cookie: cookie } });
const post = (url: string, cookie: string, fields: [string, string][]) =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

describe("back-office user routes", () => {
  it.each([
    ["list", "/system/user", {}],
    ["audit", "/system/audit", {}],
    ["errorLog", "/system/errorLog", {}],
    ["create", "/system/user/new", {}],
  ] as const)("%s: signed out to /login, a dealer 404, staff without the code 403", async (name, url, params) => {
    const loader = routes[name].loader;
    expect(await answer(loader({ request: get(url, ""), params, context: {} }))).toMatchObject({
      status: 302,
      location: `/login?redirect=${encodeURIComponent(url)}`,
    });
    expect((await answer(loader({ request: get(url, cookies.dealer), params, context: {} }))).status).toBe(404);
    expect((await answer(loader({ request: get(url, cookies.orderDesk), params, context: {} }))).status).toBe(403);
    expect((await answer(loader({ request: get(url, cookies.admin), params, context: {} }))).status).toBe(200);
  });

  it("lists with the search form's filters; a sub-account's or a missing id is 404", async () => {
    const list = await answer(routes.list.loader({ request: get("/system/user?q=XCD00000&kind=dealer&page=abc", cookies.admin), params: {}, context: {} }));
    expect((list.body as { rows: { code: string }[] }).rows.map((r) => r.code)).toEqual(["XCD000001", "XCD000009"]);
    const details = routes.details.loader;
    expect((await answer(details({ request: get("/system/user/x", cookies.admin), params: { id: (await idOf("XCD000002")) + "" }, context: {} }))).status).toBe(
      404,
    );
    expect((await answer(details({ request: get("/system/user/x", cookies.admin), params: { id: "999999" }, context: {} }))).status).toBe(404);
    expect((await answer(details({ request: get("/system/user/x", cookies.admin), params: { id: "abc" }, context: {} }))).status).toBe(404);
  });

  it("locks and unlocks by form post, refuses to lock oneself, sets roles, creates a user", async () => {
    const id = String(await idOf("DPC000001"));
    const act = (fields: [string, string][], cookie = cookies.admin, userId = id) =>
      answer(routes.details.action!({ request: post(`/system/user/${userId}`, cookie, fields), params: { id: userId }, context: {} }));
    expect(await act([["intent", "lock"]], cookies.orderDesk)).toMatchObject({ status: 403 });
    expect(await act([["intent", "lock"]])).toMatchObject({ status: 302, location: `/system/user/${id}`, toast: { key: "adminUsers:done.locked" } });
    expect(await act([["intent", "unlock"]])).toMatchObject({ status: 302, location: `/system/user/${id}`, toast: { key: "adminUsers:done.unlocked" } });
    expect(await act([["intent", "lock"]], cookies.admin, String(await idOf("EMP000001")))).toMatchObject({
      status: 400,
      body: { result: { error: { "": ["不能锁定自己的账号"] } } },
    });
    expect(await act([["intent", "roles"]])).toMatchObject({ status: 400, body: { result: { error: { roleIds: ["请至少选择一个角色"] } } } });
    expect(await act([["intent", "bogus"]])).toMatchObject({ status: 400, body: { result: { error: { "": ["提交的内容无效，请刷新页面后重试"] } } } });
    const master = (await db.selectFrom("role").select("id").where("code", "=", "customer_master").executeTakeFirstOrThrow()).id;
    expect(
      await act([
        ["intent", "roles"],
        ["roleIds", String(master)],
      ]),
    ).toMatchObject({ status: 302, location: `/system/user/${id}`, toast: { key: "adminUsers:done.rolesSaved" } });

    const tenant = (await db.selectFrom("tenant").select("id").where("code", "=", "1000").executeTakeFirstOrThrow()).id;
    const staffRole = (await db.selectFrom("role").select("id").where("code", "=", "order_desk").executeTakeFirstOrThrow()).id;
    const create = (fields: [string, string][]) =>
      answer(routes.create.action!({ request: post("/system/user/new", cookies.admin, fields), params: {}, context: {} }));
    const bad = await create([
      ["kind", "staff"],
      ["code", "EMP000001"],
      ["name", "x"],
      ["email", "nope"],
    ]);
    expect(bad.status).toBe(400);
    expect((bad.body as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({ email: ["邮箱格式不正确"] });
    const created = await create([
      ["kind", "staff"],
      ["code", "emp000050"],
      ["name", "新员工"],
      ["email", "n@zztools.com.cn"],
      ["roleIds", String(staffRole)],
      ["tenantIds", String(tenant)],
    ]);
    expect(created).toMatchObject({ status: 302, location: `/system/user/${await idOf("EMP000050")}`, toast: { key: "adminUsers:done.created" } });
    // the mail to the new user goes through the job queue, whose worker writes it to the outbox
    await expect.poll(() => (fs.existsSync(process.env.MAIL_OUTBOX_DIR!) ? fs.readdirSync(process.env.MAIL_OUTBOX_DIR!).length : 0)).toBeGreaterThan(0);
  });

  it("keeps an active administrator: the last one cannot give up the role nor be locked; with a second one, either can", async () => {
    const { lockUser } = await import("~/modules/admin/users.server");
    const roleId = async (code: string) => String((await db.selectFrom("role").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id);
    const rolesOf = async (userId: number) =>
      (await db.selectFrom("user_role").innerJoin("role", "role.id", "user_role.role_id").select("role.code").where("user_id", "=", userId).execute())
        .map((r) => r.code)
        .sort();
    const act = async (userId: number, fields: [string, string][]) =>
      answer(routes.details.action!({ request: post(`/system/user/${userId}`, cookies.admin, fields), params: { id: String(userId) }, context: {} }));
    const [admin, deskRole] = [await roleId("admin"), await roleId("order_desk")];
    const first = await idOf("EMP000001");
    const second = await idOf("EMP000002");

    // EMP000001 is the only administrator: taking the role from themself is refused, and nothing changes
    expect(
      await act(first, [
        ["intent", "roles"],
        ["roleIds", deskRole],
      ]),
    ).toMatchObject({ status: 400, body: { result: { error: { "": [expect.stringContaining("最后一个有效的系统管理员")] } } } });
    expect(await rolesOf(first)).toEqual(["admin"]);
    // nor may anyone else lock the last administrator (the domain rule, whoever calls it)
    expect(await lockUser(db, { id: second, code: "EMP000002", tenantId: 1 }, first)).toEqual({ ok: false, error: { key: "adminUsers:user.lastAdmin" } });
    expect((await db.selectFrom("app_user").select("status").where("id", "=", first).executeTakeFirstOrThrow()).status).toBe("active");

    // a second administrator, but locked, does not count
    expect(
      await act(second, [
        ["intent", "roles"],
        ["roleIds", admin],
        ["roleIds", deskRole],
      ]),
    ).toMatchObject({ status: 302 });
    expect(await act(second, [["intent", "lock"]])).toMatchObject({ status: 302 });
    expect(
      await act(first, [
        ["intent", "roles"],
        ["roleIds", deskRole],
      ]),
    ).toMatchObject({ status: 400, body: { result: { error: { "": [expect.stringContaining("最后一个有效的系统管理员")] } } } });
    // once active, the first administrator may give up the role; the second is now the last one
    expect(await act(second, [["intent", "unlock"]])).toMatchObject({ status: 302 });
    expect(
      await act(first, [
        ["intent", "roles"],
        ["roleIds", deskRole],
      ]),
    ).toMatchObject({ status: 302, location: `/system/user/${first}`, toast: { key: "adminUsers:done.rolesSaved" } });
    expect(await rolesOf(first)).toEqual(["order_desk"]);
    expect(await lockUser(db, { id: first, code: "EMP000001", tenantId: 1 }, second)).toEqual({ ok: false, error: { key: "adminUsers:user.lastAdmin" } });
  });
});
