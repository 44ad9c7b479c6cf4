import type { z } from "zod";
import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import { amountValue, formatDateTime } from "~/i18n/format";
import { getFixedT } from "~/i18n/i18n.server";
import { currentMaintenance } from "~/modules/admin/parameters.server";
import { createAddress, deleteAddress, getAddress, listAddresses, updateAddress, type Address } from "~/modules/addresses/addresses.server";
import { verifyLogin } from "~/modules/auth/login.server";
import { endSession, sessionTtl, startSession } from "~/modules/auth/sessions.server";
import { listUserTenants, userHasTenant } from "~/modules/auth/tenants.server";
import { countCartLines } from "~/modules/cart/count.server";
import { productsByIds } from "~/modules/catalogue/catalogue.server";
import { getCatalogueMenu, type MenuNode } from "~/modules/catalogue/menu.server";
import { allColumns, getColumns, saveColumns, type ColumnModule } from "~/modules/columns/columns.server";
import { NotFoundError } from "~/modules/errors";
import { listFavouriteIds, removeFavourite } from "~/modules/favourites/favourites.server";
import { listNotices, markNoticeRead } from "~/modules/notices/order-notices.server";
import { getOrder, listOrders } from "~/modules/orders/orders.server";
import { ORDER_STATUSES, type OrderStatus } from "~/modules/orders/status";
import { creditInfo, submitOrder } from "~/modules/orders/submit.server";
import { startImport } from "~/modules/excel/import-jobs.server";
import { IMPORT_MAX_BYTES } from "~/modules/excel/import-read.server";
import { fail, ok, type Result } from "~/modules/result";
import type { SignedInUser } from "~/utils/session.server";
import { acknowledgeOrders, cancelByErp, customerCredit, once, pullOrders, pushDeliveryState } from "./erp.server";
import type { FeedActor } from "./feed-keys.server";
import { csvHeader, csvRows, currentExport, feedPage } from "./feed.server";
import * as S from "./schemas.server";

/**
 * The integration API's calls (spec §7, decision 072): one table, each call with its method and
 * path, who may call it, the function code it needs (checked by the web layer's one permission
 * function before `run`), its zod shapes (the OpenAPI document is generated from this table) and
 * its work, done by the same domain functions as the shop's pages. `run` gets plain values and
 * answers a Result; an object the caller may not see throws NotFoundError.
 */
export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";
/** who may call: anyone; a dealer's session token; the ERP's system account (its session token); a dealer's feed key */
export type ApiAuth = "none" | "dealer" | "erp" | "feed";

export interface ApiContext {
  db: DB;
  lang: Language;
  clientIp: string | null;
  userAgent: string | null;
  /** the token's dealer (`auth: "dealer"`), or null (`auth: "none"`) */
  user: SignedInUser | null;
  /** the token the call came with (the company switch ends it) */
  token: string | null;
  /** the feed key's customer (`auth: "feed"`), or null */
  feed: FeedActor | null;
}

export interface ApiInput<Q, B, P> {
  query: Q;
  body: B;
  params: P;
}

export interface ApiCall<Q = unknown, B = unknown, P = unknown, D = unknown> {
  method: ApiMethod;
  /** OpenAPI style: `/order/{id}` */
  path: string;
  summary: string;
  auth: ApiAuth;
  /** the function code the menu tables give this operation (decision 056) */
  permission?: string;
  /** the account's own "may order" switch as well (spec §6) */
  ordering?: boolean;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  params?: z.ZodType<P>;
  data: z.ZodType<D>;
  run: (ctx: ApiContext, input: ApiInput<Q, B, P>) => Promise<Result<D>>;
  /** the answer as CSV too (`?format=csv` or `Accept: text/csv`): the data's rows with a header row */
  csv?: (data: D, query: Q) => string;
  /** the answer is a file of the content store (CSV), not the envelope: the data says which */
  file?: (data: D) => { fileKey: string; etag: string; name: string };
  /** the body is a file of this media type, not JSON: `run` gets its bytes as the body (a Buffer) */
  upload?: { mediaType: string; maxBytes: number };
}

/** an .xlsx workbook */
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const call = <Q = undefined, B = undefined, P = undefined, D = unknown>(c: ApiCall<Q, B, P, D>) => c as unknown as ApiCall;

/** The signed-in dealer of a dealer call (the web layer has checked the token). */
const dealer = (ctx: ApiContext): SignedInUser => {
  if (!ctx.user) throw new Error("a dealer call without its dealer");
  return ctx.user;
};

const addressOut = (a: Address): z.output<typeof S.AddressOut> => ({
  id: a.id,
  consignee: a.consignee,
  phone: a.phone,
  province: a.province,
  city: a.city,
  district: a.district,
  line: a.line,
  postcode: a.postcode,
  isDefault: a.isDefault,
});

const cut = (tree: MenuNode[], depth: number): S.CatalogueNodeOut[] =>
  tree.map((n) => ({ code: n.code, label: n.label, level: n.level, isNonStandard: n.isNonStandard, children: n.level >= depth ? [] : cut(n.children, depth) }));
const atLevel = (tree: MenuNode[], level: number): MenuNode[] =>
  level <= 1
    ? tree
    : atLevel(
        tree.flatMap((n) => n.children),
        level - 1,
      );

/** The ERP's system account (the web layer checked its token and its function code). */
const erpActor = (ctx: ApiContext) => {
  const u = dealer(ctx);
  return { id: u.id, code: u.code, tenantId: u.tenantId };
};

/** The function code of the ERP's calls (decision 072): the ERP's system account holds it. */
export const ERP_FUNCTION_CODE = "erp:order:sync";

const ERP_CALLS: ApiCall[] = [
  call({
    method: "GET",
    path: "/order/submitAndGetDataToErp",
    summary: "ERP: the next placed orders not yet taken (each handed over once; again after `leaseSeconds` (10 minutes) until acknowledged)",
    auth: "erp",
    permission: ERP_FUNCTION_CODE,
    query: S.ErpPullQuery,
    data: S.ErpPullData,
    run: async (ctx, { query }) => ok(await pullOrders(ctx.db, erpActor(ctx), { limit: query.limit, leaseMs: query.leaseSeconds * 1000 })),
  }),
  call({
    method: "POST",
    path: "/order/submitAndGetDataToErp/ack",
    summary: "ERP: acknowledge orders taken; they are not handed over again",
    auth: "erp",
    permission: ERP_FUNCTION_CODE,
    body: S.ErpAckBody,
    data: S.ErpAckData,
    run: (ctx, { body }) => acknowledgeOrders(ctx.db, erpActor(ctx), body.orderNos),
  }),
  call({
    method: "POST",
    path: "/bussinessToErpController/UpdatDdeliverState",
    summary: "ERP: an order confirmed, or goods shipped (the desk's shipment: the dealer's delivery record and notice); `key` makes a repeat change nothing",
    auth: "erp",
    permission: ERP_FUNCTION_CODE,
    body: S.ErpDeliveryBody,
    data: S.ErpOrderState,
    run: (ctx, { body }) =>
      once(ctx.db, { userId: dealer(ctx).id, call: "UpdatDdeliverState", key: body.key }, () => pushDeliveryState(ctx.db, erpActor(ctx), body)),
  }),
  call({
    method: "GET",
    path: "/bussinessToErpController/cancelOrder",
    summary: "ERP: cancel what is still open of an order, with a reason (the desk's cancel); `key` makes a repeat change nothing",
    auth: "erp",
    permission: ERP_FUNCTION_CODE,
    query: S.ErpCancelQuery,
    data: S.ErpOrderState,
    run: (ctx, { query }) =>
      once(ctx.db, { userId: dealer(ctx).id, call: "cancelOrder", key: query.key }, () => cancelByErp(ctx.db, erpActor(ctx), query.orderNo, query.reason)),
  }),
  call({
    method: "POST",
    path: "/bussinessToErpController/customer/searchCustCreditJson",
    summary: "ERP: a customer's credit in the account's company entity",
    auth: "erp",
    permission: ERP_FUNCTION_CODE,
    body: S.ErpCreditBody,
    data: S.ErpCreditData,
    run: (ctx, { body }) => customerCredit(ctx.db, erpActor(ctx), body.customerCode),
  }),
];

/** The feed key's customer (the web layer has checked the key and its rate). */
const feedActor = (ctx: ApiContext): FeedActor => {
  if (!ctx.feed) throw new Error("a feed call without its key");
  return ctx.feed;
};

/** The dealer's stock and price feed (issue 30 item 3, decision 073): a customer's API key in X-Api-Key or Authorization: Bearer. */
const FEED_CALLS: ApiCall[] = [
  call({
    method: "GET",
    path: "/feed/products",
    summary:
      "Feed: the key's customer's prices and stock (traffic light, optionally the quantity) per ordering code, paged; JSON or CSV (?format=csv or Accept: text/csv); ETag/If-None-Match; ?changedSince=",
    auth: "feed",
    query: S.FeedQuery,
    data: S.FeedPageOut,
    run: (ctx, { query }) =>
      feedPage(ctx.db, feedActor(ctx), {
        page: query.page,
        pageSize: query.pageSize,
        changedSince: query.changedSince ? new Date(query.changedSince).toISOString() : null,
        withQuantity: query.withQuantity === "1",
      }),
    csv: (data, query) => csvHeader(query.withQuantity === "1") + csvRows(data.items, query.withQuantity === "1"),
  }),
  call({
    method: "GET",
    path: "/feed/products/full",
    summary: "Feed: the full export of the key's customer as CSV (with the quantity), rebuilt every hour; ETag/If-None-Match",
    auth: "feed",
    data: S.FeedExportOut,
    async run(ctx) {
      const built = await currentExport(ctx.db, feedActor(ctx));
      return built;
    },
    file: (data) => ({ fileKey: data.fileKey, etag: data.etag, name: `feed-${data.builtAt.slice(0, 13).replace(/\D/g, "")}.csv` }),
  }),
];

export const API_CALLS: ApiCall[] = [
  ...ERP_CALLS,
  ...FEED_CALLS,
  call({
    method: "POST",
    path: "/login/login",
    summary: "Sign in: a session token for X-Token (the shop's sessions; 12 hours)",
    auth: "none",
    body: S.LoginBody,
    data: S.LoginData,
    async run(ctx, { body }) {
      // no image verification code here: past the login throttle's limits the API is refused as the form would ask for one (decision 072)
      const outcome = await verifyLogin(ctx.db, body, { captchaOn: false, captchaToken: null, clientIp: ctx.clientIp });
      if (!outcome.ok) return fail(outcome.error.includes(":") ? outcome.error : `auth:${outcome.error}`);
      const token = await startSession(ctx.db, {
        userId: outcome.userId,
        tenantId: outcome.tenantId,
        clientIp: ctx.clientIp,
        userAgent: ctx.userAgent,
        ttlMs: sessionTtl(outcome.isStaff),
      });
      const customer = await ctx.db
        .selectFrom("app_user as u")
        .innerJoin("customer as c", "c.id", "u.customer_id")
        .select("c.export_sales")
        .where("u.id", "=", outcome.userId)
        .executeTakeFirstOrThrow();
      return ok({ token, customerLanguage: outcome.language, exportSales: customer.export_sales === 1 });
    },
  }),
  call({
    method: "GET",
    path: "/baseuser/findByToken",
    summary: "The token's account",
    auth: "dealer",
    data: S.UserData,
    async run(ctx) {
      const u = dealer(ctx);
      return ok({
        id: u.id,
        code: u.code,
        name: u.name,
        email: u.email,
        mobile: u.mobile,
        language: u.language,
        customerCode: u.customerCode,
        customerName: ctx.lang === "en" ? u.customerNameEn : u.customerName,
        tenantId: u.tenantId,
        tenantCode: u.tenantCode,
        tenantName: ctx.lang === "en" ? u.tenantNameEn : u.tenantName,
        currency: u.currency,
        isMaster: u.masterUserId === null,
        partiesId: u.partiesId,
        canOrder: u.canOrder,
        canSeePrice: u.canSeePrice,
        canSeeStock: u.canSeeStock,
        roles: u.roles,
        functionCodes: [...u.funcCodes].sort(),
      });
    },
  }),
  call({
    method: "GET",
    path: "/login/getTenantList",
    summary: "The company entities the account may work in",
    auth: "dealer",
    data: S.TenantList,
    async run(ctx) {
      const u = dealer(ctx);
      const tenants = await listUserTenants(ctx.db, u.id, ctx.lang);
      return ok(tenants.map((t) => ({ ...t, current: t.id === u.tenantId })));
    },
  }),
  call({
    method: "POST",
    path: "/login/switchTenantId",
    summary: "Switch company: a new token on that company; the old token ends",
    auth: "dealer",
    body: S.SwitchTenantBody,
    data: S.SwitchTenantData,
    async run(ctx, { body }) {
      const u = dealer(ctx);
      if (!(await userHasTenant(ctx.db, u.id, body.dataareaid))) throw new NotFoundError("tenant");
      const token = await startSession(ctx.db, {
        userId: u.id,
        tenantId: body.dataareaid,
        clientIp: ctx.clientIp,
        userAgent: ctx.userAgent,
        ttlMs: sessionTtl(false),
      });
      if (ctx.token) await endSession(ctx.db, ctx.token);
      return ok({ token, success: true as const });
    },
  }),
  call({
    method: "POST",
    path: "/catalogue/getDataByLevel",
    summary: "The catalogue's levels 1–3 as a tree (the shown nodes)",
    auth: "dealer",
    body: S.CatalogueLevelBody,
    data: S.CatalogueList,
    async run(ctx, { body }) {
      const lang: Language = body.language?.startsWith("en") ? "en" : body.language ? "zh" : ctx.lang;
      const tree = await getCatalogueMenu(ctx.db, lang);
      return ok(cut(atLevel(tree, body.level), Math.max(body.level, body.filterLevel)));
    },
  }),
  call({
    method: "GET",
    path: "/shopCart/shopCartCount",
    summary: "The number of lines in the cart",
    auth: "dealer",
    data: S.CartCount,
    run: async (ctx) => ok(await countCartLines(ctx.db, dealer(ctx))),
  }),
  call({
    method: "GET",
    path: "/notice",
    summary: "The account's notices, newest first (pages of at most 20)",
    auth: "dealer",
    query: S.NoticeQuery,
    data: S.NoticePage,
    async run(ctx, { query }) {
      const page = await listNotices(ctx.db, dealer(ctx).id, ctx.lang, query.pageNo, query.izRead === "0");
      const rows = query.izRead === "1" ? page.rows.filter((n) => n.isRead) : page.rows;
      return ok({
        total: page.total,
        records: rows.slice(0, query.pageSize).map((n) => ({
          id: n.id,
          type: n.type,
          title: n.title,
          body: n.body,
          orderNo: n.orderNo,
          izRead: n.isRead ? ("1" as const) : ("0" as const),
          createdAt: formatDateTime(n.createdAt),
        })),
      });
    },
  }),
  call({
    method: "PUT",
    path: "/notice",
    summary: "Mark a notice read; answers the unread count",
    auth: "dealer",
    body: S.NoticeReadBody,
    data: S.UnreadCount,
    async run(ctx, { body }) {
      const read = await markNoticeRead(ctx.db, dealer(ctx).id, body.id);
      if (!read) throw new NotFoundError("notice");
      return ok(read.count);
    },
  }),
  call({
    method: "GET",
    path: "/favorites",
    summary: "The account's favourite products",
    auth: "dealer",
    data: S.FavouriteList,
    async run(ctx) {
      const ids = await listFavouriteIds(ctx.db, dealer(ctx));
      const rows = await productsByIds(ctx.db, ids, ctx.lang);
      return ok(rows.map((r) => ({ productId: r.id, orderingCode: r.orderingCode, name: r.name })));
    },
  }),
  call({
    method: "DELETE",
    path: "/favorites",
    summary: "Remove a product from the favourites",
    auth: "dealer",
    permission: "favourite:add",
    query: S.FavouriteDeleteQuery,
    data: S.FavouriteList,
    async run(ctx, { query }) {
      const u = dealer(ctx);
      await removeFavourite(ctx.db, u, query.productId);
      const rows = await productsByIds(ctx.db, await listFavouriteIds(ctx.db, u), ctx.lang);
      return ok(rows.map((r) => ({ productId: r.id, orderingCode: r.orderingCode, name: r.name })));
    },
  }),
  call({
    method: "GET",
    path: "/shippingAddress",
    summary: "The customer's shipping addresses, or one by ?id=",
    auth: "dealer",
    query: S.AddressIdQuery,
    data: S.AddressListOrOne,
    async run(ctx, { query }) {
      const u = dealer(ctx);
      return ok(query.id ? addressOut(await getAddress(ctx.db, u, query.id)) : (await listAddresses(ctx.db, u)).map(addressOut));
    },
  }),
  call({
    method: "POST",
    path: "/shippingAddress",
    summary: "Add a shipping address",
    auth: "dealer",
    permission: "address:edit",
    body: S.AddressBody,
    data: S.AddressId,
    async run(ctx, { body }) {
      const created = await createAddress(ctx.db, dealer(ctx), body);
      return created.ok ? ok({ id: created.value }) : created;
    },
  }),
  call({
    method: "PUT",
    path: "/shippingAddress",
    summary: "Change a shipping address",
    auth: "dealer",
    permission: "address:edit",
    body: S.AddressUpdateBody,
    data: S.AddressId,
    async run(ctx, { body }) {
      const { id, ...fields } = body;
      await updateAddress(ctx.db, dealer(ctx), id, fields);
      return ok({ id });
    },
  }),
  call({
    method: "DELETE",
    path: "/shippingAddress",
    summary: "Delete a shipping address",
    auth: "dealer",
    permission: "address:edit",
    query: S.AddressDeleteQuery,
    data: S.AddressId,
    async run(ctx, { query }) {
      await deleteAddress(ctx.db, dealer(ctx), query.id);
      return ok({ id: query.id });
    },
  }),
  call({
    method: "GET",
    path: "/order/getOrderStatusEnum",
    summary: "The order states with their names",
    auth: "dealer",
    data: S.StatusEnum,
    async run(ctx) {
      const t = getFixedT(ctx.lang, "order");
      return ok(ORDER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })));
    },
  }),
  call<undefined, Buffer, undefined, z.output<typeof S.ImportStarted>>({
    method: "POST",
    path: "/order/excelInsert",
    summary: "Import an order from an Excel file (the shop's batch import template): the lines go into the cart",
    auth: "dealer",
    permission: "order:import",
    ordering: true,
    upload: { mediaType: XLSX_TYPE, maxBytes: IMPORT_MAX_BYTES },
    data: S.ImportStarted,
    async run(ctx, { body }) {
      // the same import as /order/import: read and checked at once, the lines written by its job
      const started = await startImport(ctx.db, dealer(ctx), "import.xlsx", body);
      if (!started.ok) return fail(started.error.key, started.error.values);
      return ok({ jobId: started.jobId, statusUrl: `/order/import/status?id=${started.jobId}` });
    },
  }),
  call({
    method: "GET",
    path: "/order/getCustCredit",
    summary: "The customer's credit in this company: limit, open orders, available",
    auth: "dealer",
    data: S.CreditData,
    async run(ctx) {
      const c = await creditInfo(ctx.db, dealer(ctx));
      return ok({
        creditLimit: amountValue(c.creditLimit),
        openPayable: amountValue(c.openPayable),
        available: amountValue(c.available),
        paymentTermsDays: c.paymentTerms.onAccountDays,
        billTermsDays: c.paymentTerms.billDays,
      });
    },
  }),
  call({
    method: "GET",
    path: "/order/orderByState",
    summary: "The customer's orders in this company, newest first, by state",
    auth: "dealer",
    query: S.OrderByStateQuery,
    data: S.OrderPage,
    async run(ctx, { query }) {
      const list = await listOrders(ctx.db, dealer(ctx), { tab: "all", status: query.state, page: query.pageNo, pageSize: query.pageSize });
      return ok({
        total: list.total,
        records: list.rows.map((o) => ({
          orderNo: o.order_no,
          poNo: o.po_no,
          status: o.status as OrderStatus,
          createdAt: formatDateTime(o.created_at),
          payableAmount: amountValue(o.payable_amount),
          currency: o.currency,
          items: o.items,
          placedBy: o.user_code,
        })),
      });
    },
  }),
  call({
    method: "GET",
    path: "/order/{id}",
    summary: "One order of the customer with its lines",
    auth: "dealer",
    params: S.OrderIdParams,
    data: S.OrderOut,
    async run(ctx, { params }) {
      const found = await getOrder(ctx.db, dealer(ctx), params.id);
      if (!found) throw new NotFoundError("order");
      const { order: o, lines } = found;
      return ok({
        orderNo: o.order_no,
        status: o.status as OrderStatus,
        poNo: o.po_no,
        placedBy: o.user_code,
        consignee: o.consignee,
        phone: o.phone,
        address: o.address_text,
        paymentMethod: o.payment_method,
        expectedDeliveryDate: o.expected_delivery_date,
        goodsAmount: amountValue(o.goods_amount),
        discountAmount: amountValue(o.discount_amount),
        shippingFee: amountValue(o.shipping_fee),
        payableAmount: amountValue(o.payable_amount),
        currency: o.currency,
        remark: o.remark,
        createdAt: formatDateTime(o.created_at),
        lines: lines.map((l) => ({
          lineNo: l.line_no,
          orderingCode: l.ordering_code,
          name: ctx.lang === "en" ? l.name_en : l.name_zh,
          qty: l.qty,
          shippedQty: l.shipped_qty,
          unitPrice: amountValue(l.unit_price),
          discountAmount: amountValue(l.discount_amount),
          amount: amountValue(l.amount),
          shipDate: l.ship_date,
        })),
      });
    },
  }),
  call({
    method: "POST",
    path: "/order",
    summary: "Place an order of the cart's selected lines (as the fill-order page); `token` makes a repeated call return the first order",
    auth: "dealer",
    permission: "order:submit",
    ordering: true,
    body: S.OrderCreateBody,
    data: S.OrderCreated,
    async run(ctx, { body }) {
      const result = await submitOrder(ctx.db, dealer(ctx), body);
      if (!result.ok) return { ok: false, error: result.errors[0] };
      return ok({ orderNo: result.orderNo, status: result.status, duplicate: result.duplicate });
    },
  }),
  call({
    method: "GET",
    path: "/public/jsonData",
    summary: "The maintenance window (key errorPage); no token needed",
    auth: "none",
    query: S.JsonDataQuery,
    data: S.JsonData,
    async run(ctx) {
      const window = await currentMaintenance(ctx.db);
      return ok({
        now: Date.now(),
        jsonDataPage: { records: window ? [{ key: "errorPage" as const, json: { startTime: window.start, endTime: window.end } }] : [] },
      });
    },
  }),
  call({
    method: "GET",
    path: "/userModuleField",
    summary: "The account's chosen table columns (all tables, or ?module=)",
    auth: "dealer",
    query: S.ColumnModuleQuery,
    data: S.ColumnsData,
    async run(ctx, { query }) {
      const u = dealer(ctx);
      if (!query.module) return ok({ fields: await allColumns(ctx.db, u.id) });
      const m = query.module as ColumnModule;
      return ok({ module: m, fields: await getColumns(ctx.db, u.id, m) });
    },
  }),
  ...(["POST", "PUT"] as const).map((method) =>
    call({
      method,
      path: "/userModuleField",
      summary: "Save the account's columns of one table (unknown names are dropped)",
      auth: "dealer",
      body: S.ColumnChoiceBody,
      data: S.ColumnsData,
      async run(ctx, { body }) {
        const m = body.module as ColumnModule;
        return ok({ module: m, fields: await saveColumns(ctx.db, dealer(ctx).id, m, body.fields) });
      },
    }),
  ),
];

/** The call for a method and a path (below /prod-api), with the path's parameters. */
export function findCall(method: string, path: string): { call: ApiCall; params: Record<string, string> } | { call: null; allowed: ApiMethod[] } {
  const clean = "/" + path.replace(/^\/+|\/+$/g, "");
  const allowed: ApiMethod[] = [];
  for (const c of API_CALLS) {
    const params = matchPath(c.path, clean);
    if (!params) continue;
    if (c.method === method || (method === "HEAD" && c.method === "GET")) return { call: c, params };
    allowed.push(c.method);
  }
  return { call: null, allowed };
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const m = /^\{(\w+)\}$/.exec(want[i]);
    if (m) {
      if (!got[i]) return null;
      try {
        params[m[1]] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}
