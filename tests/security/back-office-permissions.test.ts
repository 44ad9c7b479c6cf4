import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./harness";
import { revokeFunctionCode } from "./permission-fixtures";

/**
 * Issue 26 point 1, the back office: every function code the demo staff roles hold, taken away
 * from the roles of a staff member who holds it, closes what it guards at once. A view code: the
 * page answers 403 (or, for the dashboard's sales panel, the panel is gone). An edit code: the
 * page no longer shows the control, the action answers 403 and the row it would change is as it
 * was. The code given back, the page and the control return and the same post goes through (it
 * was a real one). And the demo roles' own grants still open every page of their sidebars.
 */
let shop: Shop;
const cookies = new Map<string, string>();
const STAFF = ["EMP000001", "EMP000002", "EMP000003", "EMP000004"];

beforeAll(async () => {
  // its own server: it takes function codes from roles, which every account of the role loses
  shop = await startShop();
  for (const code of STAFF) cookies.set(code, await shop.signIn(code));
}, 180_000);
afterAll(() => shop?.stop());

const cookie = (account: string) => cookies.get(account) ?? "";
const html = async (page: string, account: string) => {
  const answer = await shop.get(page, cookie(account));
  return { status: answer.status, text: await answer.text() };
};

// ---- the objects the table acts on, looked up in the started shop's demo data ----
const id = (query: string, ...params: unknown[]) => String(Object.values(shop.one<Record<string, unknown>>(query, ...params))[0]);
const now = () => new Date().toISOString();
const OBJECTS: Record<string, () => string> = {
  SUBMITTED_ORDER: () => id("select order_no from sales_order where status = 'submitted' and tenant_id = 1 order by id limit 1"),
  SHIPPABLE_ORDER: () =>
    id(
      "select o.order_no from sales_order o where o.status = 'confirmed' and o.tenant_id = 1 and exists (select 1 from order_line l where l.order_id = o.id and l.qty > l.shipped_qty) order by o.id limit 1",
    ),
  CUSTOMER: () => id("select c.id from customer c join app_user u on u.customer_id = c.id where u.code = 'XCD000001'"),
  MASTER: () => id("select id from app_user where code = 'XCD000001'"),
  PRODUCT: () => id("select id from product order by id limit 1"),
  ORDERING_CODE: () => id("select ordering_code from product order by id limit 1"),
  NOT_HOT_CODE: () => id("select ordering_code from product where is_hot = 0 order by id limit 1"),
  OPEN_LINE: () =>
    id(
      "select l.id from order_line l join sales_order o on o.id = l.order_id where o.order_no = ? and l.qty > l.shipped_qty order by l.id limit 1",
      object("SHIPPABLE_ORDER"),
    ),
  DEALER_ELSEWHERE: () =>
    id(
      "select c.code from customer c where c.kind = 'dealer' and not exists (select 1 from user_tenant ut join app_user u on u.id = ut.user_id where u.customer_id = c.id and ut.tenant_id = ?) order by c.id limit 1",
      object("AREA"),
    ),
  PROMOTION: () => id("select id from promotion where tenant_id = 1 and ends_at > ? order by id limit 1", now()),
  CONTENT: () => id("select id from content where kind = 'announcement' order by id limit 1"),
  DOWNLOAD: () => id("select id from content where kind = 'download' and file_key is not null order by id limit 1"),
  CATEGORY: () => id("select id from content_category where kind = 'announcement' order by id limit 1"),
  TENDER: () => id("select id from bidding where status = 'published' order by id limit 1"),
  SUPPORT: () => id("select id from support_request where status = 'submitted' and tenant_id = 1 order by id limit 1"),
  RESERVATION: () => id("select id from stock_reservation where status = 'submitted' and tenant_id = 1 order by id limit 1"),
  QUOTATION: () => id("select id from quotation where status = 'submitted' and tenant_id = 1 order by id limit 1"),
  FEEDBACK: () => id("select id from feedback where status = 'open' and tenant_id = 1 order by id limit 1"),
  USER: () => id("select id from app_user where code = 'DPC000001'"), // a master account (the user pages list no sub-accounts)
  ROLE: () => id("select id from role where code = 'customer_support'"),
  MENU: () => id("select id from menu where name = 'downloadService'"),
  AREA: () => id("select id from tenant where code = '2000'"),
  TODAY: () => now().slice(0, 10),
  NOW_IN_CHINA: () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 16),
};
const looked = new Map<string, string>();
/** Once per run: a row's post changes its object (an approved request is no longer "submitted"), its checks must still find it. */
const object = (name: string) => looked.get(name) ?? looked.set(name, OBJECTS[name]()).get(name)!;
/** "/system/orders/SUBMITTED_ORDER" → the path of that order. */
const fill = (text: string) => text.replace(new RegExp(`\\b(${Object.keys(OBJECTS).join("|")})\\b`, "g"), object);

interface Row {
  /** the staff member holding the code through one of the demo roles */
  account: string;
  /** the page the code opens or shows a control on */
  page: string;
  /** what must disappear from the page without the code; none: the page itself answers 403 */
  controls?: string[];
  /** one harmless but real post the code allows, and the query whose answer must not change when it is refused */
  post?: { path: string; fields: Record<string, string>; multipart?: boolean; unchanged: string };
}

const ADMIN = "EMP000001";
const DESK = "EMP000002";
const SUPPORT = "EMP000003";
const EDITOR = "EMP000004";

/** Every back-office function code the demo roles use (the test below checks none is missing). */
const TABLE: Record<string, Row> = {
  "dash:sales:view": { account: DESK, page: "/system", controls: ['data-testid="sales-dashboard"'] },
  "ord:order:view": { account: DESK, page: "/system/orders" },
  "ord:order:edit": {
    account: DESK,
    page: "/system/orders/SUBMITTED_ORDER",
    controls: ['data-testid="desk-confirm"', 'data-testid="desk-cancel"'],
    post: {
      path: "/system/orders/SUBMITTED_ORDER",
      fields: { intent: "confirm" },
      unchanged: "select status, updated_at from sales_order where order_no = 'SUBMITTED_ORDER'",
    },
  },
  "ord:delivery:view": { account: DESK, page: "/system/deliveries" },
  "ord:delivery:edit": {
    account: DESK,
    page: "/system/orders/SHIPPABLE_ORDER",
    controls: ['data-testid="ship-form"'],
    post: {
      path: "/system/orders/SHIPPABLE_ORDER",
      fields: {
        intent: "ship",
        token: "permission-probe-ship-0001",
        shipDate: "TODAY",
        carrier: "SF",
        trackingNo: "SF0001",
        packingSlipNo: "PS0001",
        batchNo: "B0001",
        "qty.OPEN_LINE": "1",
      },
      unchanged: "select count(*) n from shipment s join sales_order o on o.id = s.order_id where o.order_no = 'SHIPPABLE_ORDER'",
    },
  },
  "cus:customer:view": { account: DESK, page: "/system/customer" },
  "cus:customer:edit": {
    account: DESK,
    page: "/system/customer/CUSTOMER",
    controls: ['name="erpAccount"'],
    post: {
      path: "/system/customer/CUSTOMER",
      fields: { intent: "erp", userId: "MASTER", erpAccount: "PROBE01" },
      unchanged: "select erp_account from app_user where id = MASTER",
    },
  },
  "cus:price:view": { account: DESK, page: "/system/customer/CUSTOMER/prices" },
  "cus:price:edit": {
    account: DESK,
    page: "/system/customer/CUSTOMER/prices?tenant=1",
    controls: ['data-testid="price-form"'],
    post: {
      path: "/system/customer/CUSTOMER/prices?tenant=1",
      fields: { intent: "set", tenantId: "1", orderingCode: "ORDERING_CODE", price: "12.34" },
      unchanged: "select count(*) n, coalesce(sum(price), 0) total from customer_price",
    },
  },
  "cus:price:import": {
    account: DESK,
    page: "/system/priceImport",
    post: { path: "/system/priceImport", fields: { tenantId: "1" }, multipart: true, unchanged: "select count(*) n from background_job" },
  },
  "cat:node:view": { account: EDITOR, page: "/system/catalogueNode" },
  "cat:node:edit": {
    account: EDITOR,
    page: "/system/catalogueNode",
    controls: ['data-testid="new-node"', 'href="/system/catalogueNode/'],
    post: {
      path: "/system/catalogueNode/new",
      fields: { code: "PROBE", labelZh: "探针", labelEn: "Probe", sort: "1" },
      unchanged: "select count(*) n from catalogue_node",
    },
  },
  "cat:product:view": { account: EDITOR, page: "/system/product" },
  "cat:product:edit": {
    account: EDITOR,
    page: "/system/product",
    controls: ['data-testid="new-product"'],
    post: {
      path: "/system/product/PRODUCT",
      fields: { intent: "stock", tenantId: "1", available: "999", leadTimeDays: "3" },
      unchanged: "select count(*) n, coalesce(sum(available), 0) total from stock",
    },
  },
  "pro:promotion:view": { account: EDITOR, page: "/system/promotion" },
  "pro:promotion:edit": {
    account: EDITOR,
    page: "/system/promotion",
    controls: ['data-testid="promotion-new"', 'href="/system/promotion/PROMOTION"'],
    post: { path: "/system/promotion/PROMOTION", fields: { intent: "end" }, unchanged: "select ends_at from promotion where id = PROMOTION" },
  },
  "pro:newProduct:edit": {
    account: EDITOR,
    page: "/system/newProduct",
    post: { path: "/system/newProduct", fields: { which: "hot", on: "1", code: "NOT_HOT_CODE" }, unchanged: "select sum(is_hot) n from product" },
  },
  "cms:content:view": { account: EDITOR, page: "/system/content" },
  "cms:content:edit": {
    account: EDITOR,
    page: "/system/content",
    controls: ['data-testid="content-new"', 'href="/system/content/CONTENT"'],
    post: { path: "/system/content/CONTENT", fields: { intent: "delete" }, unchanged: "select count(*) n from content" },
  },
  "cms:file:upload": {
    account: EDITOR,
    page: "/system/content/DOWNLOAD",
    controls: ['data-testid="content-file"'],
    post: {
      path: "/system/content/DOWNLOAD",
      fields: { intent: "save", titleZh: "刀具样本", titleEn: "Catalogue", bodyZh: "正文", bodyEn: "Text", status: "published", publishedAt: "NOW_IN_CHINA" },
      multipart: true,
      unchanged: "select title_zh, file_key, file_name from content where id = DOWNLOAD",
    },
  },
  "cms:category:edit": {
    account: EDITOR,
    page: "/system/contentCategory",
    post: {
      path: "/system/contentCategory",
      fields: { intent: "save", kind: "announcement", id: "CATEGORY", nameZh: "探针分类", nameEn: "Probe category", sort: "1" },
      unchanged: "select name_zh, name_en from content_category where id = CATEGORY",
    },
  },
  "cms:gdre:view": { account: EDITOR, page: "/system/gdre" },
  "cms:gdre:edit": {
    account: EDITOR,
    page: "/system/gdre",
    controls: ['data-testid="bidding-new"', 'href="/system/gdre/TENDER"'],
    post: { path: "/system/gdre/TENDER", fields: { intent: "unpublish" }, unchanged: "select status from bidding where id = TENDER" },
  },
  "msg:message:view": { account: DESK, page: "/system/message" },
  "msg:message:send": {
    account: DESK,
    page: "/system/message",
    controls: ['data-testid="message-form"'],
    post: {
      path: "/system/message",
      fields: {
        token: "probe-token-0123456789abcdef",
        audience: "user",
        audienceValue: "XCD000001",
        titleZh: "探针",
        titleEn: "Probe",
        bodyZh: "正文",
        bodyEn: "Text",
      },
      unchanged: "select count(*) n from staff_message",
    },
  },
  "svc:support:view": { account: SUPPORT, page: "/system/support" },
  "svc:support:edit": {
    account: SUPPORT,
    page: "/system/support/SUPPORT",
    controls: ['data-testid="support-approve"', 'data-testid="support-refuse"'],
    post: { path: "/system/support/SUPPORT", fields: { intent: "approve" }, unchanged: "select status, decided_at from support_request where id = SUPPORT" },
  },
  "svc:survey:edit": {
    account: SUPPORT,
    page: "/system/survey",
    post: {
      path: "/system/survey/new",
      fields: {
        titleZh: "探针",
        titleEn: "Probe",
        startsOn: "2030-01-01",
        endsOn: "2030-01-31",
        "questions[0].textZh": "满意吗",
        "questions[0].textEn": "Satisfied?",
        "questions[0].kind": "scale",
      },
      unchanged: "select count(*) n from survey",
    },
  },
  "svc:marketing:edit": {
    account: SUPPORT,
    page: "/system/support/items",
    post: {
      path: "/system/support/items",
      fields: { nameZh: "探针", nameEn: "Probe", maxQty: "5", sort: "1", active: "on" },
      unchanged: "select count(*) n from marketing_item",
    },
  },
  "svc:reserve:view": { account: SUPPORT, page: "/system/support/reservations" },
  "svc:reserve:edit": {
    account: SUPPORT,
    page: "/system/support/reservations/RESERVATION",
    controls: ['data-testid="reserve-refuse"', 'class="reserve-qty"'],
    post: {
      path: "/system/support/reservations/RESERVATION",
      fields: { intent: "refuse", reason: "probe" },
      unchanged: "select status, decided_at from stock_reservation where id = RESERVATION",
    },
  },
  "svc:quote:view": { account: SUPPORT, page: "/system/quotation" },
  "svc:quote:edit": {
    account: SUPPORT,
    page: "/system/quotation/QUOTATION",
    controls: ['data-testid="quote-give"', 'data-testid="quote-ask"'],
    post: {
      path: "/system/quotation/QUOTATION",
      fields: { intent: "ask", token: "permission-probe-quote-0001", body: "Which material?" },
      unchanged: "select (select status from quotation where id = QUOTATION) status, (select count(*) from quotation_message) n",
    },
  },
  "svc:quoteType:edit": {
    account: ADMIN,
    page: "/system/quotationToolType",
    post: {
      path: "/system/quotationToolType",
      fields: { code: "probe", nameZh: "探针", nameEn: "Probe", sort: "1", active: "on" },
      unchanged: "select count(*) n from quote_tool_type",
    },
  },
  "svc:feedback:view": { account: SUPPORT, page: "/system/feedback" },
  "svc:feedback:edit": {
    account: SUPPORT,
    page: "/system/feedback/FEEDBACK",
    controls: ['data-testid="feedback-staff-form"'],
    post: {
      path: "/system/feedback/FEEDBACK",
      fields: { intent: "close", token: "permission-probe-feedback-01" },
      unchanged: "select (select status from feedback where id = FEEDBACK) status, (select count(*) from feedback_message) n",
    },
  },
  "sys:user:view": { account: ADMIN, page: "/system/user" },
  "sys:user:edit": {
    account: ADMIN,
    page: "/system/user/USER",
    controls: ['name="intent" value="lock"', 'name="intent" value="roles"'],
    post: { path: "/system/user/USER", fields: { intent: "lock" }, unchanged: "select status from app_user where id = USER" },
  },
  "sys:role:view": { account: ADMIN, page: "/system/role" },
  "sys:role:edit": {
    account: ADMIN,
    page: "/system/role",
    controls: ['href="/system/role/new"', 'href="/system/role/ROLE"'],
    post: {
      path: "/system/role/ROLE",
      fields: { code: "customer_support", nameZh: "探针", nameEn: "Probe" },
      unchanged: "select name_zh, name_en, (select count(*) from role_menu where role_id = ROLE) n from role where id = ROLE",
    },
  },
  "sys:menu:view": { account: ADMIN, page: "/system/menu" },
  "sys:menu:edit": {
    account: ADMIN,
    page: "/system/menu",
    controls: ['href="/system/menu/new', 'href="/system/menu/MENU"'],
    post: {
      path: "/system/menu/MENU",
      fields: { area: "shop", type: "menu", name: "downloadService", titleZh: "探针", titleEn: "Probe", href: "/downloadService", sort: "70" },
      unchanged: "select title_zh, title_en from menu where id = MENU",
    },
  },
  "sys:param:view": { account: ADMIN, page: "/system/parameter" },
  "sys:param:edit": {
    account: ADMIN,
    page: "/system/parameter",
    controls: ['href="/system/parameter/'],
    post: { path: "/system/parameter", fields: { code: "probe", value: "1", description: "probe" }, unchanged: "select count(*) n from sys_parameter" },
  },
  "sys:dataArea:view": { account: ADMIN, page: "/system/dataArea" },
  "sys:dataArea:edit": {
    account: ADMIN,
    page: "/system/dataArea/AREA",
    controls: ['data-testid="data-area-edit"', 'data-testid="data-area-access"'],
    post: { path: "/system/dataArea/AREA", fields: { intent: "grant", customerCode: "DEALER_ELSEWHERE" }, unchanged: "select count(*) n from user_tenant" },
  },
  "sys:audit:view": { account: ADMIN, page: "/system/audit" },
  "sys:errorLog:view": { account: ADMIN, page: "/system/errorLog" },
};

/** The database changed under the server: the way the screens do it, the menus' version moves and every worker re-reads. */
/** The messages a refused form shows, for a failure's description. */
const problems = (text: string) =>
  [...text.matchAll(/(?:role="alert"|error-text"|data-testid="[a-z-]*error")[^>]*>([^<]{1,200})/g)].map((m) => m[1]).join(" | ") || text.slice(0, 200);

function send(post: NonNullable<Row["post"]>, account: string) {
  const fields = Object.fromEntries(Object.entries(post.fields).map(([k, v]) => [fill(k), fill(v)]));
  if (!post.multipart) return shop.post(fill(post.path), cookie(account), fields);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new Blob([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], { type: "application/pdf" }), "probe.pdf");
  return fetch(`${shop.base}${fill(post.path)}`, { method: "POST", redirect: "manual", headers: { Cookie: cookie(account), Origin: shop.base }, body: form });
}

const heldCodes = () =>
  shop
    .query<{ func_code: string }>(
      `select distinct m.func_code from menu m join role_menu rm on rm.menu_id = m.id join role r on r.id = rm.role_id
       where m.area = 'admin' and m.type = 'func' and r.code in ('admin', 'order_desk', 'support_staff', 'content_editor') order by m.func_code`,
    )
    .map((r) => r.func_code);

describe("every back-office function code, taken away", () => {
  it("the table covers every function code the demo roles hold in the back office, and every page of the menus has one", () => {
    expect(Object.keys(TABLE).sort()).toEqual(heldCodes());
    const pagesWithoutCode = shop.query<{ name: string }>(
      `select p.name from menu p where p.area = 'admin' and p.type = 'menu' and p.href is not null and p.href <> '/system'
         and not exists (select 1 from menu f where f.parent_id = p.id and f.type = 'func')
         and not exists (select 1 from menu c where c.parent_id = p.id and c.type = 'menu')`,
    );
    expect(pagesWithoutCode).toEqual([]);
  });

  it.each(Object.entries(TABLE))("%s", async (funcCode, row) => {
    const page = fill(row.page);
    const controls = (row.controls ?? []).map(fill);
    const before = await html(page, row.account);
    expect(before.status, `${row.account} opens ${page}`).toBe(200);
    for (const c of controls) expect(before.text, `${page} shows ${c}`).toContain(c);
    const unchanged = row.post ? () => shop.query(fill(row.post!.unchanged)) : () => [];
    const snapshot = unchanged();

    const restore = revokeFunctionCode(shop, "admin", funcCode, row.account);
    try {
      const after = await html(page, row.account);
      if (row.controls) {
        expect(after.status, `${page} still opens`).toBe(200);
        for (const c of controls) expect(after.text, `${page} hides ${c}`).not.toContain(c);
      } else expect(after.status, `${page} without ${funcCode}`).toBe(403);
      if (funcCode === "cus:price:view") expect((await html(fill("/system/customer/CUSTOMER"), row.account)).text).not.toContain("/prices?tenant=");
      if (row.post) {
        expect((await send(row.post, row.account)).status, `post to ${row.post.path} without ${funcCode}`).toBe(403);
        expect(unchanged()).toEqual(snapshot);
      }
    } finally {
      restore();
    }
    const again = await html(page, row.account);
    expect(again.status).toBe(200);
    for (const c of controls) expect(again.text).toContain(c);
    if (row.post) {
      // the refused post was a real one: with the code given back it goes through and changes the row
      const done = await send(row.post, row.account);
      expect(done.status, `post to ${row.post.path} with ${funcCode}: ${problems(await done.text())}`).toBe(302);
      expect(unchanged()).not.toEqual(snapshot);
    }
  });
});

describe("the demo roles keep what they were given", () => {
  it.each(STAFF)("%s opens every page of its sidebar and every page of the table it holds the code of", async (account) => {
    const sidebar = (await html("/system", account)).text;
    const nav = /data-testid="admin-sidebar"[\s\S]*?<\/nav>/.exec(sidebar)?.[0] ?? "";
    const links = [...new Set([...nav.matchAll(/href="(\/system[^"?#]*)"/g)].map((m) => m[1]))];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect((await shop.get(link, cookie(account))).status, `${account} → ${link}`).toBe(200);
    const held = shop
      .query<{ func_code: string }>(
        `select distinct m.func_code from menu m join role_menu rm on rm.menu_id = m.id join user_role ur on ur.role_id = rm.role_id join app_user u on u.id = ur.user_id
         where m.area = 'admin' and m.type = 'func' and u.code = ?`,
        account,
      )
      .map((r) => r.func_code);
    for (const code of held) {
      const page = fill(TABLE[code].page);
      expect((await shop.get(page, cookie(account))).status, `${account} (${code}) → ${page}`).toBe(200);
    }
  });
});
