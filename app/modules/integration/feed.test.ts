import { describe, expect, it } from "vitest";
import { stockLight } from "~/modules/catalogue/offer";
import { csvField, csvHeader, csvRows, type FeedItem } from "./feed.server";

/** The feed's CSV (RFC 4180) and its stock light (decision 073), pure. */
describe("the feed's CSV", () => {
  it("quotes a field with a comma, a quote, a line break or edge spaces, doubling quotes; empty for null", () => {
    expect(csvField("CNMG120408-DM")).toBe("CNMG120408-DM");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("two\r\nlines")).toBe('"two\r\nlines"');
    expect(csvField(" pad")).toBe('" pad"');
    expect(csvField(null)).toBe("");
    expect(csvField(12.5)).toBe("12.5");
  });

  it("a header row, then one CRLF-ended row per item; the quantity only when asked", () => {
    const item: FeedItem = {
      orderingCode: "X1",
      nameZh: "刀片, 外圆",
      nameEn: "Insert",
      unit: "pc",
      price: 12.34,
      currency: "CNY",
      stock: "green",
      quantity: 40,
      leadTimeDays: 0,
      moq: 10,
      mpq: 10,
      status: "active",
      updatedAt: "2026-11-27T00:00:00.000Z",
    };
    expect(csvHeader(false)).toBe("orderingCode,nameZh,nameEn,unit,price,currency,stock,leadTimeDays,moq,mpq,status,updatedAt\r\n");
    expect(csvRows([item], false)).toBe('X1,"刀片, 外圆",Insert,pc,12.34,CNY,green,0,10,10,active,2026-11-27T00:00:00.000Z\r\n');
    expect(csvRows([item], true)).toContain(",green,40,0,");
    expect(csvRows([{ ...item, price: null }], false)).toContain(",pc,,CNY,");
  });

  it("the stock light: green covers the least order quantity, yellow is some stock, red none", () => {
    expect(stockLight({ available: 10, moq: 10 })).toBe("green");
    expect(stockLight({ available: 9, moq: 10 })).toBe("yellow");
    expect(stockLight({ available: 0, moq: 10 })).toBe("red");
    expect(stockLight({ available: 1, moq: 0 })).toBe("green");
    expect(stockLight({ available: -2, moq: 1 })).toBe("red");
  });
});
