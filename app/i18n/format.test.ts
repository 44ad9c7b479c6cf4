import { describe, expect, it } from "vitest";
import {
  amountValue,
  badgeCount,
  formatAmount,
  formatDate,
  formatDateTime,
  formatMoney,
  shopDateCode,
  shopDayStart,
  shopMonth,
  shopToday,
  timeAgo,
} from "./format";

describe("formatMoney", () => {
  it.each([
    [123450, "zh", "¥1,234.50"],
    [123450, "en", "CN¥1,234.50"],
    [5, "zh", "¥0.05"],
    [0, "en", "CN¥0.00"],
  ] as const)("%i minor units in %s → %s", (minor, lang, text) => {
    expect(formatMoney(minor, "CNY", lang)).toBe(text);
  });
});

describe("formatDate", () => {
  it("shows UTC timestamps in the shop's time zone (UTC+8)", () => {
    expect(formatDate("2026-11-21T17:00:00.000Z")).toBe("2026-11-22");
    expect(formatDateTime("2026-11-21T17:05:00.000Z")).toBe("2026-11-22 01:05");
  });
  it("keeps plain dates as they are", () => {
    expect(formatDate("2026-12-01")).toBe("2026-12-01");
  });
});

describe("timeAgo (spec §9)", () => {
  const now = new Date("2026-11-21T12:00:00.000Z");
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  it.each([
    [0, "刚刚", "just now"],
    [29, "刚刚", "just now"],
    [30, "1分钟前", "1 minute ago"],
    [61, "2分钟前", "2 minutes ago"],
    [3599, "60分钟前", "60 minutes ago"],
    [3600, "1小时前", "1 hour ago"],
    [7201, "3小时前", "3 hours ago"],
    [86399, "24小时前", "24 hours ago"],
    [86400, "1天前", "1 day ago"],
    [2 * 86400 - 1, "1天前", "1 day ago"],
  ])("%i s → %s / %s", (s, zh, en) => {
    expect(timeAgo(ago(s), "zh", now)).toBe(zh);
    expect(timeAgo(ago(s), "en", now)).toBe(en);
  });
  it("shows the date and time from 2 days on", () => {
    expect(timeAgo(ago(2 * 86400), "en", now)).toBe("2026-11-19 20:00");
  });
});

describe("badgeCount", () => {
  it.each([
    [0, "0"],
    [99, "99"],
    [100, "99+"],
  ])("%i → %s", (n, s) => expect(badgeCount(n)).toBe(s));
});

describe("the shop's day (China, UTC+8)", () => {
  it("turns at 16:00 UTC; a range of shop days maps to UTC instants", () => {
    expect(shopToday(new Date("2026-10-31T15:59:59.999Z"))).toBe("2026-10-31");
    expect(shopToday(Date.parse("2026-10-31T16:00:00.000Z"))).toBe("2026-11-01");
    expect(shopMonth(new Date("2026-10-31T16:00:00.000Z"))).toBe("2026-11");
    expect(shopDateCode(new Date("2026-12-31T16:00:00.000Z"))).toBe("270101");
    expect(shopDayStart("2026-11-01")).toBe("2026-10-31T16:00:00.000Z");
    expect(shopDayStart("2026-11-30", 1)).toBe("2026-11-30T16:00:00.000Z");
    expect(shopToday(new Date(shopDayStart("2026-11-30")))).toBe("2026-11-30");
  });
});

describe("amounts without a currency sign", () => {
  it("groups in tables, not in a field's value; a spreadsheet gets a number", () => {
    expect(formatAmount(123456789)).toBe("1,234,567.89");
    expect(formatAmount(123450, { grouped: false })).toBe("1234.50");
    expect(formatAmount(null)).toBe("");
    expect(amountValue(123450)).toBe(1234.5);
  });
});
