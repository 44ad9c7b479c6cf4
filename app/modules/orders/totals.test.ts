import { describe, expect, it } from "vitest";
import { addDays, availableCredit, checkCredit, expectedShipDate, orderTotals, paymentDeadline, priceLine, shippingFee } from "./totals";

const tenant = { free_shipping_amount: 200_000, shipping_fee: 2_000 };

describe("shipping fee", () => {
  it.each([
    [0, 0],
    [1, 2_000],
    [199_999, 2_000],
    [200_000, 0],
    [500_000, 0],
  ])("net %s → fee %s", (net, fee) => expect(shippingFee(net, tenant)).toBe(fee));

  it("a free-shipping amount of 0 ships everything free", () => {
    expect(shippingFee(100, { free_shipping_amount: 0, shipping_fee: 2_000 })).toBe(0);
  });
});

describe("order totals", () => {
  it("adds goods and discounts, then shipping on the net amount", () => {
    const lines = [priceLine(3_000, 10, 2_700), priceLine(80_000, 1)];
    expect(lines[0]).toMatchObject({ goods: 30_000, discount: 3_000, amount: 27_000 });
    expect(orderTotals(lines, tenant)).toEqual({ goods: 110_000, discount: 3_000, shipping: 2_000, payable: 109_000, count: 2 });
    const big = [priceLine(80_000, 3)];
    expect(orderTotals(big, tenant)).toMatchObject({ shipping: 0, payable: 240_000 });
  });

  it("crossing the free-shipping amount because of a discount charges shipping", () => {
    expect(orderTotals([priceLine(100_000, 2, 90_000)], tenant)).toMatchObject({ goods: 200_000, discount: 20_000, shipping: 2_000, payable: 182_000 });
  });
});

describe("credit", () => {
  it.each([
    [1_000_000, 300_000, 700_000],
    [1_000_000, 1_200_000, 0],
    [0, 0, 0],
  ])("limit %s less open %s = %s", (limit, open, available) => expect(availableCredit(limit, open)).toBe(available));

  it("on-account payment must fit the available credit; other methods are not limited", () => {
    expect(checkCredit("on_account", 700_000, 700_000)).toBeNull();
    expect(checkCredit("on_account", 700_001, 700_000)?.key).toBe("order:fill.creditExceeded");
    expect(checkCredit("prepayment", 9_000_000, 0)).toBeNull();
  });
});

describe("dates", () => {
  it("payment deadline and ESD", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    const terms = { onAccountDays: 30, billDays: 90 };
    expect(paymentDeadline("on_account", "2026-11-21", terms)).toBe("2026-12-21");
    expect(paymentDeadline("acceptance_bill", "2026-11-21", terms)).toBe("2027-02-19");
    expect(paymentDeadline("prepayment", "2026-11-21", terms)).toBe("2026-11-24");
    expect(expectedShipDate("2026-11-21", 10, 100, 14)).toBe("2026-11-23");
    expect(expectedShipDate("2026-11-21", 200, 100, 14)).toBe("2026-12-05");
  });
});
