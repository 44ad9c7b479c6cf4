/**
 * Tenants, dealers (customers), demo accounts (dealers and the manufacturer's staff) and addresses.
 * All demo users share the password DEMO_PASSWORD; it is hashed once (argon2id is slow on purpose).
 */
import { hash } from "@node-rs/argon2";
import type { DB } from "../db.server";
import { Rng } from "./prng";

export const DEMO_PASSWORD = "Demo2026";

import type { RoleCode } from "./roles-menus";

export type { RoleCode };

export interface Ids {
  tenants: Map<string, number>;
  customers: Map<string, number>;
  users: Map<string, number>;
}

export const TENANTS = [
  {
    code: "1000",
    name_zh: "株洲硬质合金刀具有限公司",
    name_en: "Zhuzhou Carbide Tools Co., Ltd.",
    show_name_zh: "株洲刀具",
    show_name_en: "ZZ Tools",
    currency: "CNY",
    tax_rate_bp: 1300,
    free_shipping_amount: 200000,
    shipping_fee: 2000,
  },
  {
    code: "2000",
    name_zh: "成都工具有限公司",
    name_en: "Chengdu Tools Co., Ltd.",
    show_name_zh: "成都工具",
    show_name_en: "CD Tools",
    currency: "CNY",
    tax_rate_bp: 1300,
    free_shipping_amount: 300000,
    shipping_fee: 3000,
  },
] as const;

export async function seedTenants(db: DB): Promise<Map<string, number>> {
  const rows = await db
    .insertInto("tenant")
    .values(TENANTS.map((t) => ({ ...t })))
    .returning(["id", "code"])
    .execute();
  return new Map(rows.map((r) => [r.code, r.id]));
}

interface CustomerDef {
  code: string;
  name_zh: string;
  name_en: string;
  credit_limit: number;
  payment_terms_days: number;
  /** acceptance-bill terms (decision 054); the on-account terms when not given */
  bill_terms_days?: number;
  discount_bp: number;
  export_sales?: number;
  kind?: "dealer" | "internal";
  /** the dealer's own free-shipping threshold (fen), else the company entity's (decision 045) */
  free_shipping_amount?: number;
}

export const DEALER_A = "C10001";
export const DEALER_B = "C20001";
/** The manufacturer's own party: its users are the back-office staff (decision 042). */
export const INTERNAL_PARTY = "ZZ-STAFF";

const CUSTOMERS: CustomerDef[] = [
  {
    code: DEALER_A,
    name_zh: "湖南精工刀具贸易有限公司",
    name_en: "Hunan Precision Tools Trading Co.",
    credit_limit: 50_000_000,
    payment_terms_days: 30,
    bill_terms_days: 60,
    discount_bp: 500,
  },
  {
    code: DEALER_B,
    name_zh: "广东锐达机电有限公司",
    name_en: "Guangdong Ruida Electromechanical Co.",
    credit_limit: 20_000_000,
    payment_terms_days: 45,
    bill_terms_days: 90,
    discount_bp: 300,
  },
  {
    code: "C90009",
    name_zh: "株洲刀具华南客户服务中心",
    name_en: "ZZ Tools South China Service Centre",
    credit_limit: 0,
    payment_terms_days: 0,
    discount_bp: 0,
  },
  {
    code: "C90010",
    name_zh: "湖南智选工业科技有限公司",
    name_en: "Hunan Zhixuan Industrial Technology Co.",
    credit_limit: 5_000_000,
    payment_terms_days: 30,
    discount_bp: 0,
    free_shipping_amount: 100_000,
  },
  {
    code: INTERNAL_PARTY,
    name_zh: "株洲硬质合金刀具有限公司（内部）",
    name_en: "Zhuzhou Carbide Tools (internal)",
    credit_limit: 0,
    payment_terms_days: 0,
    discount_bp: 0,
    kind: "internal",
  },
];

interface UserDef {
  code: string;
  customer: string;
  master?: string;
  name: string;
  email: string;
  mobile: string;
  roles: RoleCode[];
  /** tenant codes, the first is the default */
  tenants: string[];
  parties_id?: string;
  price_adjustment_bp?: number;
  can_order?: number;
  erp_account?: string;
}

const USERS: UserDef[] = [
  {
    code: "XCD000001",
    customer: DEALER_A,
    name: "张伟",
    email: "zhangwei@hunan-jinggong.example",
    mobile: "13800000001",
    roles: ["customer_master"],
    tenants: ["1000", "2000"],
    erp_account: "C10001",
  },
  {
    code: "XCD000002",
    customer: DEALER_A,
    master: "XCD000001",
    name: "李娜",
    email: "lina@hunan-jinggong.example",
    mobile: "13800000002",
    roles: ["customer_sub"],
    tenants: ["1000"],
    price_adjustment_bp: 1000,
    can_order: 1,
  },
  {
    code: "XCD000003",
    customer: DEALER_A,
    master: "XCD000001",
    name: "王强",
    email: "wangqiang@hunan-jinggong.example",
    mobile: "13800000003",
    roles: ["customer_sub"],
    tenants: ["1000"],
    can_order: 0,
  },
  {
    code: "DPC000001",
    customer: DEALER_B,
    name: "陈敏",
    email: "chenmin@gd-ruida.example",
    mobile: "13900000001",
    roles: ["customer_master"],
    tenants: ["1000", "2000"],
    erp_account: "C20001",
  },
  {
    code: "XCD000009",
    customer: "C90009",
    name: "刘洋",
    email: "liuyang@zztools-service.example",
    mobile: "13700000009",
    roles: ["customer_support", "customer_master"],
    tenants: ["1000", "2000"],
  },
  {
    code: "XCD000010",
    customer: "C90010",
    name: "赵静",
    email: "zhaojing@hn-zhixuan.example",
    mobile: "13700000010",
    roles: ["customer_master"],
    tenants: ["1000"],
    parties_id: "CRMCPXX",
  },
  // the manufacturer's back-office staff (sign in at /login)
  {
    code: "EMP000001",
    customer: INTERNAL_PARTY,
    name: "周建平",
    email: "zhou.jianping@zztools.com.cn",
    mobile: "13600000001",
    roles: ["admin"],
    tenants: ["1000", "2000"],
  },
  {
    code: "EMP000002",
    customer: INTERNAL_PARTY,
    name: "孙丽",
    email: "sun.li@zztools.com.cn",
    mobile: "13600000002",
    roles: ["order_desk"],
    tenants: ["1000", "2000"],
  },
  {
    code: "EMP000003",
    customer: INTERNAL_PARTY,
    name: "何静",
    email: "he.jing@zztools.com.cn",
    mobile: "13600000003",
    roles: ["support_staff"],
    tenants: ["1000"],
  },
  {
    code: "EMP000004",
    customer: INTERNAL_PARTY,
    name: "郭涛",
    email: "guo.tao@zztools.com.cn",
    mobile: "13600000004",
    roles: ["content_editor"],
    tenants: ["1000"],
  },
  // the ERP's system account: the integration API's ERP calls only (issue 30, decision 072)
  {
    code: "EMP000005",
    customer: INTERNAL_PARTY,
    name: "ERP 接口",
    email: "erp@zztools.com.cn",
    mobile: "13600000005",
    roles: ["erp_system"],
    tenants: ["1000", "2000"],
  },
];

/** Words for ~20 further dealers: [zh, en]. */
const CITIES: [string, string, string][] = [
  ["长沙", "Changsha", "湖南省"],
  ["武汉", "Wuhan", "湖北省"],
  ["宁波", "Ningbo", "浙江省"],
  ["苏州", "Suzhou", "江苏省"],
  ["东莞", "Dongguan", "广东省"],
  ["青岛", "Qingdao", "山东省"],
  ["重庆", "Chongqing", "重庆市"],
  ["西安", "Xi'an", "陕西省"],
  ["沈阳", "Shenyang", "辽宁省"],
  ["郑州", "Zhengzhou", "河南省"],
  ["泉州", "Quanzhou", "福建省"],
  ["常州", "Changzhou", "江苏省"],
  ["台州", "Taizhou", "浙江省"],
  ["天津", "Tianjin", "天津市"],
  ["合肥", "Hefei", "安徽省"],
  ["昆山", "Kunshan", "江苏省"],
];
const BRANDS: [string, string][] = [
  ["恒锐", "Hengrui"],
  ["精达", "Jingda"],
  ["鑫工", "Xingong"],
  ["宏博", "Hongbo"],
  ["利刃", "Liren"],
  ["金钻", "Jinzuan"],
  ["华匠", "Huajiang"],
  ["永固", "Yonggu"],
  ["捷锋", "Jiefeng"],
  ["众诚", "Zhongcheng"],
  ["新锐", "Xinrui"],
  ["锋泰", "Fengtai"],
];
const TRADES: [string, string][] = [
  ["刀具贸易有限公司", "Tools Trading Co."],
  ["机电设备有限公司", "Electromechanical Equipment Co."],
  ["五金工具有限公司", "Hardware & Tools Co."],
  ["数控刀具有限公司", "CNC Tooling Co."],
  ["工业品供应链有限公司", "Industrial Supply Chain Co."],
];
const SURNAMES: [string, string][] = [
  ["王", "wang"],
  ["李", "li"],
  ["张", "zhang"],
  ["刘", "liu"],
  ["陈", "chen"],
  ["杨", "yang"],
  ["黄", "huang"],
  ["周", "zhou"],
  ["吴", "wu"],
  ["徐", "xu"],
];
const GIVEN: [string, string][] = [
  ["建国", "jianguo"],
  ["海燕", "haiyan"],
  ["志强", "zhiqiang"],
  ["晓东", "xiaodong"],
  ["丽华", "lihua"],
  ["俊杰", "junjie"],
  ["秀英", "xiuying"],
  ["明", "ming"],
  ["磊", "lei"],
  ["芳", "fang"],
];

export interface ExtraDealer {
  customer: CustomerDef;
  user: UserDef;
  city: [string, string, string];
}

/** ~20 further dealers with one master account each, so lists of customers look real. */
export function extraDealers(seed: number): ExtraDealer[] {
  const rng = Rng.of(seed, 7001);
  const out: ExtraDealer[] = [];
  for (let i = 0; i < 20; i++) {
    const city = CITIES[i % CITIES.length];
    const brand = BRANDS[(i * 5 + rng.int(0, 3)) % BRANDS.length];
    const trade = rng.pick(TRADES);
    const surname = rng.pick(SURNAMES);
    const given = rng.pick(GIVEN);
    const code = `C3${String(i + 1).padStart(4, "0")}`;
    const userCode = i % 2 === 0 ? `XCD${String(101 + i / 2).padStart(6, "0")}` : `DPC${String(101 + (i - 1) / 2).padStart(6, "0")}`;
    out.push({
      city,
      customer: {
        code,
        name_zh: `${city[0]}${brand[0]}${trade[0]}`,
        name_en: `${city[1]} ${brand[1]} ${trade[1]}`,
        credit_limit: rng.int(5, 80) * 1_000_000,
        payment_terms_days: rng.pick([0, 15, 30, 45, 60]),
        discount_bp: rng.pick([0, 200, 300, 500]),
        export_sales: i === 7 ? 1 : 0,
      },
      user: {
        code: userCode,
        customer: code,
        name: surname[0] + given[0],
        email: `${surname[1]}.${given[1]}@dealer${i + 1}.example`,
        mobile: `13${rng.int(5, 9)}${String(rng.int(0, 99_999_999)).padStart(8, "0")}`,
        roles: ["customer_master"],
        tenants: i % 3 === 0 ? ["1000", "2000"] : ["1000"],
        erp_account: code,
      },
    });
  }
  return out;
}

/** Customers, users (with tenants and roles) and addresses. */
export async function seedAccounts(db: DB, tenants: Map<string, number>, roles: Map<RoleCode, number>, seed: number, nowIso: string): Promise<Ids> {
  const extras = extraDealers(seed);
  const customerRows = await db
    .insertInto("customer")
    .values(
      [...CUSTOMERS, ...extras.map((e) => e.customer)].map((c) => ({
        export_sales: 0,
        kind: "dealer",
        ...c,
        bill_terms_days: c.bill_terms_days ?? c.payment_terms_days,
        created_at: nowIso,
      })),
    )
    .returning(["id", "code"])
    .execute();
  const customers = new Map(customerRows.map((r) => [r.code, r.id]));

  const passwordHash = await hash(DEMO_PASSWORD);
  const users = new Map<string, number>();
  // One by one: sub-accounts need their master's id.
  for (const u of [...USERS, ...extras.map((e) => e.user)]) {
    const { id } = await db
      .insertInto("app_user")
      .values({
        code: u.code,
        customer_id: customers.get(u.customer) ?? 0,
        master_user_id: u.master ? (users.get(u.master) ?? null) : null,
        parties_id: u.parties_id ?? null,
        name: u.name,
        email: u.email,
        mobile: u.mobile,
        language: null,
        password_hash: passwordHash,
        price_adjustment_bp: u.price_adjustment_bp ?? 0,
        can_order: u.can_order ?? 1,
        can_see_price: 1,
        can_see_stock: 1,
        erp_account: u.erp_account ?? null,
        status: "active",
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    users.set(u.code, id);
    await db
      .insertInto("user_tenant")
      .values(u.tenants.map((t, i) => ({ user_id: id, tenant_id: tenants.get(t) ?? 0, is_default: i === 0 ? 1 : 0 })))
      .execute();
    await db
      .insertInto("user_role")
      .values(u.roles.map((r) => ({ user_id: id, role_id: roles.get(r) ?? 0 })))
      .execute();
  }

  await seedAddresses(db, customers, extras, nowIso);
  return { tenants, customers, users };
}

async function seedAddresses(db: DB, customers: Map<string, number>, extras: ExtraDealer[], nowIso: string): Promise<void> {
  const id = (code: string) => customers.get(code) ?? 0;
  const base = { created_at: nowIso, updated_at: nowIso };
  await db
    .insertInto("address")
    .values([
      {
        ...base,
        customer_id: id(DEALER_A),
        consignee: "张伟",
        phone: "13800000001",
        province: "湖南省",
        city: "长沙市",
        district: "雨花区",
        line: "万家丽中路三段36号 精工大厦12楼",
        postcode: "410007",
        is_default: 1,
      },
      {
        ...base,
        customer_id: id(DEALER_A),
        consignee: "李娜",
        phone: "13800000002",
        province: "湖南省",
        city: "株洲市",
        district: "天元区",
        line: "黄河南路199号 高新区工业园8栋 精工仓库",
        postcode: "412007",
        is_default: 0,
      },
      {
        ...base,
        customer_id: id(DEALER_B),
        consignee: "陈敏",
        phone: "13900000001",
        province: "广东省",
        city: "佛山市",
        district: "顺德区",
        line: "大良街道凤翔工业区锐达路18号",
        postcode: "528300",
        is_default: 1,
      },
      {
        ...base,
        customer_id: id("C90009"),
        consignee: "刘洋",
        phone: "13700000009",
        province: "广东省",
        city: "广州市",
        district: "黄埔区",
        line: "科学大道182号 创意大厦B栋5楼",
        postcode: "510663",
        is_default: 1,
      },
      {
        ...base,
        customer_id: id("C90010"),
        consignee: "赵静",
        phone: "13700000010",
        province: "湖南省",
        city: "湘潭市",
        district: "岳塘区",
        line: "芙蓉中路36号 智造产业园3栋",
        postcode: "411100",
        is_default: 1,
      },
      ...extras.map((e, i) => ({
        ...base,
        customer_id: id(e.customer.code),
        consignee: e.user.name,
        phone: e.user.mobile,
        province: e.city[2],
        city: e.city[2].endsWith("市") ? e.city[2] : `${e.city[0]}市`,
        district: ["经济技术开发区", "高新区", "工业园区", "城南区"][i % 4],
        line: `${["工业大道", "科技路", "创业路", "机电城"][i % 4]}${10 + i * 7}号`,
        postcode: "",
        is_default: 1,
      })),
    ])
    .execute();
}
