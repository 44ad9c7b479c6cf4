import { newSubmitToken } from "../../modules/orders/submit.server";
import type { DB } from "../db.server";
import type { Ids } from "./accounts.server";
import { saveMarketingItem } from "../../modules/support/marketing-items.server";
import { createMarketingRequest, decideRequest, type StaffActor } from "../../modules/support/requests.server";
import { approveReservation, createReservation, refuseReservation } from "../../modules/support/reservations.server";
import { shopToday } from "../../i18n/format";

/**
 * Marketing support and stock reservations in the demo (decision 052): every entity's list of
 * marketing items (one inactive), and for the service centre XCD000009 marketing requests and
 * reservations in each state (one approved, holding stock of two well-stocked codes); dealer A has
 * a reservation waiting for approval (none approved, so his cart shows the plain stock).
 */
const ITEMS: [string, string, number, boolean][] = [
  ["年度综合产品样本", "Annual product catalogue", 100, true],
  ["车削刀片选型手册", "Turning insert selection guide", 100, true],
  ["新品宣传海报", "New-product poster", 20, true],
  ["易拉宝展架", "Roll-up banner", 5, true],
  ["刀片展示盒", "Insert showcase", 5, true],
  ["门店展板", "Shop display board", 2, true],
  ["展会支持（展位物料与应用工程师）", "Trade-fair support (stand kit and an application engineer)", 1, true],
  ["技术交流会支持", "Technical seminar support", 1, true],
  ["2025 版产品样本", "2025 catalogue", 50, false],
];

export async function seedSupportMoreDemo(db: DB, ids: Ids, now: Date): Promise<void> {
  const staffId = ids.users.get("EMP000003");
  const centre = ids.users.get("XCD000009");
  const dealerA = ids.users.get("XCD000001");
  const tenantId = ids.tenants.get("1000");
  if (!staffId || !tenantId) return;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  const itemIds: number[] = [];
  for (const [code, tid] of ids.tenants) {
    const staff: StaffActor = { id: staffId, code: "EMP000003", tenantId: tid };
    for (const [i, [zh, en, max, active]] of ITEMS.entries()) {
      const r = await saveMarketingItem(db, staff, null, { nameZh: zh, nameEn: en, maxQty: max, active, sort: (i + 1) * 10 }, at(30));
      if (r.ok && code === "1000") itemIds.push(r.value.id);
    }
  }
  if (!centre) return;
  const staff: StaffActor = { id: staffId, code: "EMP000003", tenantId };
  const customerOf = async (userId: number) =>
    (await db.selectFrom("app_user").select("customer_id").where("id", "=", userId).executeTakeFirstOrThrow()).customer_id;
  const centreDealer = { id: centre, customerId: await customerOf(centre), tenantId };
  const day = (offset: number) => shopToday(new Date(now.getTime() + offset * 86_400_000));

  const fair = await createMarketingRequest(
    db,
    centreDealer,
    {
      token: newSubmitToken(),
      endCustomer: "2026 长沙国际工程机械展",
      purpose: "展位 E3-108，与三一配套商联合展示重载车削方案，预计 3 天接待 300 人次",
      wantedDate: shopToday(at(12)),
      items: [
        { itemId: itemIds[0], qty: 80 },
        { itemId: itemIds[3], qty: 2 },
        { itemId: itemIds[6], qty: 1 },
      ],
    },
    at(20),
  );
  if (fair.ok) {
    await decideRequest(db, staff, fair.value.id, "approve", {}, at(19));
    await decideRequest(db, staff, fair.value.id, "ship", { carrier: "德邦物流", trackingNo: "DPK6620193344" }, at(17));
  }
  await createMarketingRequest(
    db,
    centreDealer,
    {
      token: newSubmitToken(),
      endCustomer: "株洲某航空零部件厂技术交流会",
      purpose: "钛合金与高温合金加工专题，约 40 名工艺人员参加",
      wantedDate: day(14),
      items: [
        { itemId: itemIds[1], qty: 40 },
        { itemId: itemIds[7], qty: 1 },
      ],
    },
    at(1),
  );

  // two codes with plenty of stock, away from the ones other demos and tests use first
  const stocked = await db
    .selectFrom("stock as s")
    .innerJoin("product as p", "p.id", "s.product_id")
    .select(["p.ordering_code", "s.available"])
    .where("s.tenant_id", "=", tenantId)
    .where("p.status", "=", "active")
    .where("s.available", ">=", 400)
    .orderBy("p.id", "desc")
    .limit(3)
    .execute();
  if (stocked.length < 3) return;
  const serial = await createReservation(
    db,
    centreDealer,
    {
      token: newSubmitToken(),
      endCustomer: "株洲某汽车零部件有限公司",
      project: "转向节批量车削（年产 6 万件）",
      startsOn: day(0),
      endsOn: day(180),
      remark: "每月约 120 片，按月下单",
      lines: [
        { code: stocked[0].ordering_code, qty: 240 },
        { code: stocked[1].ordering_code, qty: 100 },
      ],
    },
    at(4),
  );
  if (serial.ok) {
    const lines = await db.selectFrom("stock_reservation_line").select(["id", "qty"]).where("reservation_id", "=", serial.value.id).orderBy("id").execute();
    await approveReservation(db, staff, serial.value.id, new Map(lines.map((l, i) => [l.id, i === 0 ? 200 : l.qty])), at(3));
  }
  const refused = await createReservation(
    db,
    centreDealer,
    {
      token: newSubmitToken(),
      endCustomer: "湘潭某电机有限公司",
      project: "电机轴批量加工",
      startsOn: day(0),
      endsOn: day(300),
      lines: [{ code: stocked[2].ordering_code, qty: 300 }],
    },
    at(8),
  );
  if (refused.ok) await refuseReservation(db, staff, refused.value.id, "该型号下季度换代，请改用新牌号后重新申请", at(7));
  await createReservation(
    db,
    centreDealer,
    {
      token: newSubmitToken(),
      endCustomer: "长沙某液压件厂",
      project: "阀体精车项目",
      startsOn: day(7),
      endsOn: day(97),
      lines: [{ code: stocked[2].ordering_code, qty: 60 }],
    },
    at(0),
  );
  if (dealerA) {
    await createReservation(
      db,
      { id: dealerA, customerId: await customerOf(dealerA), tenantId },
      {
        token: newSubmitToken(),
        endCustomer: "广州某阀门有限公司",
        project: "不锈钢阀体年度备库",
        startsOn: day(3),
        endsOn: day(120),
        lines: [{ code: stocked[1].ordering_code, qty: 50 }],
      },
      at(0),
    );
  }
}
