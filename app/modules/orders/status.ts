/**
 * The order status machine: the ONLY place that decides which status may follow which, and who
 * may make it happen (docs/decisions/030-order-status.md, 044-order-desk.md). Pure, so the pages
 * can ask it which buttons to show.
 */
export const ORDER_STATUSES = [
  "to_be_submitted",
  "submitted",
  "to_be_confirmed",
  "date_proposed",
  "confirmed",
  "cancelled",
  "purchase_application_created",
  "partly_shipped", // something has shipped, something is still open (holds its open stock)
  "shipped", // nothing left to ship: all shipped, or the desk cancelled the rest (closed short, with the reason); final
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What happens to an order; `by` in the table says who may trigger it. */
export const ORDER_EVENTS = [
  "submit", // customer submits a to-be-submitted order (dates met)
  "submit_for_review", // customer submits, but the requested dates need a manual review
  "request_confirmation", // ERP/sales: the delivery date cannot be met, customer must agree
  "propose_date", // order desk: proposes other delivery dates, the dealer must agree
  "agree", // customer agrees to the delivery date (or to the desk's proposal)
  "disagree", // customer disagrees: the order is cancelled
  "confirm", // ERP / order desk confirms the order
  "create_purchase_application", // ERP / order desk: the purchase application is created
  "ship", // order desk records a shipment after which something is still open
  "ship_last", // order desk records the shipment after which nothing is open (see shipEvent)
  "cancel", // customer or order desk cancels with a reason (only while nothing has shipped)
  "cancel_rest", // order desk cancels what has not shipped of a partly shipped order, with a reason
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

export const ORDER_ACTORS = ["customer", "staff", "system"] as const;
export type OrderEventActor = (typeof ORDER_ACTORS)[number];

interface Transition {
  from: OrderStatus;
  event: OrderEvent;
  to: OrderStatus;
  by: readonly OrderEventActor[];
}

const C = ["customer"] as const;
const S = ["staff"] as const;
const ERP = ["system", "staff"] as const;
const ANYONE = ["customer", "staff"] as const;

/** The complete table: anything not listed (status, event or actor) is refused. */
export const TRANSITIONS: readonly Transition[] = [
  { from: "to_be_submitted", event: "submit", to: "submitted", by: C },
  { from: "to_be_submitted", event: "submit_for_review", to: "to_be_confirmed", by: C },
  { from: "to_be_submitted", event: "cancel", to: "cancelled", by: C },
  { from: "submitted", event: "request_confirmation", to: "to_be_confirmed", by: ["system"] },
  { from: "submitted", event: "confirm", to: "confirmed", by: ERP },
  { from: "submitted", event: "cancel", to: "cancelled", by: ANYONE },
  { from: "to_be_confirmed", event: "propose_date", to: "date_proposed", by: S },
  { from: "to_be_confirmed", event: "confirm", to: "confirmed", by: S },
  { from: "to_be_confirmed", event: "agree", to: "confirmed", by: C },
  { from: "to_be_confirmed", event: "disagree", to: "cancelled", by: C },
  { from: "to_be_confirmed", event: "cancel", to: "cancelled", by: ANYONE },
  // the dealer agreed to the desk's dates: back to the desk, which confirms
  { from: "date_proposed", event: "agree", to: "submitted", by: C },
  { from: "date_proposed", event: "disagree", to: "cancelled", by: C },
  { from: "date_proposed", event: "cancel", to: "cancelled", by: ANYONE },
  { from: "confirmed", event: "create_purchase_application", to: "purchase_application_created", by: ERP },
  { from: "confirmed", event: "ship", to: "partly_shipped", by: S },
  { from: "confirmed", event: "ship_last", to: "shipped", by: S },
  { from: "confirmed", event: "cancel", to: "cancelled", by: ANYONE },
  { from: "purchase_application_created", event: "ship", to: "partly_shipped", by: S },
  { from: "purchase_application_created", event: "ship_last", to: "shipped", by: S },
  // once anything shipped the dealer can neither cancel nor disagree; the desk closes the order
  // short: the open rest goes back to stock and the order is `shipped` with the reason (decision 030)
  { from: "partly_shipped", event: "ship", to: "partly_shipped", by: S },
  { from: "partly_shipped", event: "ship_last", to: "shipped", by: S },
  { from: "partly_shipped", event: "cancel_rest", to: "shipped", by: S },
];

/** The next status, or null when the event is not allowed in this status for this actor. */
export function nextStatus(from: string, event: OrderEvent, actor: OrderEventActor = "customer"): OrderStatus | null {
  return TRANSITIONS.find((t) => t.from === from && t.event === event && t.by.includes(actor))?.to ?? null;
}

export function canApply(from: string, event: OrderEvent, actor: OrderEventActor = "customer"): boolean {
  return nextStatus(from, event, actor) !== null;
}

/**
 * The shipping event of a shipment, from the order's lines as they are after it: `ship_last`
 * when nothing is left open, else `ship`.
 */
export const shipEvent = (lines: readonly { qty: number; shipped_qty: number }[]): "ship" | "ship_last" =>
  lines.every((l) => l.shipped_qty >= l.qty) ? "ship_last" : "ship";

/** Statuses in which something has shipped: the dealer can no longer cancel or disagree. */
export const SHIPPED_STATUSES: readonly OrderStatus[] = ["partly_shipped", "shipped"];

/** Statuses that hold stock and count against the credit limit ("open" orders). */
export const OPEN_STATUSES: readonly OrderStatus[] = [
  "submitted",
  "to_be_confirmed",
  "date_proposed",
  "confirmed",
  "purchase_application_created",
  "partly_shipped",
];

/** Only a to-be-submitted order can be deleted (it never reserved stock). */
export const canDelete = (status: string) => status === "to_be_submitted";

/** Statuses whose lines hold reserved stock (released again on cancel). */
export const reservesStock = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);

/** The customer actions a page may offer for an order in this status. */
export function customerActions(status: string): { cancel: boolean; delete: boolean; agree: boolean; disagree: boolean } {
  return {
    cancel: canApply(status, "cancel"),
    delete: canDelete(status),
    agree: canApply(status, "agree"),
    disagree: canApply(status, "disagree"),
  };
}

/** The order desk's actions for an order in this status. */
export function staffActions(status: string): { confirm: boolean; propose: boolean; purchase: boolean; ship: boolean; cancel: boolean } {
  return {
    confirm: canApply(status, "confirm", "staff"),
    propose: canApply(status, "propose_date", "staff"),
    purchase: canApply(status, "create_purchase_application", "staff"),
    ship: canApply(status, "ship", "staff"),
    // a partly shipped order: the cancel form cancels what has not shipped
    cancel: canApply(status, "cancel", "staff") || canApply(status, "cancel_rest", "staff"),
  };
}

/** The cancel reason an order keeps when the dealer disagrees with its delivery date: a code, shown in the reader's language (shop and back office). */
export const DISAGREED_REASON = "disagree";
