/**
 * The order status machine: the ONLY place that decides which status may follow which
 * (docs/decisions/030-order-status.md). Pure, so the pages can ask it which buttons to show.
 */
export const ORDER_STATUSES = [
  "to_be_submitted",
  "submitted",
  "to_be_confirmed",
  "confirmed",
  "cancelled",
  "purchase_application_created",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What happens to an order; `actor` says who may trigger it. */
export type OrderEvent =
  | "submit" // customer submits a to-be-submitted order (dates met)
  | "submit_for_review" // customer submits, but the requested dates need a manual review
  | "request_confirmation" // ERP/sales: the delivery date cannot be met, customer must agree
  | "agree" // customer agrees to the proposed delivery date
  | "disagree" // customer disagrees: the order is cancelled
  | "confirm" // ERP/sales confirms the order
  | "create_purchase_application" // ERP creates the purchase application
  | "cancel"; // customer cancels with a reason

export type OrderEventActor = "customer" | "system";

interface Transition {
  from: OrderStatus;
  event: OrderEvent;
  to: OrderStatus;
  by: OrderEventActor;
}

/** The complete table: anything not listed is refused. */
export const TRANSITIONS: readonly Transition[] = [
  { from: "to_be_submitted", event: "submit", to: "submitted", by: "customer" },
  { from: "to_be_submitted", event: "submit_for_review", to: "to_be_confirmed", by: "customer" },
  { from: "to_be_submitted", event: "cancel", to: "cancelled", by: "customer" },
  { from: "submitted", event: "request_confirmation", to: "to_be_confirmed", by: "system" },
  { from: "submitted", event: "confirm", to: "confirmed", by: "system" },
  { from: "submitted", event: "cancel", to: "cancelled", by: "customer" },
  { from: "to_be_confirmed", event: "agree", to: "confirmed", by: "customer" },
  { from: "to_be_confirmed", event: "disagree", to: "cancelled", by: "customer" },
  { from: "to_be_confirmed", event: "cancel", to: "cancelled", by: "customer" },
  { from: "confirmed", event: "create_purchase_application", to: "purchase_application_created", by: "system" },
  { from: "confirmed", event: "cancel", to: "cancelled", by: "customer" },
];

/** The next status, or null when the event is not allowed in this status. */
export function nextStatus(from: string, event: OrderEvent): OrderStatus | null {
  return TRANSITIONS.find((t) => t.from === from && t.event === event)?.to ?? null;
}

export function canApply(from: string, event: OrderEvent): boolean {
  return nextStatus(from, event) !== null;
}

/** Statuses that hold stock and count against the credit limit ("open" orders). */
export const OPEN_STATUSES: readonly OrderStatus[] = ["submitted", "to_be_confirmed", "confirmed", "purchase_application_created"];

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


