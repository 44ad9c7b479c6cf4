/**
 * Roles, the menu tree (shop and back office) and who is granted what: the demo data of
 * spec §3/§6 (decision 042). The shop's main menu, its submenus, the back office's sidebar and
 * every function-code check read these rows, so what is seeded here is what the shop shows
 * until an administrator changes it at /system/menu and /system/role.
 */
import type { DB } from "../db.server";

export type RoleCode =
  "guest" | "customer_master" | "customer_sub" | "customer_support" | "admin" | "order_desk" | "support_staff" | "content_editor" | "erp_system";

/** The ERP's system account (issue 30, decision 072): the integration API's ERP calls, nothing else. */
export const ERP_ROLE = { code: "erp_system" as const, name_zh: "ERP 接口账号", name_en: "ERP system account", is_customer: 0 };

/** izCustomer 1: dealers' roles (the shop); 0: the manufacturer's staff (the back office). */
export const ROLES: { code: RoleCode; name_zh: string; name_en: string; is_customer: number }[] = [
  { code: "guest", name_zh: "访客", name_en: "Visitor", is_customer: 1 },
  { code: "customer_master", name_zh: "客户主账号", name_en: "Customer master account", is_customer: 1 },
  { code: "customer_sub", name_zh: "客户子账号", name_en: "Customer sub-account", is_customer: 1 },
  { code: "customer_support", name_zh: "客服（商城）", name_en: "Customer support (shop)", is_customer: 1 },
  { code: "admin", name_zh: "系统管理员", name_en: "System administrator", is_customer: 0 },
  { code: "order_desk", name_zh: "销售服务（订单处理）", name_en: "Order desk (sales service)", is_customer: 0 },
  { code: "support_staff", name_zh: "客户服务", name_en: "Customer support", is_customer: 0 },
  { code: "content_editor", name_zh: "内容编辑", name_en: "Content editor", is_customer: 0 },
  ERP_ROLE,
];

export interface MenuDef {
  name: string;
  zh: string;
  en: string;
  href?: string;
  func?: string;
  icon?: string;
  hidden?: boolean;
  zhOnly?: boolean;
  affix?: boolean;
  /** who is granted it; children inherit unless they say otherwise */
  roles?: RoleCode[];
  children?: MenuDef[];
}

const DEALERS: RoleCode[] = ["customer_master", "customer_sub"];
const EVERYONE: RoleCode[] = ["guest", ...DEALERS, "customer_support"];
const SUPPORT: RoleCode[] = ["customer_support", "customer_master"];
const STAFF: RoleCode[] = ["admin", "order_desk", "support_staff", "content_editor"];

const fn = (func: string, zh: string, en: string, roles?: RoleCode[]): MenuDef => ({ name: func.replaceAll(":", "_"), zh, en, func, roles });

/**
 * The API keys of the stock and price feed (issue 30 item 3, decision 073): a hidden page of the
 * personal centre for the customer's master account; migration 0035 adds it to a database seeded before it.
 */
export const FEED_KEY_MENU: MenuDef = {
  name: "apiKeys",
  zh: "接口密钥",
  en: "API keys",
  href: "/profile/apiKeys",
  hidden: true,
  roles: ["customer_master"],
  children: [fn("feed:key:edit", "创建和吊销接口密钥", "Create and revoke API keys")],
};

/**
 * The shop (area 'shop'). Visible top-level nodes are the main menu in the spec's order (§2);
 * hidden ones are routes the header and account pages link to, granted like the rest. A node
 * without href whose name is a configured link (industrySolution, partnerCloud, aboutCompany,
 * salesNetwork) takes the address from the configuration (LINK_*).
 */
export const SHOP_MENUS: MenuDef[] = [
  { name: "homePage", zh: "首页", en: "Home", href: "/homePage", roles: EVERYONE },
  {
    name: "product",
    zh: "产品中心",
    en: "Products",
    href: "/product",
    roles: EVERYONE,
    children: [
      fn("price:view", "查看价格", "See prices", DEALERS),
      fn("stock:view", "查看库存", "See stock", DEALERS),
      fn("favourite:add", "加入收藏", "Add to favourites", DEALERS),
    ],
  },
  {
    name: "customerSupport",
    zh: "客户支持",
    en: "Customer support",
    href: "/customerSupport",
    roles: SUPPORT,
    zhOnly: true,
    children: [
      { name: "samplesSupport", zh: "样品支持", en: "Sample support", href: "/customerSupport/samplesSupport" },
      { name: "cutterSupport", zh: "刀体支持", en: "Tool-body support", href: "/customerSupport/cutterSupport" },
      { name: "supportCutterOffer", zh: "非标刀具报价", en: "Customized tool quotation", href: "/customerSupport/cutterOffer" },
      // decision 052
      { name: "broadcastSupport", zh: "宣传支持", en: "Marketing support", href: "/customerSupport/broadcastSupport" },
      { name: "standbyLibrary", zh: "备库", en: "Stock reservation", href: "/customerSupport/standbyLibrary" },
    ],
  },
  {
    name: "technologyService",
    zh: "技术服务",
    en: "Technical service",
    href: "/technologyService",
    roles: EVERYONE,
    children: [
      { name: "onLineTraining", zh: "在线培训", en: "Online training", href: "/technologyService/onLineTraining" },
      { name: "cutterOffer", zh: "非标刀具报价", en: "Customized tool quotation", href: "/technologyService/cutterOffer", zhOnly: true },
      { name: "selectionCategory", zh: "产品选型", en: "Product selection", href: "/technologyService/selectionCategory" },
    ],
  },
  { name: "industrySolution", zh: "行业解决方案", en: "Industry solutions", roles: EVERYONE },
  { name: "partnerCloud", zh: "合作伙伴云", en: "Partner cloud", roles: EVERYONE, zhOnly: true },
  {
    name: "afterSalesService",
    zh: "售后服务",
    en: "After-sales service",
    href: "/afterSalesService",
    roles: EVERYONE,
    zhOnly: true,
    children: [
      { name: "satisfication", zh: "满意度调查", en: "Satisfaction survey", href: "/afterSalesService/satisfication" },
      { name: "askAfterSales", zh: "客户反馈", en: "Customer feedback", href: "/afterSalesService/askAfterSales" },
    ],
  },
  { name: "downloadService", zh: "下载服务", en: "Downloads", href: "/downloadService", roles: EVERYONE },
  {
    name: "aboutUs",
    zh: "关于我们",
    en: "About us",
    roles: EVERYONE,
    children: [
      { name: "aboutCompany", zh: "公司简介", en: "About the company" },
      { name: "salesNetwork", zh: "销售网络", en: "Sales network", zhOnly: true },
    ],
  },
  {
    name: "promotion",
    zh: "促销活动",
    en: "Promotions",
    href: "/promotion",
    roles: EVERYONE,
    hidden: true,
    children: [{ name: "rushToPurchase", zh: "限时抢购", en: "Flash sale", href: "/rushToPurchase" }],
  },
  {
    name: "shopCart",
    zh: "购物车",
    en: "Shopping cart",
    href: "/shopCart/shopCard",
    roles: DEALERS,
    hidden: true,
    children: [fn("cart:add", "加入购物车", "Add to cart"), fn("cart:delete", "删除", "Delete")],
  },
  {
    name: "order",
    zh: "我的订单",
    en: "My orders",
    href: "/order",
    roles: DEALERS,
    hidden: true,
    children: [
      {
        name: "fillOrder",
        zh: "填写订单",
        en: "Fill in order",
        href: "/order/fillOrder",
        hidden: true,
        children: [fn("order:submit", "提交订单", "Submit order")],
      },
      {
        name: "orderList",
        zh: "订单查询",
        en: "Orders",
        href: "/order/order",
        children: [
          fn("order:cancel", "取消订单", "Cancel order"),
          fn("order:delete", "删除订单", "Delete order"),
          fn("order:confirm", "交期确认", "Confirm delivery date"),
          fn("order:import", "批量导入", "Batch import"),
          fn("order:export", "导出", "Export"),
        ],
      },
      { name: "orderDetails", zh: "订单详情", en: "Order details", href: "/order/orderDetails", hidden: true },
      { name: "myRecord", zh: "发货记录", en: "Delivery records", href: "/order/myRecord" },
      { name: "addressManage", zh: "地址管理", en: "Addresses", href: "/order/addressManage", children: [fn("address:edit", "编辑地址", "Edit addresses")] },
      {
        name: "subAccount",
        zh: "子账号管理",
        en: "Sub-accounts",
        href: "/order/subAccount",
        roles: ["customer_master"],
        children: [fn("subAccount:add", "新增子账号", "Add sub-account"), fn("subAccount:edit", "编辑子账号", "Edit sub-account")],
      },
      { name: "myCollect", zh: "我的收藏", en: "Favourites", href: "/order/myCollect" },
      { name: "myMessage", zh: "我的消息", en: "Messages", href: "/order/myMessage" },
      { name: "resetPwd", zh: "修改密码", en: "Change password", href: "/order/resetPwd" },
    ],
  },
  { name: "profile", zh: "个人中心", en: "Personal centre", href: "/profile/index", roles: [...DEALERS, "customer_support"], hidden: true },
  FEED_KEY_MENU,
];

/**
 * The tool types and attributes a dealer's quotation request offers (decision 051, "Editing the
 * types"): reference data for every entity, so the administrator's alone, not the order desk's.
 * Migration 0018 adds it to a database seeded before it.
 */
export const QUOTE_TYPE_MENU: MenuDef = {
  name: "quotationToolType",
  zh: "刀具类型与参数",
  en: "Tool types and attributes",
  href: "/system/quotationToolType",
  roles: ["admin"],
  children: [fn("svc:quoteType:edit", "维护刀具类型与参数", "Maintain tool types and attributes")],
};

/**
 * The categories of announcements and downloads (/system/contentCategory): until issue 26 the
 * page had no function code of its own and borrowed the content editor's; migration 0021 adds the
 * code to a database seeded before it, granted to the roles that hold the page.
 */
export const CONTENT_CATEGORY_MENU: MenuDef = {
  name: "bulletinCatalog",
  zh: "内容分类",
  en: "Categories",
  href: "/system/contentCategory",
  children: [fn("cms:category:edit", "维护内容分类", "Maintain categories")],
};

/**
 * Messages to dealers (issue 29 item 13): the order desk and content editors write to one dealer
 * account, a customer's accounts, a province, a role or every dealer; migration 0025 adds it to a
 * database seeded before it.
 */
export const DEALER_MESSAGE_MENU: MenuDef = {
  name: "dealerMessages",
  zh: "消息发布",
  en: "Dealer messages",
  href: "/system/message",
  icon: "content",
  roles: ["admin", "order_desk", "content_editor"],
  children: [fn("msg:message:view", "查看已发消息", "View sent messages"), fn("msg:message:send", "发送消息", "Send messages")],
};

/**
 * The ERP's calls under /prod-api (issue 30, decision 072): a hidden node with the function code
 * the ERP's system account holds; migration 0030 adds it to a database seeded before it.
 */
export const ERP_MENU: MenuDef = {
  name: "erpInterface",
  zh: "ERP 接口",
  en: "ERP interface",
  href: "/prod-api/docs",
  hidden: true,
  roles: ["erp_system"],
  children: [fn("erp:order:sync", "与 ERP 交换订单、发货和信用", "Exchange orders, deliveries and credit with the ERP")],
};

/** The back office (area 'admin'): the sidebar. Each page has a view and an edit function code. */
export const ADMIN_MENUS: MenuDef[] = [
  {
    name: "dashboard",
    zh: "工作台",
    en: "Dashboard",
    href: "/system",
    icon: "home",
    affix: true,
    roles: STAFF,
    children: [fn("dash:sales:view", "查看销售看板", "View the sales dashboard", ["admin", "order_desk"])],
  },
  {
    // the order desk (issue 17, decision 044)
    name: "orderDesk",
    zh: "订单处理",
    en: "Order desk",
    href: "/system/orders",
    icon: "orders",
    roles: ["admin", "order_desk"],
    children: [
      {
        name: "deskOrders",
        zh: "订单处理",
        en: "Orders",
        href: "/system/orders",
        children: [fn("ord:order:view", "查看订单", "View orders"), fn("ord:order:edit", "处理订单", "Process orders")],
      },
      {
        name: "deskDeliveries",
        zh: "发货管理",
        en: "Deliveries",
        href: "/system/deliveries",
        children: [fn("ord:delivery:view", "查看发货", "View deliveries"), fn("ord:delivery:edit", "登记发货", "Record deliveries")],
      },
    ],
  },
  // customers and prices, catalogue (issue 17 items 3 and 4, decision 045)
  {
    name: "customerPrices",
    zh: "客户与价格",
    en: "Customers and prices",
    href: "/system/customer",
    icon: "users",
    roles: ["admin", "order_desk"],
    children: [
      {
        name: "customerAdmin",
        zh: "客户管理",
        en: "Customers",
        href: "/system/customer",
        children: [
          fn("cus:customer:view", "查看客户", "View customers"),
          fn("cus:customer:edit", "维护客户", "Maintain customers"),
          fn("cus:price:view", "查看客户价格", "View customer prices"),
          fn("cus:price:edit", "维护客户价格", "Maintain customer prices"),
        ],
      },
      {
        name: "priceImport",
        zh: "牌价库存导入",
        en: "Price and stock import",
        href: "/system/priceImport",
        children: [fn("cus:price:import", "导入牌价和库存", "Import prices and stock")],
      },
    ],
  },
  {
    name: "catalogueAdmin",
    zh: "商品目录",
    en: "Catalogue",
    href: "/system/catalogueNode",
    icon: "list",
    roles: ["admin", "content_editor"],
    children: [
      {
        name: "catalogueNodeAdmin",
        zh: "目录节点",
        en: "Catalogue nodes",
        href: "/system/catalogueNode",
        children: [fn("cat:node:view", "查看目录", "View the catalogue"), fn("cat:node:edit", "维护目录", "Maintain the catalogue")],
      },
      {
        name: "productAdmin",
        zh: "商品管理",
        en: "Products",
        href: "/system/product",
        children: [fn("cat:product:view", "查看商品", "View products"), fn("cat:product:edit", "维护商品", "Maintain products")],
      },
    ],
  },
  {
    name: "promotionAdmin",
    zh: "促销管理",
    en: "Promotions",
    href: "/system/promotion",
    icon: "promotion",
    roles: ["admin", "content_editor"],
    children: [
      {
        name: "promotionList",
        zh: "促销活动",
        en: "Promotions",
        href: "/system/promotion",
        children: [fn("pro:promotion:view", "查看促销", "View promotions"), fn("pro:promotion:edit", "维护促销", "Maintain promotions")],
      },
      {
        name: "newProductSettings",
        zh: "新品设置",
        en: "New products",
        href: "/system/newProduct",
        children: [fn("pro:newProduct:edit", "维护新品与热销", "Maintain new and hot products")],
      },
    ],
  },
  {
    name: "contentAdmin",
    zh: "内容管理",
    en: "Content",
    href: "/system/content",
    icon: "content",
    roles: ["admin", "content_editor"],
    children: [
      {
        name: "contentList",
        zh: "内容发布",
        en: "Publishing",
        href: "/system/content",
        children: [
          fn("cms:content:view", "查看内容", "View content"),
          fn("cms:content:edit", "维护内容", "Maintain content"),
          fn("cms:file:upload", "上传文件", "Upload files"),
        ],
      },
      CONTENT_CATEGORY_MENU,
      // rare-earth bidding on /gdre (issue 18 item 5, decision 053)
      {
        name: "gdreAdmin",
        zh: "稀土招标",
        en: "Rare-earth bidding",
        href: "/system/gdre",
        children: [fn("cms:gdre:view", "查看招标", "View tenders"), fn("cms:gdre:edit", "维护招标", "Maintain tenders")],
      },
    ],
  },
  DEALER_MESSAGE_MENU,
  // customer services: sample and tool-body requests, satisfaction surveys (issue 18, decision 050)
  {
    name: "customerService",
    zh: "客户服务",
    en: "Customer service",
    href: "/system/support",
    icon: "support",
    roles: ["admin", "support_staff"],
    children: [
      {
        name: "supportRequests",
        zh: "样品、刀体与宣传支持",
        en: "Sample, tool-body and marketing requests",
        href: "/system/support",
        children: [fn("svc:support:view", "查看支持申请", "View support requests"), fn("svc:support:edit", "审批与发货", "Approve and ship requests")],
      },
      {
        name: "surveyAdmin",
        zh: "满意度调查",
        en: "Satisfaction surveys",
        href: "/system/survey",
        children: [fn("svc:survey:edit", "维护满意度调查", "Maintain satisfaction surveys")],
      },
      // marketing support's items and stock reservations (decision 052)
      {
        name: "marketingItems",
        zh: "宣传物料",
        en: "Marketing items",
        href: "/system/support/items",
        children: [fn("svc:marketing:edit", "维护宣传物料", "Maintain marketing items")],
      },
      {
        name: "reservations",
        zh: "备库申请",
        en: "Stock reservations",
        href: "/system/support/reservations",
        children: [
          fn("svc:reserve:view", "查看备库", "View stock reservations"),
          fn("svc:reserve:edit", "审批与释放备库", "Approve and release stock reservations"),
        ],
      },
    ],
  },
  {
    // customized tool quotations (issue 18 item 1, decision 051): the order desk and customer support answer them
    name: "quotationAdmin",
    zh: "非标报价",
    en: "Tool quotations",
    href: "/system/quotation",
    icon: "orders",
    roles: ["admin", "order_desk", "support_staff"],
    children: [
      {
        name: "quotationList",
        zh: "非标刀具报价",
        en: "Customized tool quotations",
        href: "/system/quotation",
        children: [fn("svc:quote:view", "查看报价申请", "View quotation requests"), fn("svc:quote:edit", "报价与提问", "Quote and ask")],
      },
      QUOTE_TYPE_MENU,
    ],
  },
  {
    // after-sales feedback (issue 18 item 3, decision 049)
    name: "feedbackAdmin",
    zh: "售后反馈",
    en: "After-sales feedback",
    href: "/system/feedback",
    icon: "content",
    roles: ["admin", "support_staff"],
    children: [
      {
        name: "feedbackList",
        zh: "客户反馈",
        en: "Customer feedback",
        href: "/system/feedback",
        children: [fn("svc:feedback:view", "查看客户反馈", "View customer feedback"), fn("svc:feedback:edit", "处理客户反馈", "Handle customer feedback")],
      },
    ],
  },
  {
    name: "system",
    zh: "系统管理",
    en: "System",
    href: "/system/user",
    icon: "settings",
    roles: ["admin"],
    children: [
      {
        name: "userAdmin",
        zh: "用户管理",
        en: "Users",
        href: "/system/user",
        children: [fn("sys:user:view", "查看用户", "View users"), fn("sys:user:edit", "维护用户", "Maintain users")],
      },
      {
        name: "roleAdmin",
        zh: "角色管理",
        en: "Roles",
        href: "/system/role",
        children: [fn("sys:role:view", "查看角色", "View roles"), fn("sys:role:edit", "维护角色", "Maintain roles")],
      },
      {
        name: "menuAdmin",
        zh: "菜单管理",
        en: "Menus",
        href: "/system/menu",
        children: [fn("sys:menu:view", "查看菜单", "View menus"), fn("sys:menu:edit", "维护菜单", "Maintain menus")],
      },
      {
        name: "parameterAdmin",
        zh: "系统参数",
        en: "System parameters",
        href: "/system/parameter",
        children: [fn("sys:param:view", "查看参数", "View parameters"), fn("sys:param:edit", "维护参数", "Maintain parameters")],
      },
      {
        name: "dataAreaAdmin",
        zh: "公司主体",
        en: "Company entities",
        href: "/system/dataArea",
        children: [fn("sys:dataArea:view", "查看公司主体", "View company entities"), fn("sys:dataArea:edit", "维护公司主体", "Maintain company entities")],
      },
      { name: "auditLog", zh: "操作日志", en: "Audit log", href: "/system/audit", children: [fn("sys:audit:view", "查看操作日志", "View the audit log")] },
      {
        name: "errorLog",
        zh: "错误日志",
        en: "Error log",
        href: "/system/errorLog",
        children: [fn("sys:errorLog:view", "查看错误日志", "View the error log")],
      },
    ],
  },
  ERP_MENU,
];

/** The menu table's row of one node (the seed's, and a migration's that adds a page to a seeded database). */
export function menuRow(area: "shop" | "admin", def: MenuDef, parentId: number | null, sort: number) {
  return {
    parent_id: parentId,
    area,
    type: def.func ? "func" : "menu",
    name: def.name,
    title_zh: def.zh,
    title_en: def.en,
    href: def.href ?? null,
    func_code: def.func ?? null,
    icon: def.icon ?? null,
    sort,
    hidden: def.hidden ? 1 : 0,
    zh_only: def.zhOnly ? 1 : 0,
    affix: def.affix ? 1 : 0,
  };
}

/** Roles and the menu tree with role_menu links. Returns role ids by code. */
export async function seedRolesAndMenus(db: DB): Promise<Map<RoleCode, number>> {
  const roleRows = await db.insertInto("role").values(ROLES).returning(["id", "code"]).execute();
  const roleIds = new Map(roleRows.map((r) => [r.code as RoleCode, r.id]));
  const links: { role_id: number; menu_id: number }[] = [];

  const insertLevel = async (area: "shop" | "admin", defs: readonly MenuDef[], parentId: number | null, inherited: RoleCode[]) => {
    for (const [i, def] of defs.entries()) {
      const { id } = await db
        .insertInto("menu")
        .values(menuRow(area, def, parentId, (i + 1) * 10))
        .returning("id")
        .executeTakeFirstOrThrow();
      const roles = def.roles ?? inherited;
      for (const r of roles) links.push({ role_id: roleIds.get(r) ?? 0, menu_id: id });
      if (def.children) await insertLevel(area, def.children, id, roles);
    }
  };
  await insertLevel("shop", SHOP_MENUS, null, EVERYONE);
  await insertLevel("admin", ADMIN_MENUS, null, ["admin"]);
  await db.insertInto("role_menu").values(links).execute();
  return roleIds;
}
