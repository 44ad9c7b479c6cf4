import { shopToday } from "~/i18n/format";
import crypto from "node:crypto";
import type { DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect.server";
import { getFixedT } from "~/i18n/i18n.server";
import { getCart, type CartActor, type CartGift, type CartView } from "~/modules/cart/cart.server";
import { checkPermission, type RuleError } from "~/modules/cart/rules";
import { addOrderNotice } from "~/modules/notices/order-notices.server";
import { markQuotationOrdered } from "~/modules/quotation/orders.server";
import { drawReservations } from "~/modules/support/reservations.server";
import { nextStatus, OPEN_STATUSES, type OrderStatus } from "./status";
import { availableCredit, checkCredit, expectedShipDate, paymentDeadline, PAYMENT_METHODS, type PaymentTerms } from "./totals";

/**
 * Fill order and safe submission (docs/decisions/031-order-submission.md): one transaction
 * creates the order and its lines, reserves stock and flash-sale stock by conditional updates,
 * consumes the cart lines. The one-time token makes a second post return the first order.
 */
export interface SubmitInput {
  token: string;
  addressId: number;
  paymentMethod: string;
  expectedDeliveryDate: string;
  poNo?: string | null;
  remark?: string | null;
  shipDates?: Record<number, string>; // cart line id → requested ship date
}

export type SubmitResult =
  { ok: true; orderNo: string; status: OrderStatus; duplicate: boolean } | { ok: false; errors: (RuleError & { lineId?: number; field?: string })[] };

/** The one-time token of a form that must take effect once (an order, a shipment, a request, a feedback, a quotation step): 144 random bits, base64url. */
export const newSubmitToken = () => crypto.randomBytes(18).toString("base64url");

/** @deprecated the shop's day is `shopToday` (~/i18n/format); this name stays only for quotation.server.ts, which is being split elsewhere. */
export { shopToday as todayIso } from "~/i18n/format";

/** Payable of the customer's open orders in this tenant (counts against the credit limit). */
export async function openOrdersPayable(db: DB, actor: { customerId: number; tenantId: number }): Promise<number> {
  const row = await db
    .selectFrom("sales_order")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("payable_amount"), eb.lit(0)).as("n"))
    .where("customer_id", "=", actor.customerId)
    .where("tenant_id", "=", actor.tenantId)
    .where("status", "in", [...OPEN_STATUSES])
    .where(({ exists, selectFrom }) =>
      exists(selectFrom("order_line as l").select("l.id").whereRef("l.order_id", "=", "sales_order.id").whereRef("l.shipped_qty", "<", "l.qty")),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function creditInfo(db: DB, actor: { customerId: number; tenantId: number }) {
  const [customer, open] = await Promise.all([
    db.selectFrom("customer").select(["credit_limit", "payment_terms_days", "bill_terms_days"]).where("id", "=", actor.customerId).executeTakeFirstOrThrow(),
    openOrdersPayable(db, actor),
  ]);
  return {
    creditLimit: customer.credit_limit,
    openPayable: open,
    available: availableCredit(customer.credit_limit, open),
    paymentTermsDays: customer.payment_terms_days,
    /** per payment method (decision 054) */
    paymentTerms: { onAccountDays: customer.payment_terms_days, billDays: customer.bill_terms_days } satisfies PaymentTerms,
  };
}

export const addressText = (a: { province: string; city: string; district: string; line: string; postcode: string }) =>
  [a.province, a.city, a.district, a.line, a.postcode].filter(Boolean).join(" ");

class SubmitAbort extends Error {
  constructor(public readonly errors: (RuleError & { lineId?: number; field?: string })[]) {
    super("submit aborted");
  }
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === "23505" || /UNIQUE constraint failed/i.test(err?.message ?? "") || err?.code === "SQLITE_CONSTRAINT_UNIQUE";
}

async function findByToken(db: DB, actor: CartActor, token: string) {
  return db
    .selectFrom("sales_order")
    .select(["order_no", "status"])
    .where("submit_token", "=", token)
    .where("user_id", "=", actor.id)
    .where("tenant_id", "=", actor.tenantId)
    .executeTakeFirst();
}

/** Per-line ESD for the fill-order page and the submission. */
export function lineDates(cart: CartView, today: string) {
  return new Map(cart.lines.map((l) => [l.id, expectedShipDate(today, l.qty, l.offer?.stock ?? 0, l.offer?.leadTimeDays ?? 14)]));
}

export async function submitOrder(db: DB, actor: CartActor, input: SubmitInput, now = new Date()): Promise<SubmitResult> {
  const perm = checkPermission(actor);
  if (perm) return { ok: false, errors: [perm] };
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(input.token)) return { ok: false, errors: [{ key: "order:fill.tokenInvalid" }] };
  const previous = await findByToken(db, actor, input.token);
  if (previous) return { ok: true, orderNo: previous.order_no, status: previous.status as OrderStatus, duplicate: true };

  const today = shopToday(now);
  const errors: (RuleError & { lineId?: number; field?: string })[] = [];
  if (!/^\d{4}-\d\d-\d\d$/.test(input.expectedDeliveryDate)) errors.push({ key: "order:fill.deliveryDateRequired", field: "expectedDeliveryDate" });
  else if (input.expectedDeliveryDate < today) errors.push({ key: "order:fill.deliveryDatePast", field: "expectedDeliveryDate" });
  if (!(PAYMENT_METHODS as readonly string[]).includes(input.paymentMethod)) errors.push({ key: "order:fill.paymentRequired", field: "paymentMethod" });
  const address = await db.selectFrom("address").selectAll().where("id", "=", input.addressId).where("customer_id", "=", actor.customerId).executeTakeFirst();
  if (!address) errors.push({ key: "order:fill.addressRequired", field: "addressId" });

  const cart = await getCart(db, actor, now);
  const lines = cart.lines.filter((l) => l.selected);
  if (lines.length === 0) {
    // A double post: the first submission may have taken the cart after this one looked for its token.
    const first = await findByToken(db, actor, input.token);
    if (first) return { ok: true, orderNo: first.order_no, status: first.status as OrderStatus, duplicate: true };
    errors.push({ key: "order:fill.nothingSelected" });
  }
  for (const l of lines) {
    const e = l.error ?? l.stockError;
    if (e) errors.push({ ...e, lineId: l.id });
  }
  if (errors.length) return { ok: false, errors };

  // The open-orders sum is only needed (and only paid for) when paying on account.
  let paymentTerms: PaymentTerms;
  if (input.paymentMethod === "on_account") {
    const credit = await creditInfo(db, actor);
    const creditError = checkCredit(input.paymentMethod, cart.totals.payable, credit.available);
    if (creditError) return { ok: false, errors: [{ ...creditError, field: "paymentMethod" }] };
    paymentTerms = credit.paymentTerms;
  } else {
    const c = await db.selectFrom("customer").select(["payment_terms_days", "bill_terms_days"]).where("id", "=", actor.customerId).executeTakeFirstOrThrow();
    paymentTerms = { onAccountDays: c.payment_terms_days, billDays: c.bill_terms_days };
  }

  const esd = lineDates(cart, today);
  let review = false;
  const shipDates = new Map<number, string>();
  for (const l of lines) {
    const wanted = input.shipDates?.[l.id];
    const date = wanted && /^\d{4}-\d\d-\d\d$/.test(wanted) && wanted >= today ? wanted : esd.get(l.id)!;
    shipDates.set(l.id, date);
    if (date < esd.get(l.id)! || input.expectedDeliveryDate < date) review = true;
  }
  const status = nextStatus("to_be_submitted", review ? "submit_for_review" : "submit")!;
  const stamp = now.toISOString();

  try {
    const orderNo = await db.transaction().execute(async (trx) => {
      if (input.paymentMethod === "on_account") {
        // Checked again inside the transaction with the customer row locked (PostgreSQL; SQLite
        // runs one write transaction at a time), so two orders at once cannot both spend the
        // same credit.
        let lock = trx.selectFrom("customer").select("id").where("id", "=", actor.customerId);
        if (isPostgres(trx)) lock = lock.forUpdate();
        await lock.executeTakeFirstOrThrow();
        const credit = await creditInfo(trx, actor);
        const creditError = checkCredit(input.paymentMethod, cart.totals.payable, credit.available);
        if (creditError) throw new SubmitAbort([{ ...creditError, field: "paymentMethod" }]);
      }
      // A cart line is ordered once: it leaves the cart in this transaction, and only as it was
      // read. A second submission of the same cart under another token (two tabs, a double post
      // with a fresh form) finds the line gone or changed and stops before creating anything.
      for (const l of lines) {
        const taken = await trx
          .deleteFrom("cart_item")
          .where("id", "=", l.id)
          .where("user_id", "=", actor.id)
          .where("tenant_id", "=", actor.tenantId)
          .where("qty", "=", l.qty)
          .executeTakeFirst();
        if (Number(taken.numDeletedRows) !== 1) throw new SubmitAbort([{ key: "order:fill.cartChanged" }]);
      }
      const tempNo = `T${crypto.randomBytes(10).toString("hex")}`;
      const order = await trx
        .insertInto("sales_order")
        .values({
          order_no: tempNo,
          tenant_id: actor.tenantId,
          customer_id: actor.customerId,
          user_id: actor.id,
          status,
          po_no: input.poNo?.trim() || null,
          consignee: address!.consignee,
          phone: address!.phone,
          address_text: addressText(address!),
          payment_method: input.paymentMethod,
          payment_deadline: paymentDeadline(input.paymentMethod, today, paymentTerms),
          expected_delivery_date: input.expectedDeliveryDate,
          goods_amount: cart.totals.goods,
          discount_amount: cart.totals.discount,
          shipping_fee: cart.totals.shipping,
          payable_amount: cart.totals.payable,
          currency: cart.tenant.currency,
          remark: input.remark?.trim() || null,
          submit_token: input.token,
          created_at: stamp,
          updated_at: stamp,
          submitted_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const orderNo = formatOrderNo(today, order.id);
      await trx.updateTable("sales_order").set({ order_no: orderNo }).where("id", "=", order.id).execute();

      let lineNo = 0;
      const gifts: CartGift[] = [];
      for (const l of lines) {
        const o = l.offer!;
        lineNo += 1;
        await trx
          .insertInto("order_line")
          .values({
            order_id: order.id,
            line_no: lineNo,
            product_id: l.productId,
            ordering_code: o.orderingCode,
            name_zh: o.nameZh,
            name_en: o.nameEn,
            qty: l.qty,
            unit_price: l.priced!.unit,
            discount_amount: l.priced!.discount,
            amount: l.priced!.amount,
            promotion_item_id: l.promotionItemId,
            esd: esd.get(l.id)!,
            ship_date: shipDates.get(l.id)!,
          })
          .execute();
        if (l.madeToOrder) {
          // an accepted quotation's non-standard item (decision 051): made to order, no stock; ordered once
          if (!(await markQuotationOrdered(trx, actor, l.productId, orderNo, now))) throw new SubmitAbort([{ key: "order:fill.cartChanged", lineId: l.id }]);
          continue;
        }
        // the customer's stock reservations of this product are drawn first (decision 052)
        await drawReservations(trx, actor, l.productId, l.qty, orderNo, now);
        const took = await trx
          .updateTable("stock")
          .set((eb) => ({ available: eb("available", "-", l.qty), reserved: eb("reserved", "+", l.qty), updated_at: now.toISOString() }))
          .where("tenant_id", "=", actor.tenantId)
          .where("product_id", "=", l.productId)
          .where("available", ">=", l.qty)
          .executeTakeFirst();
        if (Number(took.numUpdatedRows) !== 1) {
          throw new SubmitAbort([{ key: "order:rules.stockShort", values: { stock: 0 }, lineId: l.id }]);
        }
        if (l.promotion && l.promotion.flashStock !== null) {
          const flash = await trx
            .updateTable("promotion_item")
            .set((eb) => ({ flash_sold: eb("flash_sold", "+", l.qty) }))
            .where("id", "=", l.promotion.promotionItemId)
            .where("flash_stock", "is not", null)
            .where((eb) => eb(eb("flash_sold", "+", l.qty), "<=", eb.ref("flash_stock")))
            .executeTakeFirst();
          if (Number(flash.numUpdatedRows) !== 1) {
            throw new SubmitAbort([{ key: "order:rules.flashStock", values: { left: 0 }, lineId: l.id }]);
          }
        }
        // the gift the cart showed, computed by getCart from the line's promotion and quantity, with
        // the pieces the dealer chose (never above the allowance; none when he declined it)
        if (l.gift && l.gift.qty > 0) gifts.push(l.gift);
      }
      for (const g of gifts) {
        lineNo += 1;
        await trx
          .insertInto("order_line")
          .values({
            order_id: order.id,
            line_no: lineNo,
            product_id: g.productId,
            ordering_code: g.orderingCode,
            name_zh: getFixedT("zh", "order")("lineNames.gift", { name: g.nameZh }),
            name_en: getFixedT("en", "order")("lineNames.gift", { name: g.nameEn }),
            qty: g.qty,
            unit_price: 0,
            discount_amount: 0,
            amount: 0,
            promotion_item_id: null,
            esd: null,
            ship_date: null,
          })
          .execute();
      }
      if (status === "to_be_confirmed") await addOrderNotice(trx, actor, orderNo, "review", now);
      return orderNo;
    });
    return { ok: true, orderNo, status, duplicate: false };
  } catch (e) {
    // The same token posted twice at once: the second finds the cart taken by the first (or trips
    // over the token's unique index) and answers with the first order, as a double click should.
    if (e instanceof SubmitAbort || isUniqueViolation(e)) {
      const first = await findByToken(db, actor, input.token);
      if (first) return { ok: true, orderNo: first.order_no, status: first.status as OrderStatus, duplicate: true };
    }
    if (e instanceof SubmitAbort) return { ok: false, errors: e.errors };
    // Another user's order already carries this token: this form cannot be sent; a fresh one can.
    if (isUniqueViolation(e)) return { ok: false, errors: [{ key: "order:fill.tokenInvalid" }] };
    if (isCheckViolation(e)) return { ok: false, errors: [{ key: "order:rules.stockShort", values: { stock: 0 } }] };
    throw e;
  }
}

function isCheckViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === "23514" || /CHECK constraint failed/i.test(err?.message ?? "");
}

/**
 * Readable and unique: SO + order date + W (web shop) + the row id, e.g. SO20261121W000123.
 * The id makes it unique without a counter table; the W keeps it apart from ERP/demo numbers.
 */
export function formatOrderNo(today: string, id: number): string {
  return `SO${today.replace(/-/g, "")}W${String(id).padStart(6, "0")}`;
}
