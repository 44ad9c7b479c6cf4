import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { NotFoundError } from "~/modules/errors";
import { nextSupportStatus, type SupportEvent, type SupportStatus } from "~/modules/support/status";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";
import { nextState, type StateTable } from "./request-rules";
import { StepAbort, takeStep, type RequestKind, type Step } from "./request-steps.server";

/** The engine on its own, with a support request as the request and a kind made for the test. */
const KIND: RequestKind<"support_request", SupportStatus, SupportEvent> = {
  table: "support_request",
  noun: "support request",
  entity: "engine_test",
  auditId: (r) => r.request_no,
  next: nextSupportStatus,
  refused: (r) => `test:refused.${r.status}`,
  changed: "test:changed",
};

describe("the state table's shape", () => {
  const table: StateTable<"a" | "b", "go" | "stop"> = { a: { go: "b" }, b: {} };
  it("follows an arrow, refuses a missing one and an unknown state", () => {
    expect(nextState(table, "a", "go")).toBe("b");
    expect(nextState(table, "a", "stop")).toBeNull();
    expect(nextState(table, "b", "go")).toBeNull();
    expect(nextState(table, "nonsense", "go")).toBeNull();
  });
});

describe.each(testDatabases())("the request-step engine on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  let seq = 0;

  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db);
  });

  const request = async (status: SupportStatus = "submitted") => {
    const stamp = new Date().toISOString();
    const no = `YPTEST${++seq}`;
    const { id } = await db
      .insertInto("support_request")
      .values({
        request_no: no,
        kind: "sample",
        tenant_id: fx.tenantId,
        customer_id: fx.a.customerId,
        user_id: fx.a.id,
        status,
        end_customer: "end",
        purpose: "trial",
        supply_mode: null,
        wanted_date: null,
        reason: null,
        tracking_no: null,
        carrier: null,
        post_token: `engine-${seq}-${Math.random()}`,
        decided_by: null,
        decided_at: null,
        shipped_at: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id, no };
  };
  const state = async (id: number) => {
    const row = await db.selectFrom("support_request").select(["status", "reason"]).where("id", "=", id).executeTakeFirstOrThrow();
    const notices = await db
      .selectFrom("notice")
      .select(["type", "title_zh", "title_en", "body_en", "user_id", "detail_id"])
      .where("detail_id", "=", id)
      .where("type", "=", "engine_test")
      .execute();
    const no = (await db.selectFrom("support_request").select("request_no").where("id", "=", id).executeTakeFirstOrThrow()).request_no;
    const audit = await db
      .selectFrom("audit_log")
      .select(["user_code", "before_json", "after_json"])
      .where("entity", "=", "engine_test")
      .where("entity_id", "=", no)
      .execute();
    return { status: row.status, reason: row.reason, notices, audit };
  };
  const step = (id: number, event: SupportEvent, over: Partial<Step<"support_request", SupportStatus, SupportEvent>> = {}) =>
    takeStep(db, KIND, {
      scope: { id, tenantId: fx.tenantId },
      event,
      now: new Date(),
      set: () => ({ reason: `why ${event}` }),
      notice: (r, to) => ({ type: "engine_test", title_zh: `${r.request_no} ${to}`, title_en: `${r.request_no} ${to}`, body_zh: "正文", body_en: "body" }),
      audit: (_r, to) => ({ actor: { id: fx.a.id, code: "EMP000003", tenantId: fx.tenantId }, after: { status: to, event } }),
      ...over,
    });

  it("moves along an arrow, with its columns, the dealer's notice and the audit entry", async () => {
    const { id, no } = await request();
    const r = await step(id, "approve");
    expect(r).toMatchObject({ ok: true, value: { to: "approved", row: { id, status: "submitted" } } });
    const after = await state(id);
    expect(after.status).toBe("approved");
    expect(after.reason).toBe("why approve");
    expect(after.notices).toEqual([
      { type: "engine_test", title_zh: `${no} approved`, title_en: `${no} approved`, body_en: "body", user_id: fx.a.id, detail_id: id },
    ]);
    expect(after.audit).toHaveLength(1);
    expect(after.audit[0].user_code).toBe("EMP000003");
    expect(JSON.parse(after.audit[0].before_json!)).toEqual({ status: "submitted" });
    expect(JSON.parse(after.audit[0].after_json!)).toEqual({ status: "approved", event: "approve" });
  });

  it("refuses a step the table has no arrow for, and nothing changes", async () => {
    const { id } = await request();
    const r = await step(id, "ship");
    expect(r).toEqual({ ok: false, error: { key: "test:refused.submitted" } });
    expect(await state(id)).toEqual({ status: "submitted", reason: null, notices: [], audit: [] });
  });

  it("gives two steps from the same state at once one effect; the other finds it changed", async () => {
    const { id } = await request();
    // both read the request in `submitted` before either writes: the conditional update decides
    let arrived = 0;
    let open!: () => void;
    const bothRead = new Promise<void>((resolve) => (open = resolve));
    const meet = async () => {
      if (++arrived === 2) open();
      await bothRead;
      return null;
    };
    const results = await Promise.all([step(id, "approve", { check: meet }), step(id, "refuse", { check: meet })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.key)).toEqual(["test:changed"]);
    const after = await state(id);
    const winner = results.find((r) => r.ok);
    expect(after.status).toBe(winner?.ok && winner.value.to);
    expect(after.notices).toHaveLength(1);
    expect(after.audit).toHaveLength(1);
  });

  it("answers a form it already took with `already`, and does nothing more", async () => {
    const { id } = await request();
    expect((await step(id, "approve")).ok).toBe(true);
    const again = await step(id, "approve", { posted: async () => true });
    expect(again).toMatchObject({ ok: true, value: { already: true } });
    const after = await state(id);
    expect(after.notices).toHaveLength(1);
    expect(after.audit).toHaveLength(1);
  });

  it("undoes the whole step when an effect aborts", async () => {
    const { id } = await request();
    const r = await step(id, "approve", {
      effects: async () => {
        throw new StepAbort("test:short", { code: "X1" });
      },
    });
    expect(r).toEqual({ ok: false, error: { key: "test:short", values: { code: "X1" } } });
    expect(await state(id)).toEqual({ status: "submitted", reason: null, notices: [], audit: [] });
  });

  it("does not find another customer's or another entity's request", async () => {
    const { id } = await request();
    await expect(
      takeStep(db, KIND, { scope: { id, tenantId: fx.tenantId, customerId: fx.b.customerId }, event: "approve", now: new Date(), audit: () => null }),
    ).rejects.toThrow(NotFoundError);
    await expect(step(id + 100_000, "approve")).rejects.toThrow(NotFoundError);
    await expect(takeStep(db, KIND, { scope: { id, tenantId: fx.tenantId + 1 }, event: "approve", now: new Date(), audit: () => null })).rejects.toThrow(
      NotFoundError,
    );
    expect((await state(id)).status).toBe("submitted");
  });

  it("runs in the caller's transaction when given one (order submission)", async () => {
    const { id } = await request();
    await expect(
      db.transaction().execute(async (trx) => {
        const r = await takeStep(trx, KIND, { scope: { id, tenantId: fx.tenantId }, event: "approve", now: new Date(), audit: () => null });
        expect(r.ok).toBe(true);
        throw new Error("the caller gives up");
      }),
    ).rejects.toThrow("the caller gives up");
    expect((await state(id)).status).toBe("submitted");
  });
});
