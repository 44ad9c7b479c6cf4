import { describe, expect, it } from "vitest";
import { deliveryProposal } from "./proposal";

const line = (no: number, esd: string | null, ship: string | null, requested: string | null = null) => ({
  line_no: no,
  ordering_code: `CODE-${no}`,
  esd,
  ship_date: ship,
  requested_date: requested,
});

describe("deliveryProposal", () => {
  it("states the order desk's proposed dates, the changed lines only, and the latest of them", () => {
    const p = deliveryProposal({ status: "date_proposed", expected_delivery_date: "2026-12-10" }, [
      line(1, "2026-12-01", "2026-12-20", "2026-12-05"),
      line(2, "2026-12-01", "2026-12-03"),
      line(3, "2026-12-01", "2026-12-28", "2026-12-06"),
      line(4, null, null), // a gift
    ]);
    expect(p).toEqual({
      date: "2026-12-28",
      wanted: "2026-12-10",
      lines: [
        { lineNo: 1, code: "CODE-1", requested: "2026-12-05", proposed: "2026-12-20" },
        { lineNo: 3, code: "CODE-3", requested: "2026-12-06", proposed: "2026-12-28" },
      ],
    });
  });

  it("an order under review: the ESD where the dealer asked for an earlier day", () => {
    const p = deliveryProposal({ status: "to_be_confirmed", expected_delivery_date: "2026-12-02" }, [
      line(1, "2026-12-15", "2026-12-01"),
      line(2, "2026-12-01", "2026-12-04"),
      line(3, null, null),
    ]);
    expect(p?.date).toBe("2026-12-15");
    expect(p?.lines).toEqual([
      { lineNo: 1, code: "CODE-1", requested: "2026-12-01", proposed: "2026-12-15" },
      { lineNo: 2, code: "CODE-2", requested: "2026-12-04", proposed: "2026-12-04" },
    ]);
  });

  it.each(["submitted", "confirmed", "cancelled", "shipped"])("asks nothing of an order that is %s", (status) => {
    expect(deliveryProposal({ status, expected_delivery_date: "2026-12-02" }, [line(1, "2026-12-15", "2026-12-01")])).toBeNull();
  });
});
