import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { DeskActionSchema, DeskFilterSchema } from "~/routes/system+/_desk+/__orderDesk.server";

const form = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
};

describe("the order desk's forms", () => {
  it("a shipment: quantities per line, empty ones read as nothing to ship (0)", () => {
    const s = parseWithZod(
      form({
        intent: "ship",
        token: "abcdefghijklmnopqrstuvwx",
        shipDate: "2026-11-25",
        carrier: "顺丰",
        trackingNo: "SF1",
        packingSlipNo: "PS1",
        batchNo: "B1",
        "qty.12": "",
        "qty.13": "3",
      }),
      { schema: DeskActionSchema },
    );
    expect(s.status === "success" && s.value).toMatchObject({ intent: "ship", qty: { "12": 0, "13": 3 } });
  });

  it("a shipment without carrier or with a negative quantity is refused, field by field", () => {
    const s = parseWithZod(
      form({
        intent: "ship",
        token: "abcdefghijklmnopqrstuvwx",
        shipDate: "25.11.2026",
        trackingNo: "SF1",
        packingSlipNo: "PS1",
        batchNo: "B1",
        "qty.12": "-1",
      }),
      {
        schema: DeskActionSchema,
      },
    );
    expect(s.status).toBe("error");
    expect(Object.keys((s.status === "error" && s.error) || {}).sort()).toEqual(["carrier", "qty.12", "shipDate"]);
    expect(s.status === "error" && s.error?.["qty.12"]).toEqual(["adminOrders:error.qtyNegative"]);
  });

  it("a shipment quantity that is not a whole number is refused on its line with a message key", () => {
    const s = parseWithZod(
      form({
        intent: "ship",
        token: "abcdefghijklmnopqrstuvwx",
        shipDate: "2026-11-25",
        carrier: "SF",
        trackingNo: "1",
        packingSlipNo: "P",
        batchNo: "B",
        "qty.12": "2.5",
        "qty.13": "x",
      }),
      { schema: DeskActionSchema },
    );
    expect(s.status === "error" && s.error).toEqual({ "qty.12": ["adminOrders:error.qtyWhole"], "qty.13": ["adminOrders:error.qtyWhole"] });
  });

  it("proposed dates per line; a cancel needs a reason", () => {
    const p = parseWithZod(form({ intent: "propose", "date.7": "2026-12-20" }), { schema: DeskActionSchema });
    expect(p.status === "success" && p.value).toEqual({ intent: "propose", date: { "7": "2026-12-20" } });
    expect(parseWithZod(form({ intent: "cancel", reason: "  " }), { schema: DeskActionSchema }).status).toBe("error");
  });

  it("the list's query falls back to no filter for anything unreadable", () => {
    const s = parseWithZod(new URLSearchParams("tab=nope&status=to_be_submitted&from=yesterday&page=-3&dealer=C10001"), { schema: DeskFilterSchema });
    expect(s.status === "success" && s.value).toEqual({
      tab: "queue",
      status: undefined,
      dealer: "C10001",
      from: undefined,
      to: undefined,
      code: undefined,
      poNo: undefined,
      orderNo: undefined,
      page: 1,
    });
  });
});
