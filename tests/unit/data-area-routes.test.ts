import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases } from "../helpers/db";
import { startTestJobWorkers } from "../helpers/jobs";

/**
 * The company entity pages (/system/dataArea) as a browser without JavaScript uses them: plain
 * form posts answered by a redirect or the page with its errors; staff only, by function code.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-area-routes-"));
process.env.DATABASE_URL = `file:${path.join(dir, "shop.db")}`;

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;
let db: DB;
let cookieOf: (userCode: string) => Promise<string>;
let list: { loader: Handler; action: Handler };
let detail: { loader: Handler; action: Handler };
let job: { loader: Handler };

let stopJobWorkers = async () => {};
afterAll(() => stopJobWorkers());

beforeAll(async () => {
  // the run's demo database (60 products), seeded once for every file that asks (tests/helpers/db.ts)
  fs.copyFileSync((await testDatabases()[0].seeded({ products: 60 })).replace(/^file:/, ""), path.join(dir, "shop.db"));
  const { getDb } = await import("~/db/index.server");
  const { migrateToLatest } = await import("~/db/migrate.server");
  const { createSession } = await import("~/utils/session.server");
  db = getDb();
  await migrateToLatest(db);
  stopJobWorkers = await startTestJobWorkers(db);
  cookieOf = async (code) => {
    const user = await db.selectFrom("app_user").select("id").where("code", "=", code).executeTakeFirstOrThrow();
    const tenant = await db
      .selectFrom("user_tenant")
      .select("tenant_id")
      .where("user_id", "=", user.id)
      .orderBy("is_default", "desc")
      .executeTakeFirstOrThrow();
    const setCookie = await createSession(db, new Request("http://x/"), { userId: user.id, tenantId: tenant.tenant_id, clientIp: null });
    return setCookie.split(";")[0];
  };
  list = (await import("~/routes/system+/_system+/dataArea._index")) as unknown as typeof list;
  detail = (await import("~/routes/system+/_system+/dataArea.$id")) as unknown as typeof detail;
  job = (await import("~/routes/system+/_system+/dataArea.job.$id")) as unknown as typeof job;
}, 120_000);

const post = (url: string, cookie: string, fields: Record<string, string>) =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const get = (url: string, cookie: string) => new Request(`http://localhost${url}`, { headers: { Cookie: cookie } });
/** a thrown or returned Response */
async function answer(work: Promise<unknown>): Promise<Response> {
  try {
    const r = await work;
    if (r instanceof Response) return r;
    throw new Error(`not a Response: ${JSON.stringify(r)}`);
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}
const entity = {
  nameZh: "西安工具有限公司",
  nameEn: "Xi'an Tools Co.",
  showNameZh: "西安工具",
  showNameEn: "XA Tools",
  currency: "cny",
  taxRate: "13",
  freeShippingAmount: "2000.50",
  shippingFee: "20",
};

describe("/system/dataArea", () => {
  it("is for staff with the function code: a dealer gets 404, staff without it 403, signed out goes to /login", async () => {
    expect((await answer(list.loader({ request: get("/system/dataArea", await cookieOf("XCD000001")), params: {}, context: {} }))).status).toBe(404);
    expect((await answer(list.loader({ request: get("/system/dataArea", await cookieOf("EMP000002")), params: {}, context: {} }))).status).toBe(403);
    const out = await answer(list.action({ request: post("/system/dataArea?index", "", { intent: "create", code: "9", ...entity }), params: {}, context: {} }));
    expect(out.headers.get("Location")).toMatch(/^\/login\?redirect=/);
    const data = (await list.loader({ request: get("/system/dataArea", await cookieOf("EMP000001")), params: {}, context: {} })) as {
      areas: { code: string }[];
      canEdit: boolean;
    };
    expect(data.areas.map((a) => a.code)).toEqual(["1000", "2000"]);
    expect(data.canEdit).toBe(true);
  });

  it("adds an entity (money and tax in minor units), refuses a taken code with the field's error", async () => {
    const admin = await cookieOf("EMP000001");
    const added = await answer(
      list.action({ request: post("/system/dataArea?index", admin, { intent: "create", code: "3000", ...entity }), params: {}, context: {} }),
    );
    expect(added.status).toBe(302);
    const id = await db
      .selectFrom("tenant")
      .select(["id", "currency", "tax_rate_bp", "free_shipping_amount", "shipping_fee"])
      .where("code", "=", "3000")
      .executeTakeFirstOrThrow();
    expect(id).toMatchObject({ currency: "CNY", tax_rate_bp: 1300, free_shipping_amount: 200050, shipping_fee: 2000 });
    expect(added.headers.get("Location")).toBe(`/system/dataArea/${id.id}`);

    const again = await answer(
      list.action({ request: post("/system/dataArea?index", admin, { intent: "create", code: "3000", ...entity }), params: {}, context: {} }),
    );
    expect(again.status).toBe(400);
    const body = (await again.json()) as { intent: string; result: { error: Record<string, string[]> } };
    expect(body.intent).toBe("create");
    // translated on the server, in the signed-in administrator's language (decision 060)
    expect(body.result.error.code).toEqual(["该公司代码已存在"]);

    const bad = await answer(
      list.action({
        request: post("/system/dataArea?index", admin, { intent: "initialise", code: "x y", ...entity, taxRate: "13.555" }),
        params: {},
        context: {},
      }),
    );
    const errors = ((await bad.json()) as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors).toMatchObject({
      code: ["公司代码最多 20 位，只能包含字母、数字、下划线和连字符"],
      taxRate: ["请输入 0 到 99.99 之间、最多两位小数的税率"],
      parentId: ["请选择上级主体"],
    });
  });

  it("add and initialise redirects at once to the job page, which refreshes until the copy is done", async () => {
    const admin = await cookieOf("EMP000001");
    const parent = await db.selectFrom("tenant").select("id").where("code", "=", "1000").executeTakeFirstOrThrow();
    const started = await answer(
      list.action({
        request: post("/system/dataArea?index", admin, { intent: "initialise", parentId: String(parent.id), code: "1100", ...entity }),
        params: {},
        context: {},
      }),
    );
    expect(started.status).toBe(302);
    const jobId = /\/system\/dataArea\/job\/(\d+)$/.exec(started.headers.get("Location") ?? "")?.[1];
    expect(jobId).toBeDefined();
    let page = (await job.loader({ request: get(`/system/dataArea/job/${jobId}`, admin), params: { id: jobId! }, context: {} })) as {
      job: { status: string; done: number; total: number };
    };
    for (let i = 0; i < 50 && ["queued", "running"].includes(page.job.status); i++) {
      await new Promise((r) => setTimeout(r, 50));
      page = (await job.loader({ request: get(`/system/dataArea/job/${jobId}`, admin), params: { id: jobId! }, context: {} })) as typeof page;
    }
    expect(page.job.status).toBe("done");
    expect(page.job.done).toBe(page.job.total);
    expect((await answer(job.loader({ request: get("/system/dataArea/job/999999", admin), params: { id: "999999" }, context: {} }))).status).toBe(404);
  });

  it("grants and revokes a dealer on the details page (redirect with the counts), unknown codes answer the field's error", async () => {
    const admin = await cookieOf("EMP000001");
    const { id } = await db.selectFrom("tenant").select("id").where("code", "=", "1100").executeTakeFirstOrThrow();
    const url = `/system/dataArea/${id}`;
    const granted = await answer(
      detail.action({ request: post(url, admin, { intent: "grant", customerCode: "C20001" }), params: { id: String(id) }, context: {} }),
    );
    expect(granted.headers.get("Location")).toBe(`${url}?granted=1`);
    const page = (await detail.loader({ request: get(`${url}?granted=1`, admin), params: { id: String(id) }, context: {} })) as {
      dealers: { code: string }[];
      outcome: { granted: number };
    };
    expect(page.dealers.map((d) => d.code)).toEqual(["C20001"]);
    expect(page.outcome.granted).toBe(1);
    const unknown = await answer(
      detail.action({ request: post(url, admin, { intent: "grant", customerCode: "ZZ-STAFF" }), params: { id: String(id) }, context: {} }),
    );
    expect(unknown.status).toBe(400);
    const revoked = await answer(
      detail.action({ request: post(url, admin, { intent: "revoke", customerCode: "C20001" }), params: { id: String(id) }, context: {} }),
    );
    expect(revoked.headers.get("Location")).toBe(`${url}?revoked=1&kept=0`);
    expect((await answer(detail.loader({ request: get("/system/dataArea/99999", admin), params: { id: "99999" }, context: {} }))).status).toBe(404);
    expect((await answer(detail.loader({ request: get("/system/dataArea/abc", admin), params: { id: "abc" }, context: {} }))).status).toBe(404);
  });
});
