import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect keeps same-site paths and refuses everything that could leave the shop", () => {
  it.each([
    ["/order/order", "/order/order"],
    ["/product/productThird?catalogueCode=A&parentCode=B", "/product/productThird?catalogueCode=A&parentCode=B"],
    ["/order/myCollect#row-7", "/order/myCollect#row-7"],
    ["/order/../shopCart", "/shopCart"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"], // an encoded slash stays a path segment
  ])("%j → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/..//evil.example",
    "/.//evil.example",
    "/./..//evil.example?a=1",
    "%2F%2Fevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/ok\r\nSet-Cookie: x=1",
    "https://evil.example",
    "http://shop.invalid/order", // absolute URLs are refused even for "our" host
    "javascript:alert(1)",
    "order/order",
    " //evil.example",
    "",
    null,
    undefined,
  ])("%j → fallback", (input) => {
    expect(safeRedirect(input, "/homePage")).toBe("/homePage");
  });
});
