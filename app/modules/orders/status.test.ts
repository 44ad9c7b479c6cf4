import { describe, expect, it } from "vitest";
import {
  customerActions,
  nextStatus,
  OPEN_STATUSES,
  ORDER_ACTORS,
  ORDER_EVENTS,
  ORDER_STATUSES,
  shipEvent,
  staffActions,
  TRANSITIONS,
  type OrderEvent,
  type OrderEventActor,
} from "./status";

type Row = Partial<Record<OrderEvent, Partial<Record<OrderEventActor, string>>>>;
const c = (to: string) => ({ customer: to });
const s = (to: string) => ({ staff: to });
const erp = (to: string) => ({ system: to, staff: to });
const anyone = (to: string) => ({ customer: to, staff: to });

/**
 * The full table: status × event × actor → next status (absent = refused).
 * docs/decisions/030-order-status.md and 044-order-desk.md
 */
const TABLE: Record<string, Row> = {
  to_be_submitted: { submit: c("submitted"), submit_for_review: c("to_be_confirmed"), cancel: c("cancelled") },
  submitted: { request_confirmation: { system: "to_be_confirmed" }, confirm: erp("confirmed"), cancel: anyone("cancelled") },
  to_be_confirmed: {
    propose_date: s("date_proposed"),
    confirm: s("confirmed"),
    agree: c("confirmed"),
    disagree: c("cancelled"),
    cancel: anyone("cancelled"),
  },
  date_proposed: { agree: c("submitted"), disagree: c("cancelled"), cancel: anyone("cancelled") },
  confirmed: {
    create_purchase_application: erp("purchase_application_created"),
    ship: s("partly_shipped"),
    ship_last: s("shipped"),
    cancel: anyone("cancelled"),
  },
  cancelled: {},
  purchase_application_created: { ship: s("partly_shipped"), ship_last: s("shipped") },
  // something shipped: no cancel or disagree by the dealer; the desk cancels the rest (closed short)
  partly_shipped: { ship: s("partly_shipped"), ship_last: s("shipped"), cancel_rest: s("shipped") },
  shipped: {},
};

describe("order status machine", () => {
  it("the table names every status", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  for (const from of ORDER_STATUSES) {
    for (const event of ORDER_EVENTS) {
      for (const actor of ORDER_ACTORS) {
        const expected = TABLE[from][event]?.[actor] ?? null;
        it(`${from} --${event} by ${actor}--> ${expected ?? "refused"}`, () => {
          expect(nextStatus(from, event, actor)).toBe(expected);
        });
      }
    }
  }

  it("every pair of statuses: reachable in one step only through the table", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const viaTable = Object.values(TABLE[from]).some((byActor) => Object.values(byActor ?? {}).includes(to));
        const viaMachine = ORDER_EVENTS.some((e) => ORDER_ACTORS.some((a) => nextStatus(from, e, a) === to));
        expect(viaMachine, `${from} → ${to}`).toBe(viaTable);
      }
    }
  });

  it("unknown statuses allow nothing; the customer is the default actor", () => {
    expect(nextStatus("delivered", "cancel")).toBeNull();
    expect(nextStatus("to_be_confirmed", "confirm")).toBeNull();
    expect(nextStatus("to_be_confirmed", "agree")).toBe("confirmed");
  });

  it("every transition lands on a known status; cancelled and shipped are final", () => {
    for (const t of TRANSITIONS) expect(ORDER_STATUSES).toContain(t.to);
    expect(TRANSITIONS.filter((t) => t.from === "cancelled" || t.from === "shipped")).toEqual([]);
  });

  it("the customer can never cancel or disagree once anything shipped", () => {
    for (const from of ["partly_shipped", "shipped"]) {
      for (const event of ORDER_EVENTS) expect(nextStatus(from, event, "customer"), `${from} ${event}`).toBeNull();
    }
    // and nothing the customer does leads into a shipped status
    expect(TRANSITIONS.filter((t) => t.by.includes("customer") && (t.to === "partly_shipped" || t.to === "shipped"))).toEqual([]);
  });

  it("a shipment's event follows what is left open", () => {
    expect(shipEvent([{ qty: 10, shipped_qty: 10 }])).toBe("ship_last");
    expect(
      shipEvent([
        { qty: 10, shipped_qty: 10 },
        { qty: 2, shipped_qty: 1 },
      ]),
    ).toBe("ship");
    expect(shipEvent([{ qty: 10, shipped_qty: 0 }])).toBe("ship");
  });

  it("a partly shipped order still holds its open stock; a shipped one does not", () => {
    expect(OPEN_STATUSES).toContain("partly_shipped");
    expect(OPEN_STATUSES).not.toContain("shipped");
    expect(OPEN_STATUSES).not.toContain("cancelled");
  });

  it("offers the right buttons", () => {
    expect(customerActions("to_be_submitted")).toEqual({ cancel: true, delete: true, agree: false, disagree: false });
    expect(customerActions("to_be_confirmed")).toEqual({ cancel: true, delete: false, agree: true, disagree: true });
    expect(customerActions("date_proposed")).toEqual({ cancel: true, delete: false, agree: true, disagree: true });
    expect(customerActions("purchase_application_created")).toEqual({ cancel: false, delete: false, agree: false, disagree: false });
    expect(staffActions("to_be_confirmed")).toEqual({ confirm: true, propose: true, purchase: false, ship: false, cancel: true });
    expect(staffActions("date_proposed")).toEqual({ confirm: false, propose: false, purchase: false, ship: false, cancel: true });
    expect(staffActions("confirmed")).toEqual({ confirm: false, propose: false, purchase: true, ship: true, cancel: true });
    expect(staffActions("purchase_application_created")).toEqual({ confirm: false, propose: false, purchase: false, ship: true, cancel: false });
    expect(staffActions("to_be_submitted")).toEqual({ confirm: false, propose: false, purchase: false, ship: false, cancel: false });
    // shipped states: no dealer buttons; the desk ships on and cancels only what is still open
    expect(customerActions("partly_shipped")).toEqual({ cancel: false, delete: false, agree: false, disagree: false });
    expect(customerActions("shipped")).toEqual({ cancel: false, delete: false, agree: false, disagree: false });
    expect(staffActions("partly_shipped")).toEqual({ confirm: false, propose: false, purchase: false, ship: true, cancel: true });
    expect(staffActions("shipped")).toEqual({ confirm: false, propose: false, purchase: false, ship: false, cancel: false });
  });
});
