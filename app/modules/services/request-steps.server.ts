import type { Kysely, Selectable, Updateable } from "kysely";
import type { DB } from "~/db/db.server";
import type { Database as Schema } from "~/db/schema";
import { recordAudit, type Actor } from "~/modules/admin/audit.server";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type DomainError, type Result } from "~/modules/result";

/**
 * The one request-step engine (decision 062). After-sales feedback, customized-tool quotations,
 * support requests and stock reservations are each a request that moves through the states of its
 * own table (`request-rules.ts`); a step is always the same few things, and they are done here:
 *
 * - the request is read in the actor's scope (entity, and the dealer's customer): anyone else's is
 *   not found (NotFoundError);
 * - a form already taken (its one-time token on the history row) answers `already`, nothing more;
 * - the kind's table must have the arrow from the state the request was read in, else the kind's
 *   refusal;
 * - in one transaction: the status moves by a conditional update, only from that state (a double
 *   post or a colleague at the same moment finds it changed: one effect), then the kind's history
 *   row, the kind's own effects (stock set aside, a cart line), the dealer's notice and the audit
 *   entry. An effect that cannot be done throws `StepAbort`: nothing of the step stays.
 *
 * What stays with each kind: its columns, its checks, its history row, its effects, its notice
 * texts (locale keys in the notices namespace) and what its audit entry says.
 */
export type RequestTable = "feedback" | "quotation" | "support_request" | "stock_reservation";
export type RequestRow<T extends RequestTable> = Selectable<Schema[T]>;

type Failure = { ok: false; error: DomainError };

/** A kind of request: its table, its state machine and its fixed answers. */
export interface RequestKind<T extends RequestTable, S extends string, E extends string> {
  table: T;
  /** the NotFoundError's subject ("feedback", "stock reservation") */
  noun: string;
  /** the audit entry's entity, and which of the row's values names the request there */
  entity: string;
  auditId: (row: RequestRow<T>) => string | number;
  next: (from: string, event: E) => S | null;
  /** the refusal when the table has no arrow from the request's state */
  refused: (row: RequestRow<T>) => string;
  /** the refusal when the request moved between reading and the update */
  changed: string;
}

/** Whose request it may be: the entity (none for what the shop does by itself), and the dealer's customer. */
export interface RequestScope {
  id: number;
  tenantId?: number;
  customerId?: number;
}

/** A dealer's notice of the step, texts in both languages (`noticeTexts`). */
export interface StepNotice {
  type: string;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
}

export interface Step<T extends RequestTable, S extends string, E extends string> {
  scope: RequestScope;
  event: E;
  now: Date;
  /** the same form was taken already (the history row carries its token) */
  posted?: (db: DB, row: RequestRow<T>) => Promise<boolean>;
  /** checks of the input against the request, before the state is looked at */
  validate?: (row: RequestRow<T>) => Failure | null;
  /** checks that need the state to allow the step (validity, quantities read from its lines) */
  check?: (row: RequestRow<T>, to: S) => Failure | null | Promise<Failure | null>;
  /** the kind's columns besides the status and `updated_at` */
  set?: (row: RequestRow<T>, to: S, stamp: string) => Updateable<Schema[T]>;
  /** the step's history row; its id goes into the audit entry as `message` */
  record?: (trx: DB, row: RequestRow<T>, to: S, stamp: string) => Promise<number | void>;
  /** the kind's own effects in the same transaction; throw StepAbort to undo the step */
  effects?: (trx: DB, row: RequestRow<T>, to: S) => Promise<void>;
  /** the dealer's notice, or null for none (a dealer's own step) */
  notice?: (row: RequestRow<T>, to: S) => StepNotice | null;
  /** who made the step for the audit log and what it says after the step (before: the status); null: no entry */
  audit: (row: RequestRow<T>, to: S, message: number | undefined) => { actor: Actor; after: Record<string, unknown> } | null;
}

export interface StepDone<T extends RequestTable, S extends string> {
  row: RequestRow<T>;
  to: S;
  /** the same form had been taken before: nothing more was done */
  already?: boolean;
}

/** Thrown by a step's effects when they cannot be done: the step is undone and answers `key` (with `values`). */
export class StepAbort extends Error {
  constructor(
    public readonly key: string,
    public readonly values?: DomainError["values"],
  ) {
    super(key);
  }
}

type Loose = Kysely<Record<"request", { id: number; tenant_id: number; customer_id: number; status: string; updated_at: string }>>;

/** The request in scope, all its columns; NotFoundError when it is not there for this actor. */
export async function readRequest<T extends RequestTable>(db: DB, table: T, noun: string, scope: RequestScope): Promise<RequestRow<T>> {
  let q = (db as unknown as Loose)
    .selectFrom(table as unknown as "request")
    .selectAll()
    .where("id", "=", scope.id);
  if (scope.tenantId !== undefined) q = q.where("tenant_id", "=", scope.tenantId);
  if (scope.customerId !== undefined) q = q.where("customer_id", "=", scope.customerId);
  const row = await q.executeTakeFirst();
  if (!row) throw new NotFoundError(noun);
  return row as unknown as RequestRow<T>;
}

/** Runs `fn` in a transaction, or in the caller's when `db` is one already (order submission). */
const inTransaction = <R>(db: DB, fn: (trx: DB) => Promise<R>): Promise<R> => (db.isTransaction ? fn(db) : db.transaction().execute(fn));

/** Moves one request by one event: see the module's comment. */
export async function takeStep<T extends RequestTable, S extends string, E extends string>(
  db: DB,
  kind: RequestKind<T, S, E>,
  step: Step<T, S, E>,
): Promise<Result<StepDone<T, S>>> {
  const row = await readRequest(db, kind.table, kind.noun, step.scope);
  const posted = async () => (step.posted ? step.posted(db, row) : false);
  const already = () => ok({ row, to: (row as { status: string }).status as S, already: true });
  if (await posted()) return already();
  const invalid = step.validate?.(row);
  if (invalid) return invalid;
  const from = (row as { status: string }).status;
  const to = kind.next(from, step.event);
  if (!to) return fail(kind.refused(row));
  const refused = await step.check?.(row, to);
  if (refused) return refused;
  const stamp = step.now.toISOString();
  try {
    const moved = await inTransaction(db, async (trx) => {
      const upd = await (trx as unknown as Loose)
        .updateTable(kind.table as unknown as "request")
        .set({ ...(step.set?.(row, to, stamp) as object), status: to, updated_at: stamp })
        .where("id", "=", step.scope.id)
        .where("status", "=", from) // nobody moved it meanwhile
        .executeTakeFirst();
      if (Number(upd.numUpdatedRows) !== 1) return false;
      const message = (await step.record?.(trx, row, to, stamp)) ?? undefined;
      await step.effects?.(trx, row, to);
      const notice = step.notice?.(row, to);
      if (notice) {
        const { user_id, tenant_id, id } = row as { user_id: number; tenant_id: number; id: number };
        await trx
          .insertInto("notice")
          .values({ user_id, tenant_id, ...notice, detail_id: id, order_no: null, is_read: 0, created_at: stamp })
          .execute();
      }
      const audit = step.audit(row, to, message);
      if (audit) {
        const entry = { action: "update", entity: kind.entity, entityId: kind.auditId(row), before: { status: from }, after: audit.after } as const;
        await recordAudit(trx, audit.actor, entry, step.now);
      }
      return true;
    });
    if (moved) return ok({ row, to });
    if (await posted()) return already();
    return fail(kind.changed);
  } catch (e) {
    if (await posted()) return already();
    if (e instanceof StepAbort) return fail(e.key, e.values);
    throw e;
  }
}
