import { newSubmitToken } from "../../modules/orders/submit.server";
import type { DB } from "../db.server";
import type { Ids } from "./accounts.server";
import { Rng } from "./prng";
import { createRequest, decideRequest, type StaffActor } from "../../modules/support/requests.server";
import { shopToday } from "../../i18n/format";
import { answerSurvey, saveSurvey } from "../../modules/support/survey.server";
import { seedSupportMoreDemo } from "./support-more.server";

/**
 * Customer services in the demo (decision 050): the current satisfaction survey with answers of
 * the further dealers (the named demo accounts have not answered, so they can), and a few sample
 * and tool-body requests of the service centre (XCD000009) and dealer A in each state.
 */
export async function seedSupportDemo(db: DB, ids: Ids, seed: number, now: Date): Promise<void> {
  const staffId = ids.users.get("EMP000003");
  const tenantId = ids.tenants.get("1000");
  if (!staffId || !tenantId) return;
  const staff: StaffActor = { id: staffId, code: "EMP000003", tenantId };
  const day = (offset: number) => shopToday(new Date(now.getTime() + offset * 86_400_000));

  const survey = await saveSurvey(
    db,
    staff,
    null,
    {
      titleZh: `${day(0).slice(0, 4)} 年度客户满意度调查`,
      titleEn: `${day(0).slice(0, 4)} customer satisfaction survey`,
      startsOn: day(-14),
      endsOn: day(60),
      questions: [
        { kind: "scale", textZh: "您对我司刀具产品质量（寿命、稳定性）的满意度", textEn: "Product quality (tool life, consistency)" },
        { kind: "scale", textZh: "您对交货及时性的满意度", textEn: "Delivery on time" },
        { kind: "scale", textZh: "您对技术支持与切削参数推荐的满意度", textEn: "Technical support and cutting-data advice" },
        { kind: "scale", textZh: "您对网上商城使用体验的满意度", textEn: "The web shop" },
        { kind: "text", textZh: "您对我们还有哪些意见或建议？", textEn: "What else should we improve?" },
      ],
    },
    new Date(now.getTime() - 14 * 86_400_000),
  );
  if (survey.ok) {
    const questions = await db.selectFrom("survey_question").select(["id", "kind"]).where("survey_id", "=", survey.value.id).orderBy("sort").execute();
    const named = new Set(["XCD000001", "XCD000002", "XCD000003", "DPC000001", "XCD000009", "XCD000010"]);
    const rng = Rng.of(seed, 5001);
    const remarks = ["交期希望再缩短一些", "CNMG 刀片寿命稳定，继续保持", "希望商城能显示更多切削参数", "不锈钢加工的断屑槽型可以更多一些", ""];
    const bias = [4, 3, 4, 4]; // delivery is what dealers grumble about
    let n = 0;
    for (const [code, userId] of ids.users) {
      if (code.startsWith("EMP") || named.has(code) || n >= 14) continue;
      n++;
      const answers: Record<number, { score?: number; text?: string }> = {};
      questions.forEach((q, i) => {
        answers[q.id] = q.kind === "scale" ? { score: Math.min(5, Math.max(1, bias[i] + rng.int(-1, 1))) } : { text: rng.pick(remarks) };
      });
      await answerSurvey(db, { id: userId, tenantId }, survey.value.id, answers, new Date(now.getTime() - rng.int(1, 13) * 86_400_000));
    }
  }

  const insert = await db
    .selectFrom("product")
    .select("ordering_code")
    .where("kind", "in", ["turning_insert", "milling_insert"])
    .orderBy("id")
    .limit(2)
    .execute();
  const holder = await db.selectFrom("product").select("ordering_code").where("kind", "=", "holder").orderBy("id").limit(1).execute();
  const centre = ids.users.get("XCD000009");
  const dealerA = ids.users.get("XCD000001");
  const customer = async (userId: number) =>
    (await db.selectFrom("app_user").select("customer_id").where("id", "=", userId).executeTakeFirstOrThrow()).customer_id;
  if (!centre || !dealerA || insert.length === 0) return;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  const centreDealer = { id: centre, customerId: await customer(centre), tenantId };
  const dealerADealer = { id: dealerA, customerId: await customer(dealerA), tenantId };
  const shipped = await createRequest(
    db,
    centreDealer,
    "sample",
    {
      token: newSubmitToken(),
      endCustomer: "株洲某汽车零部件有限公司",
      purpose: "42CrMo 曲轴法兰外圆半精车，对比现用进口刀片寿命",
      lines: insert.map((p, i) => ({ code: p.ordering_code, qty: i === 0 ? 10 : 5 })),
    },
    at(12),
  );
  if (shipped.ok) {
    await decideRequest(db, staff, shipped.value.id, "approve", {}, at(11));
    await decideRequest(db, staff, shipped.value.id, "ship", { carrier: "顺丰速运", trackingNo: "SF1428839026415" }, at(10));
  }
  const approved = await createRequest(
    db,
    centreDealer,
    "sample",
    {
      token: newSubmitToken(),
      endCustomer: "长沙某工程机械厂",
      purpose: "Q345 结构件粗车试切",
      lines: [{ code: insert[0].ordering_code, qty: 20 }],
    },
    at(3),
  );
  if (approved.ok) await decideRequest(db, staff, approved.value.id, "approve", {}, at(2));
  // dealer A's own request, not yet decided (so no notice: dealer A's notices are the order area's)
  await createRequest(
    db,
    dealerADealer,
    "sample",
    {
      token: newSubmitToken(),
      endCustomer: "广州某阀门有限公司",
      purpose: "304 不锈钢阀体精车，验证断屑效果",
      lines: [{ code: insert[insert.length - 1].ordering_code, qty: 10 }],
    },
    at(1),
  );
  if (holder.length) {
    const refused = await createRequest(
      db,
      centreDealer,
      "tool_body",
      {
        token: newSubmitToken(),
        endCustomer: "湘潭某电机有限公司",
        purpose: "电机轴外圆车削试切，需配套刀杆",
        supplyMode: "loan",
        lines: [{ code: holder[0].ordering_code, qty: 2 }],
      },
      at(6),
    );
    if (refused.ok) await decideRequest(db, staff, refused.value.id, "refuse", { reason: "该刀杆借用库存已全部借出，请改为提供方式或下月再申请" }, at(5));
    await createRequest(
      db,
      centreDealer,
      "tool_body",
      {
        token: newSubmitToken(),
        endCustomer: "株洲某轨道交通配件厂",
        purpose: "车轴端面车削，试用一个月",
        supplyMode: "supply",
        lines: [{ code: holder[0].ordering_code, qty: 1 }],
      },
      at(2),
    );
  }
  await seedSupportMoreDemo(db, ids, now);
}
