import { describe, expect, it } from "vitest";
import { shopRedirectPath } from "./redirect";

const decode = (raw: string) => {
  try {
    return decodeURIComponent(raw.slice(1));
  } catch {
    return raw.slice(1);
  }
};
const go = (raw: string, search = "") => shopRedirectPath(raw, decode(raw), search);

describe("shopRedirectPath", () => {
  it.each([
    ["/order/order", "", "/order/order"],
    ["/order/order", "?orderNo=SO1", "/order/order?orderNo=SO1"],
    ["/homePage", "", "/homePage"],
    ["/product/productThird", "?catalogueCode=A&parentCode=B", "/product/productThird?catalogueCode=A&parentCode=B"],
  ])("%s%s → %s", (raw, search, want) => expect(go(raw, search)).toBe(want));

  it.each([
    "/",
    "//evil.com",
    "/\\evil",
    "/%2F%2Fevil.com",
    "/%2f%2fevil.com",
    "/%5Cevil",
    "/http:/evil.com",
    "/https%3A%2F%2Fevil.com",
    "/javascript:alert(1)",
    "/../evil",
    "/order/../../evil",
    "/%2e%2e/evil",
    "/a%0d%0aLocation:%20x",
    "/ evil",
    "/redirect/order",
    "/loginRelay",
    "/order//order",
    "/%252F%252Fevil.com",
  ])("%s → /homePage", (raw) => expect(go(raw)).toBe("/homePage"));

  it("a search that would resolve elsewhere stays on the shop", () => {
    expect(go("/order/order", "?x=//evil.com")).toBe("/order/order?x=//evil.com");
  });
});
