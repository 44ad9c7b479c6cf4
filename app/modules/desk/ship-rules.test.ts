import { describe, expect, it } from "vitest";
import { checkShipQuantities, readShipQty } from "./ship-rules";

/** The shipment form's quantity rules (issue 29 item 11): blank ships nothing, whole numbers from 0 up, never more than is open. */
describe("a posted shipment quantity", () => {
  it.each([
    ["", 0],
    ["  ", 0],
    ["0", 0],
    ["7", 7],
    [" 12 ", 12],
    ["007", 7],
  ])("%j reads as %i", (raw, qty) => {
    expect(readShipQty(raw)).toEqual({ ok: true, qty });
  });

  it.each([
    ["-1", "adminOrders:error.qtyNegative"],
    ["-2.5", "adminOrders:error.qtyNegative"],
    ["1.5", "adminOrders:error.qtyWhole"],
    ["1,5", "adminOrders:error.qtyWhole"],
    ["1e3", "adminOrders:error.qtyWhole"],
    ["abc", "adminOrders:error.qtyWhole"],
    ["<script>", "adminOrders:error.qtyWhole"],
    ["1234567890", "adminOrders:error.qtyWhole"],
  ])("%j is refused with %s", (raw, key) => {
    expect(readShipQty(raw)).toEqual({ ok: false, key });
  });
});

describe("a shipment's quantities against the order's lines", () => {
  const lines = [
    { id: 11, line_no: 1, qty: 10, shipped_qty: 4 },
    { id: 12, line_no: 2, qty: 5, shipped_qty: 0 },
    { id: 13, line_no: 3, qty: 3, shipped_qty: 3 },
  ];

  it("ships every line above 0, at most what is open; a blank (0) line ships nothing", () => {
    expect(
      checkShipQuantities(lines, [
        { lineId: 11, qty: 6 },
        { lineId: 12, qty: 0 },
      ]),
    ).toEqual({ ok: true, value: [{ lineId: 11, qty: 6 }] });
  });

  it("more than is open is refused on that line's field, naming the open quantity", () => {
    expect(checkShipQuantities(lines, [{ lineId: 11, qty: 7 }])).toEqual({
      ok: false,
      error: { key: "adminOrders:error.overOpen", values: { line: 1, open: 6 }, field: "qty.11" },
    });
    expect(checkShipQuantities(lines, [{ lineId: 13, qty: 1 }])).toMatchObject({ ok: false, error: { values: { line: 3, open: 0 }, field: "qty.13" } });
  });

  it("negative or fractional quantities are refused whatever else is posted", () => {
    expect(
      checkShipQuantities(lines, [
        { lineId: 11, qty: 2 },
        { lineId: 12, qty: -1 },
      ]),
    ).toMatchObject({ ok: false, error: { key: "adminOrders:error.qtyNegative", field: "qty.12" } });
    expect(checkShipQuantities(lines, [{ lineId: 12, qty: 1.5 }])).toMatchObject({ ok: false, error: { key: "adminOrders:error.qtyWhole", field: "qty.12" } });
  });

  it("nothing above 0 is refused: at least one line ships", () => {
    expect(checkShipQuantities(lines, [])).toEqual({ ok: false, error: { key: "adminOrders:error.noQty" } });
    expect(checkShipQuantities(lines, [{ lineId: 12, qty: 0 }])).toEqual({ ok: false, error: { key: "adminOrders:error.noQty" } });
  });

  it("a line that is not the order's is no result (404)", () => {
    expect(checkShipQuantities(lines, [{ lineId: 99, qty: 0 }])).toBeNull();
  });
});
