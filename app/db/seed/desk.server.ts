import type { DB } from "../db.server";
import type { SeededOrder } from "./orders.server";

/**
 * The order desk's demo state (decision 044): dealer B's order under review in entity 1000 has
 * had other ship dates proposed by the order desk (EMP000002): the dealer's own date is kept, the
 * desk's date shows, the dealer has an unread "delivery date feedback" notice, the audit log
 * holds the desk's step. The other orders stay as the order seed made them.
 */
export async function seedDeskDemo(db: DB, orders: SeededOrder[], now: Date): Promise<void> {
  const target = orders.find((o) => o.customer === "C20001" && o.tenant === "1000" && o.status === "to_be_confirmed");
  const staff = await db.selectFrom("app_user").select(["id", "code"]).where("code", "=", "EMP000002").executeTakeFirst();
  if (!target || !staff) return;
  const order = await db.selectFrom("sales_order").select(["id", "user_id", "tenant_id", "order_no"]).where("id", "=", target.id).executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("order_line")
    .select(["id", "line_no", "ordering_code", "esd"])
    .where("order_id", "=", order.id)
    .orderBy("line_no")
    .execute();
  const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const proposed: string[] = [];
  for (const l of lines) {
    const esd = l.esd ?? now.toISOString().slice(0, 10);
    const date = addDays(esd, 7);
    await db
      .updateTable("order_line")
      .set({ requested_date: addDays(esd, -3), ship_date: date })
      .where("id", "=", l.id)
      .execute();
    proposed.push(`${l.line_no} ${l.ordering_code} → ${date}`);
  }
  const at = new Date(now.getTime() - 3 * 3_600_000).toISOString();
  await db.updateTable("sales_order").set({ status: "date_proposed", updated_at: at }).where("id", "=", order.id).execute();
  const text = proposed.join("; ");
  await db
    .insertInto("notice")
    .values({
      user_id: order.user_id,
      tenant_id: order.tenant_id,
      type: "erp_delivery_feedback",
      title_zh: `订单 ${order.order_no} 交期反馈`,
      title_en: `Order ${order.order_no}: delivery date feedback`,
      body_zh: `销售服务无法满足订单 ${order.order_no} 的期望日期，建议交期：${text}。请在订单详情中同意或不同意。`,
      body_en: `The order desk cannot meet the requested dates of order ${order.order_no} and proposes: ${text}. Please agree or disagree in the order details.`,
      detail_id: null,
      order_no: order.order_no,
      is_read: 0,
      created_at: at,
    })
    .execute();
  await db
    .insertInto("audit_log")
    .values({
      created_at: at,
      user_id: staff.id,
      user_code: staff.code,
      tenant_id: order.tenant_id,
      action: "update",
      entity: "sales_order",
      entity_id: order.order_no,
      before_json: JSON.stringify({ status: "to_be_confirmed" }),
      after_json: JSON.stringify({ status: "date_proposed", event: "propose_date", lines: proposed }),
    })
    .execute();
}
