import { sql } from "kysely";
import type { DB } from "~/db/db.server";
import { escapeLike } from "~/modules/search/normalize";
import { recordAudit, type Actor } from "~/modules/admin/audit.server";
import { fail, ok, type Result } from "~/modules/result";
import { MESSAGE_ROLES, type MessageAudience } from "./staff-message-rules";

/**
 * Messages the manufacturer's staff send to dealers (issue 29 item 13). A message goes to the
 * active dealer accounts of the sender's company entity that the audience names, in both
 * languages; each of them gets a notice of type `message` (the badge and the messages page), and
 * the message itself is kept, with its recipient count, for the back office's list. Staff accounts
 * never receive one, and an account of another company entity is never a recipient.
 */
export const MESSAGE_PAGE_SIZE = 20;

export interface StaffMessageInput {
  audience: MessageAudience;
  /** the account code, customer code, province or role code; ignored for `all` */
  audienceValue: string;
  titleZh: string;
  titleEn: string;
  bodyZh: string;
  bodyEn: string;
  token: string;
}

/** The active dealer accounts of the entity the audience names (ids), in id order. */
export async function messageRecipients(db: DB, tenantId: number, audience: MessageAudience, value: string): Promise<number[]> {
  let q = db
    .selectFrom("app_user as u")
    .innerJoin("customer as c", "c.id", "u.customer_id")
    .innerJoin("user_tenant as ut", (j) => j.onRef("ut.user_id", "=", "u.id").on("ut.tenant_id", "=", tenantId))
    .select("u.id")
    .where("u.status", "=", "active")
    .where("c.kind", "=", "dealer");
  if (audience === "user") q = q.where("u.code", "=", value.toUpperCase());
  if (audience === "customer") q = q.where("c.code", "=", value.toUpperCase());
  if (audience === "province")
    // "湖南" finds 湖南省 as "湖南省" does: the address book writes the province's full name
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("address as a")
          .select("a.id")
          .whereRef("a.customer_id", "=", "c.id")
          .where(sql<boolean>`a.province like ${escapeLike(value) + "%"} escape '\\'`),
      ),
    );
  if (audience === "role")
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("user_role as ur")
          .innerJoin("role as r", "r.id", "ur.role_id")
          .select("ur.user_id")
          .whereRef("ur.user_id", "=", "u.id")
          .where("r.code", "=", value),
      ),
    );
  return (await q.orderBy("u.id").execute()).map((r) => r.id);
}

/** Sends one message: a notice to each recipient and the message row, in one transaction. A double post (same token) sends once. */
export async function sendStaffMessage(
  db: DB,
  actor: Actor & { tenantId: number },
  input: StaffMessageInput,
  now = new Date(),
): Promise<Result<{ id: number; recipients: number }>> {
  const sent = await findSent(db, actor.id, input.token);
  if (sent) return ok(sent);
  const value = input.audience === "all" ? "" : input.audienceValue.trim();
  if (input.audience !== "all" && !value) return fail("adminContent:message.audienceValueRequired", undefined, "audienceValue");
  if (input.audience === "role" && !(MESSAGE_ROLES as readonly string[]).includes(value))
    return fail("adminContent:message.roleUnknown", undefined, "audienceValue");
  const recipients = await messageRecipients(db, actor.tenantId, input.audience, value);
  if (recipients.length === 0) return fail("adminContent:message.noRecipients", undefined, input.audience === "all" ? undefined : "audienceValue");
  const at = now.toISOString();
  try {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("staff_message")
        .values({
          tenant_id: actor.tenantId,
          author_id: actor.id,
          audience: input.audience,
          audience_value: value,
          title_zh: input.titleZh,
          title_en: input.titleEn,
          body_zh: input.bodyZh,
          body_en: input.bodyEn,
          recipients: recipients.length,
          submit_token: input.token,
          created_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // in slices: one statement's parameters stay under SQLite's and PostgreSQL's limits
      for (let i = 0; i < recipients.length; i += 500) {
        await trx
          .insertInto("notice")
          .values(
            recipients.slice(i, i + 500).map((userId) => ({
              user_id: userId,
              tenant_id: actor.tenantId,
              type: "message",
              title_zh: input.titleZh,
              title_en: input.titleEn,
              body_zh: input.bodyZh,
              body_en: input.bodyEn,
              detail_id: row.id,
              order_no: null,
              is_read: 0,
              created_at: at,
            })),
          )
          .execute();
      }
      await recordAudit(
        trx,
        actor,
        {
          action: "create",
          entity: "staff_message",
          entityId: row.id,
          after: { audience: input.audience, audienceValue: value, title: input.titleZh, recipients: recipients.length },
        },
        now,
      );
      return row.id;
    });
    return ok({ id, recipients: recipients.length });
  } catch (e) {
    // the same form posted twice at once: the other post sent it
    const again = await findSent(db, actor.id, input.token);
    if (again) return ok(again);
    throw e;
  }
}

async function findSent(db: DB, authorId: number, token: string) {
  const row = await db
    .selectFrom("staff_message")
    .select(["id", "recipients"])
    .where("author_id", "=", authorId)
    .where("submit_token", "=", token)
    .executeTakeFirst();
  return row ? { id: row.id, recipients: row.recipients } : null;
}

/** The entity's sent messages, newest first, with the sender's code. */
export async function listStaffMessages(db: DB, tenantId: number, page: number) {
  const base = db.selectFrom("staff_message as m").where("m.tenant_id", "=", tenantId);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .innerJoin("app_user as u", "u.id", "m.author_id")
      .select([
        "m.id",
        "m.audience",
        "m.audience_value",
        "m.title_zh",
        "m.title_en",
        "m.recipients",
        "m.created_at",
        "u.code as author_code",
        "u.name as author_name",
      ])
      .orderBy("m.created_at", "desc")
      .orderBy("m.id", "desc")
      .limit(MESSAGE_PAGE_SIZE)
      .offset((page - 1) * MESSAGE_PAGE_SIZE)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}
