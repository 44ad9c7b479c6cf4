import type { DB } from "../db.server";
import type { Ids } from "./accounts.server";
import { shopToday } from "../../i18n/format";
import { newSubmitToken } from "../../modules/orders/submit.server";
import { ensureToolTypes, listToolTypes } from "../../modules/quotation/tool-types.server";
import { createQuotation, type QuoteDealer, type QuoteStaff } from "../../modules/quotation/requests.server";
import { dealerQuoteStep, staffQuoteStep } from "../../modules/quotation/steps.server";

/**
 * Customized tool quotations in the demo (decision 051): dealer A (XCD000001) has a request
 * waiting for a quote, one the order desk asked about, a quote to accept and a declined one; the
 * service centre (XCD000009) has a quote for a form tool. Nothing accepted: the carts stay as seeded.
 */
export async function seedQuotationDemo(db: DB, ids: Ids, now: Date): Promise<void> {
  await ensureToolTypes(db);
  const tenantId = ids.tenants.get("1000");
  const deskId = ids.users.get("EMP000002");
  const dealerA = ids.users.get("XCD000001");
  const centre = ids.users.get("XCD000009");
  if (!tenantId || !deskId || !dealerA || !centre) return;
  const staff: QuoteStaff = { id: deskId, code: "EMP000002", tenantId };
  const dealer = async (id: number, code: string): Promise<QuoteDealer> => ({
    id,
    code,
    tenantId,
    customerId: (await db.selectFrom("app_user").select("customer_id").where("id", "=", id).executeTakeFirstOrThrow()).customer_id,
  });
  const a = await dealer(dealerA, "XCD000001");
  const c = await dealer(centre, "XCD000009");
  const types = new Map((await listToolTypes(db)).map((t) => [t.code, t.id]));
  const at = (daysAgo: number, hour = 10) => new Date(now.getTime() - daysAgo * 86_400_000 + hour * 3_600_000 - 12 * 3_600_000);
  const day = (offset: number) => shopToday(now.getTime() + offset * 86_400_000);
  const file = async (
    who: QuoteDealer,
    type: string,
    attributes: Record<string, string>,
    rest: { qty: number; material: string; note: string; wanted: number },
    when: Date,
  ) => {
    const r = await createQuotation(
      db,
      who,
      {
        token: newSubmitToken(),
        typeId: types.get(type)!,
        attributes,
        qty: rest.qty,
        wantedDate: day(rest.wanted),
        material: rest.material,
        note: rest.note,
        files: [],
      },
      { now: when },
    );
    if (!r.ok) throw new Error(`seed quotation: ${r.error.key}`);
    return r.value.id;
  };
  const quote = (id: number, unitPrice: number, moq: number, lead: number, valid: number, body: string, when: Date) =>
    staffQuoteStep(db, staff, id, { token: newSubmitToken(), event: "quote", body, unitPrice, moq, leadTimeDays: lead, validUntil: day(valid) }, when);

  await file(
    a,
    "insert",
    { shape: "C 80°", size: "16", thickness: "6.35", nose_radius: "1.2", chip_breaker: "宽刃修光槽", grade: "YBC252", coating: "CVD" },
    { qty: 200, material: "42CrMo 调质 HRC28–32", note: "曲轴轴颈精车，要求修光刃宽 2 mm，附图纸另行邮件发送。", wanted: 40 },
    at(1),
  );
  const asked = await file(
    a,
    "drill",
    { diameter: "8.5", length: "140", point_angle: "140", shank: "圆柄 h6", coolant: "有", steps: "两级台阶 Ø8.5/Ø12，台阶长 20 mm" },
    { qty: 50, material: "QT500-7 球墨铸铁", note: "阀体油孔加工，需内冷。", wanted: 45 },
    at(6),
  );
  await staffQuoteStep(db, staff, asked, { token: newSubmitToken(), event: "ask", body: "请确认台阶处倒角角度（45° 还是 90°）以及孔深公差。" }, at(5));
  const quoted = await file(
    a,
    "end_mill",
    { diameter: "10", flutes: "4", flute_length: "35", overall_length: "100", corner: "圆角", shank: "10", coating: "AlTiN" },
    { qty: 30, material: "SKD11 淬硬 HRC58", note: "模具型腔侧壁精铣，R0.5 圆角。", wanted: 30 },
    at(9),
  );
  await quote(quoted, 38_600, 20, 21, 20, "按 R0.5 圆角、AlTiN 涂层报价。", at(7));
  const declined = await file(
    a,
    "holder",
    { operation: "内孔车削", interface: "圆柄 Ø25", insert_code: "CCMT09T304", overhang: "150", hand: "右手 R" },
    { qty: 5, material: "45# 钢", note: "深孔镗削，防振刀杆。", wanted: 60 },
    at(20),
  );
  await quote(declined, 218_000, 2, 35, 10, "硬质合金防振刀杆。", at(18));
  await dealerQuoteStep(db, a, declined, { token: newSubmitToken(), event: "decline", body: "终端客户改用标准刀杆。" }, at(16));
  const form = await file(
    c,
    "form_tool",
    { diameter: "22", tolerance: "H7", profile: "三级台阶成型，见图纸", material: "硬质合金" },
    { qty: 40, material: "6061-T6 铝合金", note: "汽车空调压缩机壳体孔加工。", wanted: 35 },
    at(4),
  );
  await quote(form, 126_500, 30, 28, 25, "含三级台阶成型及刃口钝化。", at(2));
}
