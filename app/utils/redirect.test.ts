import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each([
    ["/order/order", "/order/order"],
    ["/product/productThird?catalogueCode=A&parentCode=B", "/product/productThird?catalogueCode=A&parentCode=B"],
    ["//evil.example.com", "/"],
    ["/\\evil.example.com", "/"],
    ["https://evil.example.com", "/"],
    ["javascript:alert(1)", "/"],
    ["order/order", "/"],
    ["", "/"],
    [null, "/"],
    ["/ok\nSet-Cookie: x", "/"],
  ])("%j → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
