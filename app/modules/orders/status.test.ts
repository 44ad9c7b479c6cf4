import { describe, expect, it } from "vitest";
import { customerActions, nextStatus, ORDER_STATUSES, TRANSITIONS, type OrderEvent } from "./status";

const EVENTS: OrderEvent[] = ["submit", "submit_for_review", "request_confirmation", "agree", "disagree", "confirm", "create_purchase_application", "cancel"];

/** The full table: status × event → next status ("-" = refused). docs/decisions/030-order-status.md */
const TABLE: Record<string, Partial<Record<OrderEvent, string>>> = {
  to_be_submitted: { submit: "submitted", submit_for_review: "to_be_confirmed", cancel: "cancelled" },
  submitted: { request_confirmation: "to_be_confirmed", confirm: "confirmed", cancel: "cancelled" },
  to_be_confirmed: { agree: "confirmed", disagree: "cancelled", cancel: "cancelled" },
  confirmed: { create_purchase_application: "purchase_application_created", cancel: "cancelled" },
  cancelled: {},
  purchase_application_created: {},
};

describe("order status machine", () => {
  for (const from of ORDER_STATUSES) {
    for (const event of EVENTS) {
      const expected = TABLE[from][event] ?? null;
      it(`${from} --${event}--> ${expected ?? "refused"}`, () => {
        expect(nextStatus(from, event)).toBe(expected);
      });
    }
  }

  it("unknown statuses allow nothing", () => {
    expect(nextStatus("shipped", "cancel")).toBeNull();
  });

  it("every transition lands on a known status and cancelled is final", () => {
    for (const t of TRANSITIONS) expect(ORDER_STATUSES).toContain(t.to);
    expect(TRANSITIONS.filter((t) => t.from === "cancelled")).toEqual([]);
  });

  it("offers the right buttons", () => {
    expect(customerActions("to_be_submitted")).toEqual({ cancel: true, delete: true, agree: false, disagree: false });
    expect(customerActions("to_be_confirmed")).toEqual({ cancel: true, delete: false, agree: true, disagree: true });
    expect(customerActions("purchase_application_created")).toEqual({ cancel: false, delete: false, agree: false, disagree: false });
  });
});
