import type { DB } from "../db.server";

/**
 * After-sales feedback for the demo (decision 049): dealer A's answered question about chip
 * breaking and a closed transport damage (the two "customer feedback" notices of the notice seed
 * now open them), an open wrong delivery filed by a sub-account, and dealer B's quality complaint
 * on which customer support (EMP000003) has asked for the batch number.
 */
const HOUR = 3_600_000;

interface Step {
  by: "dealer" | "staff";
  event: "message" | "reply" | "ask" | "close";
  body: string;
  hoursAfter: number;
}

interface Def {
  user: string;
  type: string;
  description: string;
  status: string;
  hoursAgo: number;
  steps: Step[];
  notice?: number; // the notice seed's placeholder detail id this feedback takes over
}

const DEFS: Def[] = [
  {
    user: "XCD000001",
    type: "performance",
    status: "answered",
    hoursAgo: 60,
    notice: 1001,
    description: "CNMG120408-DM 刀片车削 45 钢时断屑不良，切屑缠绕工件。参数：vc=180 m/min，f=0.15 mm/r，ap=1.5 mm，乳化液冷却。",
    steps: [
      {
        by: "staff",
        event: "reply",
        hoursAfter: 12,
        body: "DM 槽型在 f=0.15 mm/r 时处于断屑范围下限。建议将进给提高到 0.22–0.28 mm/r，或改用 CNMG120408-PM；如需试用样品请联系销售。",
      },
    ],
  },
  {
    user: "XCD000001",
    type: "damage",
    status: "closed",
    hoursAgo: 400,
    notice: 1002,
    description: "外箱运输破损，2 盒刀片塑料盒开裂，其中 3 片刃口崩缺。",
    steps: [
      { by: "staff", event: "ask", hoursAfter: 5, body: "请提供外包装和崩缺刀片的照片，以及物流单号。" },
      { by: "dealer", event: "message", hoursAfter: 20, body: "物流单号 SF1402 8830 1127，照片已通过邮件发送给业务员。" },
      { by: "staff", event: "reply", hoursAfter: 30, body: "已确认为运输破损，补发 3 片刀片，随下一批货发出，不另收运费。" },
      { by: "staff", event: "close", hoursAfter: 200, body: "补发已签收，反馈关闭。" },
    ],
  },
  {
    user: "XCD000002",
    type: "wrong_delivery",
    status: "open",
    hoursAgo: 20,
    description: "订单第 1 行收到的刀片型号与订单不符，外盒标签与实物不一致，请核实。",
    steps: [],
  },
  {
    user: "DPC000001",
    type: "quality",
    status: "waiting",
    hoursAgo: 30,
    description: "加工 304 不锈钢时刀片涂层大面积剥落，寿命不到平时的一半。",
    steps: [{ by: "staff", event: "ask", hoursAfter: 4, body: "请提供刀片盒上的批次号、切削参数和失效刀片照片，以便质量部门分析。" }],
  },
];

export async function seedFeedback(db: DB, now: Date): Promise<number> {
  const tenant = await db.selectFrom("tenant").select("id").where("code", "=", "1000").executeTakeFirst();
  const staff = await db.selectFrom("app_user").select(["id", "code"]).where("code", "=", "EMP000003").executeTakeFirst();
  if (!tenant || !staff) return 0;
  let n = 0;
  for (const [i, def] of DEFS.entries()) {
    const user = await db.selectFrom("app_user").select(["id", "code", "customer_id"]).where("code", "=", def.user).executeTakeFirst();
    if (!user) continue;
    const order = await db
      .selectFrom("sales_order")
      .select(["id", "order_no"])
      .where("customer_id", "=", user.customer_id)
      .where("tenant_id", "=", tenant.id)
      .where("status", "in", ["confirmed", "purchase_application_created", "submitted"])
      .orderBy("id")
      .offset(i % 2)
      .limit(1)
      .executeTakeFirst();
    if (!order) continue;
    const line = await db.selectFrom("order_line").select("id").where("order_id", "=", order.id).orderBy("line_no").limit(1).executeTakeFirst();
    const at = (h: number) => new Date(now.getTime() - def.hoursAgo * HOUR + h * HOUR).toISOString();
    const last = def.steps.at(-1);
    const fb = await db
      .insertInto("feedback")
      .values({
        tenant_id: tenant.id,
        customer_id: user.customer_id,
        user_id: user.id,
        order_id: order.id,
        order_line_id: def.type === "damage" ? null : (line?.id ?? null),
        order_no: order.order_no,
        type: def.type,
        description: def.description,
        status: def.status,
        submit_token: `seed-feedback-${i + 1}-0000000000`,
        created_at: at(0),
        updated_at: at(last?.hoursAfter ?? 0),
        closed_at: def.status === "closed" ? at(last?.hoursAfter ?? 0) : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [j, s] of def.steps.entries()) {
      const who = s.by === "staff" ? staff : user;
      await db
        .insertInto("feedback_message")
        .values({
          feedback_id: fb.id,
          user_id: who.id,
          user_code: who.code,
          author: s.by,
          event: s.event,
          body: s.body,
          submit_token: `seed-message-${j + 1}-0000000000`,
          created_at: at(s.hoursAfter),
        })
        .execute();
    }
    if (def.notice) {
      await db
        .updateTable("notice")
        .set({ detail_id: fb.id })
        .where("type", "=", "customer_feedback")
        .where("user_id", "=", user.id)
        .where("detail_id", "=", def.notice)
        .execute();
    }
    n += 1;
  }
  return n;
}
