import { lineAmount } from "~/modules/pricing/pricing";

/**
 * Order arithmetic (pure): line and order totals, shipping fee and the available credit. The
 * promotion unit price is the one rule the list and the cart share (modules/promotions/rules.ts).
 * All amounts are integer fen incl. tax.
 */
export interface PricedLine {
  baseUnit: number;
  unit: number; // after promotion
  qty: number;
  goods: number; // baseUnit × qty
  discount: number; // (baseUnit − unit) × qty
  amount: number; // goods − discount
}

export function priceLine(baseUnit: number, qty: number, promoUnit: number = baseUnit): PricedLine {
  const goods = baseUnit * qty;
  const discount = Math.max(0, (baseUnit - promoUnit) * qty);
  return { baseUnit, unit: promoUnit, qty, goods, discount, amount: lineAmount(baseUnit, qty, discount) };
}

/** Free shipping from the tenant's free-shipping amount (on the goods after discount), else the flat fee. */
export function shippingFee(net: number, tenant: { free_shipping_amount: number; shipping_fee: number }): number {
  if (net <= 0) return 0;
  return net >= tenant.free_shipping_amount ? 0 : tenant.shipping_fee;
}

export interface Totals {
  goods: number;
  discount: number;
  shipping: number;
  payable: number;
  count: number;
}

export function orderTotals(lines: Pick<PricedLine, "goods" | "discount">[], tenant: { free_shipping_amount: number; shipping_fee: number }): Totals {
  const goods = lines.reduce((s, l) => s + l.goods, 0);
  const discount = lines.reduce((s, l) => s + l.discount, 0);
  const net = goods - discount;
  const shipping = shippingFee(net, tenant);
  return { goods, discount, shipping, payable: net + shipping, count: lines.length };
}

/** Credit limit less the payable of open orders; never negative. */
export function availableCredit(creditLimit: number, openPayable: number): number {
  return Math.max(0, creditLimit - openPayable);
}

export const PAYMENT_METHODS = ["on_account", "prepayment", "acceptance_bill"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** On-account payment needs the payable within the available credit. */
export function checkCredit(method: string, payable: number, available: number): { key: string; values?: Record<string, number> } | null {
  if (method !== "on_account") return null;
  return payable > available ? { key: "order:fill.creditExceeded", values: { available } } : null;
}

/** A dealer's payment terms per payment method (decision 054): days after the order date. */
export interface PaymentTerms {
  /** on account (`customer.payment_terms_days`) */
  onAccountDays: number;
  /** acceptance bill (`customer.bill_terms_days`) */
  billDays: number;
}

/** Prepayment is always due within 3 days. */
export const PREPAYMENT_DAYS = 3;

/** The terms of one payment method. */
export function termsDays(method: string, terms: PaymentTerms): number {
  return method === "prepayment" ? PREPAYMENT_DAYS : method === "acceptance_bill" ? terms.billDays : terms.onAccountDays;
}

/** Payment deadline: the dealer's terms of the payment method after the order date; prepayment within 3 days. */
export function paymentDeadline(method: string, orderDate: string, terms: PaymentTerms): string {
  return addDays(orderDate, termsDays(method, terms));
}

/** YYYY-MM-DD + n days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Expected ship date: 2 days when the stock covers the quantity, else the lead time. */
export function expectedShipDate(today: string, qty: number, stock: number, leadTimeDays: number): string {
  return addDays(today, qty <= stock ? 2 : Math.max(2, leadTimeDays));
}
