/** Notices for the demo accounts and the shop's content pages (announcements, research, ...). */
import type { DB } from "../db.server";
import type { Ids } from "./accounts.server";
import type { SeededOrder } from "./orders.server";

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface NoticeDef {
  user: string;
  tenant: string | null;
  type: "customer_feedback" | "erp_delivery_feedback" | "cancel_order" | "message";
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  detail_id?: number;
  order?: SeededOrder;
  read: boolean;
  daysAgo: number;
}

export async function seedNotices(db: DB, ids: Ids, orders: SeededOrder[], now: Date): Promise<number> {
  const ofA = (status: SeededOrder["status"], n = 0) => orders.filter((o) => o.customer === "C10001" && o.tenant === "1000" && o.status === status)[n];
  const toConfirm = ofA("to_be_confirmed");
  const confirmed = ofA("confirmed");
  const cancelled = [ofA("cancelled"), ofA("cancelled", 1)];
  const ofB = orders.find((o) => o.customer === "C20001" && o.status === "cancelled");
  const year = now.getUTCFullYear() + 1;

  const defs: NoticeDef[] = [
    {
      user: "XCD000001",
      tenant: "1000",
      type: "erp_delivery_feedback",
      read: false,
      daysAgo: 0.2,
      order: toConfirm,
      title_zh: `订单 ${toConfirm?.order_no ?? ""} 交期已回复，请确认`,
      title_en: `Delivery date proposed for order ${toConfirm?.order_no ?? ""}: please confirm`,
      body_zh: "部分行项目预计发货日期晚于您的期望交期，请在订单页面同意或不同意新的交期。",
      body_en: "Some lines will ship later than you asked. Please agree or disagree with the new dates on the order page.",
    },
    {
      user: "XCD000001",
      tenant: "1000",
      type: "erp_delivery_feedback",
      read: true,
      daysAgo: 6,
      order: confirmed,
      title_zh: `订单 ${confirmed?.order_no ?? ""} 交期已确认`,
      title_en: `Delivery date confirmed for order ${confirmed?.order_no ?? ""}`,
      body_zh: "工厂已确认全部行项目的预计发货日期。",
      body_en: "The factory has confirmed the expected ship dates of all lines.",
    },
    ...cancelled.map((o, i): NoticeDef => ({
      user: "XCD000001",
      tenant: "1000",
      type: "cancel_order",
      read: i > 0,
      daysAgo: 1 + i * 9,
      order: o,
      title_zh: `订单 ${o?.order_no ?? ""} 已取消`,
      title_en: `Order ${o?.order_no ?? ""} has been cancelled`,
      body_zh: `取消原因：${o?.cancel_reason ?? ""}`,
      body_en: `Reason: ${o?.cancel_reason ?? ""}`,
    })),
    {
      user: "XCD000001",
      tenant: "1000",
      type: "customer_feedback",
      read: false,
      daysAgo: 2,
      detail_id: 1001,
      title_zh: "您提交的客户反馈已回复",
      title_en: "Your feedback has been answered",
      body_zh: "关于 CNMG120408-DM 刀片在45钢上断屑不良的问题，技术服务工程师已回复处理建议。",
      body_en: "A technical service engineer has answered your question about poor chip breaking of CNMG120408-DM in C45 steel.",
    },
    {
      user: "XCD000001",
      tenant: "1000",
      type: "customer_feedback",
      read: true,
      daysAgo: 15,
      detail_id: 1002,
      title_zh: "满意度调查结果已处理",
      title_en: "Your satisfaction survey has been processed",
      body_zh: "感谢您的宝贵意见，我们将持续改进发货时效。",
      body_en: "Thank you for your feedback. We keep working on faster shipping.",
    },
    {
      user: "XCD000001",
      tenant: null,
      type: "message",
      read: false,
      daysAgo: 3,
      title_zh: `${year}年1月1日起部分产品价格调整`,
      title_en: `Price adjustment for selected products from 1 January ${year}`,
      body_zh: "受钨原料价格上涨影响，部分车削刀片和整体刀具价格将上调3%–8%，详见公告。",
      body_en: "Because tungsten prices have risen, some turning inserts and solid tools will cost 3–8 % more. See the announcement.",
    },
    {
      user: "XCD000001",
      tenant: "2000",
      type: "message",
      read: true,
      daysAgo: 20,
      title_zh: "您的账号已开通成都工具商城权限",
      title_en: "Your account can now order from CD Tools",
      body_zh: "在页面右上角切换公司即可进入成都工具商城。",
      body_en: "Switch the company at the top right to shop at CD Tools.",
    },
    {
      user: "XCD000001",
      tenant: null,
      type: "message",
      read: false,
      daysAgo: 5,
      title_zh: "新牌号YBM253不锈钢铣削刀片上市",
      title_en: "New grade YBM253 for milling stainless steel",
      body_zh: "YBM253采用新型PVD涂层，耐磨性提升30%，欢迎试用。",
      body_en: "YBM253 has a new PVD coating with 30 % better wear resistance. Samples are available.",
    },
    {
      user: "DPC000001",
      tenant: "1000",
      type: "cancel_order",
      read: false,
      daysAgo: 2,
      order: ofB,
      title_zh: `订单 ${ofB?.order_no ?? ""} 已取消`,
      title_en: `Order ${ofB?.order_no ?? ""} has been cancelled`,
      body_zh: `取消原因：${ofB?.cancel_reason ?? ""}`,
      body_en: `Reason: ${ofB?.cancel_reason ?? ""}`,
    },
    {
      user: "DPC000001",
      tenant: null,
      type: "message",
      read: true,
      daysAgo: 8,
      title_zh: "欢迎使用株洲刀具经销商门户",
      title_en: "Welcome to the ZZ Tools dealer portal",
      body_zh: "您可以在线查询价格、库存并下单。",
      body_en: "Check prices and stock and place orders online.",
    },
    {
      user: "XCD000002",
      tenant: "1000",
      type: "message",
      read: false,
      daysAgo: 1,
      title_zh: "主账号已为您开通下单权限",
      title_en: "Your master account has allowed you to order",
      body_zh: "您的价格调整系数为10%。",
      body_en: "Your price adjustment factor is 10 %.",
    },
  ];
  const rows = defs.map((d) => ({
    user_id: ids.users.get(d.user) ?? 0,
    tenant_id: d.tenant ? (ids.tenants.get(d.tenant) ?? null) : null,
    type: d.type,
    title_zh: d.title_zh,
    title_en: d.title_en,
    body_zh: d.body_zh,
    body_en: d.body_en,
    detail_id: d.detail_id ?? d.order?.id ?? null,
    order_no: d.order?.order_no ?? null,
    is_read: d.read ? 1 : 0,
    created_at: new Date(now.getTime() - d.daysAgo * DAY).toISOString(),
  }));
  await db.insertInto("notice").values(rows).execute();
  return rows.length;
}

type ContentKind = "announcement" | "research" | "download" | "solution" | "training";
type ContentDef = [kind: ContentKind, daysAgo: number, titleZh: string, titleEn: string, bodyZh: string, bodyEn: string];

export async function seedContent(db: DB, now: Date): Promise<number> {
  const year = now.getUTCFullYear() + 1;
  const defs: ContentDef[] = [
    [
      "announcement",
      3,
      `关于${year}年部分产品价格调整的通知`,
      `Price adjustment for selected products from ${year}`,
      `尊敬的经销商：受钨精矿和钴原料价格持续上涨影响，自${year}年1月1日起，部分车削刀片、铣削刀片及整体硬质合金刀具价格上调3%–8%。此前已提交的订单仍按原价格执行。`,
      `Dear dealers, tungsten concentrate and cobalt prices keep rising. From 1 January ${year}, prices of some turning inserts, milling inserts and solid carbide tools rise by 3–8 %. Orders submitted before then keep their prices.`,
    ],
    [
      "announcement",
      12,
      "新牌号YBM253、YBG205正式上市",
      "New grades YBM253 and YBG205 launched",
      "YBM253适用于不锈钢铣削，YBG205适用于高温合金和不锈钢精车。两种牌号均采用新一代纳米多层PVD涂层，刀具寿命平均提升30%。",
      "YBM253 is for milling stainless steel, YBG205 for finish turning of superalloys and stainless. Both use a new nano-layer PVD coating that lasts about 30 % longer.",
    ],
    [
      "announcement",
      25,
      `${year}年春节假期发货安排`,
      `Shipping over the ${year} Spring Festival`,
      "春节期间仓库暂停发货，节前最后发货日为除夕前5天，节后正月初八恢复发货。请各经销商提前备货。",
      "The warehouse stops shipping over the Spring Festival. The last shipping day is five days before New Year's Eve; shipping resumes on the eighth day of the new year. Please order early.",
    ],
    [
      "announcement",
      40,
      "商城系统升级维护公告",
      "Shop system upgrade and maintenance",
      "为提升服务质量，商城将于本周六 22:00 至周日 06:00 进行系统升级，期间无法登录和下单，给您带来不便敬请谅解。",
      "The shop will be upgraded from Saturday 22:00 to Sunday 06:00. Logging in and ordering are not possible during that time. We apologise for the inconvenience.",
    ],
    [
      "announcement",
      60,
      "关于防范假冒产品的声明",
      "Statement on counterfeit products",
      "近期市场上出现仿冒我司包装的刀片。正品包装盒贴有防伪标签，可扫码验证。请通过授权经销商采购。",
      "Inserts in fake copies of our packaging have appeared. Genuine boxes carry an anti-counterfeit label that can be scanned. Please buy from authorised dealers only.",
    ],
    [
      "research",
      30,
      "难加工材料高效车削技术研究",
      "High-efficiency turning of difficult materials",
      "本文比较了CVD与PVD涂层刀片在镍基高温合金车削中的磨损形态，给出了切削速度与进给量的推荐窗口。",
      "Compares the wear of CVD and PVD coated inserts when turning nickel-based superalloys and recommends windows for cutting speed and feed.",
    ],
    [
      "research",
      75,
      "PVD涂层在不锈钢铣削中的磨损机理",
      "Wear mechanisms of PVD coatings when milling stainless steel",
      "通过扫描电镜分析了AlTiN与AlCrN涂层在奥氏体不锈钢铣削中的粘结磨损与热裂纹。",
      "SEM study of adhesive wear and thermal cracks of AlTiN and AlCrN coatings when milling austenitic stainless steel.",
    ],
    [
      "research",
      120,
      "硬质合金刀片断屑槽设计与切屑控制",
      "Chip-breaker design and chip control",
      "介绍了断屑槽几何参数对切屑形态的影响，以及精加工、半精加工和粗加工槽型的选择方法。",
      "How chip-breaker geometry shapes the chip, and how to choose finishing, medium and roughing chip-breakers.",
    ],
    [
      "download",
      10,
      "产品样本（中文版）PDF",
      "Product catalogue (PDF)",
      "完整产品样本，含车削、铣削、孔加工、整体刀具和刀杆刀体。",
      "The complete catalogue: turning, milling, holemaking, solid tools and toolholders.",
    ],
    [
      "download",
      45,
      "切削参数推荐手册",
      "Cutting data handbook",
      "按ISO材料分组列出各牌号的推荐切削速度、进给量和切削深度。",
      "Recommended cutting speed, feed and depth of cut per grade and ISO material group.",
    ],
    [
      "download",
      90,
      "刀片牌号选择指南",
      "Grade selection guide",
      "根据工件材料和加工工况选择合适的牌号。",
      "Pick the right grade for the workpiece material and the cutting conditions.",
    ],
    [
      "solution",
      20,
      "汽车轮毂加工解决方案",
      "Machining automotive wheel hubs",
      "针对铝合金轮毂的高速车削和钻孔，推荐YD101牌号和-AL槽型刀片，单件节拍缩短15%。",
      "High-speed turning and drilling of aluminium wheel hubs with YD101 and -AL inserts cuts cycle time by 15 %.",
    ],
    [
      "solution",
      50,
      "风电法兰加工解决方案",
      "Machining wind-power flanges",
      "大型锻件法兰粗车推荐CNMM190616-HR YBC352，配合双压式刀杆，金属去除率提高25%。",
      "Rough turning of large forged flanges with CNMM190616-HR YBC352 in rigid-clamp holders removes 25 % more metal.",
    ],
    [
      "solution",
      80,
      "航空钛合金结构件铣削方案",
      "Milling titanium aerospace parts",
      "采用YBG212牌号高进给铣刀片，在TC4钛合金上实现稳定的大进给粗铣。",
      "YBG212 high-feed inserts give stable high-feed roughing in Ti-6Al-4V.",
    ],
    [
      "training",
      7,
      "数控刀片ISO代码识读",
      "Reading ISO insert designations",
      "逐位讲解刀片形状、后角、公差、类型、尺寸、厚度和刀尖圆角的含义。",
      "Position by position: shape, clearance, tolerance, type, size, thickness and nose radius.",
    ],
    [
      "training",
      35,
      "如何选择车削断屑槽",
      "Choosing turning chip-breakers",
      "根据切削深度和进给量选择精加工、半精加工或粗加工槽型。",
      "Choose finishing, medium or roughing chip-breakers by depth of cut and feed.",
    ],
    [
      "training",
      65,
      "整体立铣刀的正确使用与重磨",
      "Using and regrinding solid end mills",
      "介绍立铣刀的装夹、切削参数和重磨要点，延长刀具寿命。",
      "Clamping, cutting data and regrinding of solid end mills for longer tool life.",
    ],
  ];
  await db
    .insertInto("content")
    .values(
      defs.map(([kind, daysAgo, title_zh, title_en, body_zh, body_en]) => ({
        tenant_id: null,
        kind,
        title_zh,
        title_en,
        body_zh,
        body_en,
        // Published at 09:00 China time on that day.
        published_at: new Date(Math.floor((now.getTime() - daysAgo * DAY + 8 * HOUR) / DAY) * DAY + HOUR).toISOString(),
      })),
    )
    .execute();
  return defs.length;
}

/**
 * What the back office maintains on top of the content (decision 046): announcement categories
 * (the bulletin catalogue), a draft and a scheduled announcement dealers do not see yet, video
 * links on the training courses and second- and third-level industry solutions.
 */
export async function seedContentAdmin(db: DB, now: Date): Promise<void> {
  const categories = await db
    .insertInto("content_category")
    .values([
      { kind: "announcement", name_zh: "价格与供货", name_en: "Prices and supply", sort: 10 },
      { kind: "announcement", name_zh: "新品发布", name_en: "New products", sort: 20 },
      { kind: "announcement", name_zh: "服务通知", name_en: "Service notices", sort: 30 },
    ])
    .returning(["id", "sort"])
    .execute();
  const cat = (sort: number) => categories.find((c) => c.sort === sort)!.id;
  const announcements = await db.selectFrom("content").select(["id", "title_en"]).where("kind", "=", "announcement").orderBy("id").execute();
  for (const a of announcements) {
    const sort = /price|shipping/i.test(a.title_en) ? 10 : /grade|launch/i.test(a.title_en) ? 20 : 30;
    await db
      .updateTable("content")
      .set({ category_id: cat(sort) })
      .where("id", "=", a.id)
      .execute();
  }
  const trainings = await db.selectFrom("content").select("id").where("kind", "=", "training").orderBy("id").execute();
  for (const [i, tr] of trainings.entries()) {
    await db
      .updateTable("content")
      .set({ video_url: `https://video.zztools.com.cn/training/course-${i + 1}` })
      .where("id", "=", tr.id)
      .execute();
  }
  const DAY = 86_400_000;
  await db
    .insertInto("content")
    .values([
      {
        tenant_id: null,
        kind: "announcement",
        status: "draft",
        category_id: cat(20),
        published_at: new Date(now.getTime() - DAY).toISOString(),
        title_zh: "（草稿）YBC系列新槽型预告",
        title_en: "(Draft) Preview of the new YBC chip-breakers",
        body_zh: "草稿：新槽型的规格和价格尚未确定。",
        body_en: "Draft: sizes and prices of the new chip-breakers are not final yet.",
      },
      {
        tenant_id: null,
        kind: "announcement",
        status: "published",
        category_id: cat(30),
        published_at: new Date(now.getTime() + 7 * DAY).toISOString(),
        title_zh: "下周仓库盘点安排",
        title_en: "Warehouse stocktaking next week",
        body_zh: "仓库将于下周五盘点，当天下午的订单次日发货。",
        body_en: "The warehouse takes stock next Friday; orders of that afternoon ship the next day.",
      },
    ])
    .execute();
  const solutions = await db
    .selectFrom("content")
    .select(["id", "title_en", "published_at"])
    .where("kind", "=", "solution")
    .where("parent_id", "is", null)
    .orderBy("id")
    .execute();
  const wheels = solutions.find((s) => /wheel/i.test(s.title_en)) ?? solutions[0];
  if (!wheels) return;
  const { id: second } = await db
    .insertInto("content")
    .values({
      tenant_id: null,
      kind: "solution",
      parent_id: wheels.id,
      published_at: wheels.published_at,
      title_zh: "轮毂车削：轮辋精车",
      title_en: "Wheel hub turning: finishing the rim",
      body_zh: "轮辋精车推荐VCGT160404-AL YD101，线速度 1500 m/min，进给 0.15 mm/r。",
      body_en: "Finish the rim with VCGT160404-AL YD101 at 1,500 m/min and 0.15 mm/rev.",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("content")
    .values({
      tenant_id: null,
      kind: "solution",
      parent_id: second,
      published_at: wheels.published_at,
      title_zh: "轮辋精车：断屑问题处理",
      title_en: "Rim finishing: controlling the chips",
      body_zh: "出现长屑缠绕时，将进给提高到 0.2 mm/r 或改用 -AM 槽型。",
      body_en: "If long chips wrap around the part, raise the feed to 0.2 mm/rev or use the -AM chip-breaker.",
    })
    .execute();
}
