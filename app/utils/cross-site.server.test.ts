import { describe, expect, it } from "vitest";
import { checkSameOrigin } from "./cross-site.server";

const shopOrigin = "https://shop.example.cn";
const post = { method: "POST", shopOrigin, origin: undefined, referer: undefined, secFetchSite: undefined };

describe("checkSameOrigin", () => {
  it.each([
    ["a form of the shop", { origin: "https://shop.example.cn" }],
    ["the shop's referer without Origin", { referer: "https://shop.example.cn/order/fillOrder" }],
    ["a client without Origin or Referer (curl, not a browser)", {}],
    ["same-origin fetch", { origin: "https://shop.example.cn", secFetchSite: "same-origin" }],
    ["a GET from anywhere", { method: "GET", origin: "https://evil.example", secFetchSite: "cross-site" }],
  ])("allows %s", (_name, headers) => {
    expect(checkSameOrigin({ ...post, ...headers }).allowed).toBe(true);
  });

  it.each([
    ["a foreign Origin", { origin: "http://evil.example" }],
    ["the shop's host on another scheme", { origin: "http://shop.example.cn" }],
    ["the shop's host on another port", { origin: "https://shop.example.cn:8443" }],
    ["a look-alike host", { origin: "https://shop.example.cn.evil.example" }],
    ["Origin: null", { origin: "null" }],
    ["a garbage Origin", { origin: "shop.example.cn" }],
    ["a foreign Referer without Origin", { referer: "http://evil.example/page" }],
    ["Sec-Fetch-Site: cross-site even with a matching Origin", { origin: "https://shop.example.cn", secFetchSite: "cross-site" }],
    ["a DELETE with a foreign Origin", { method: "DELETE", origin: "http://evil.example" }],
  ])("refuses %s", (_name, headers) => {
    expect(checkSameOrigin({ ...post, ...headers }).allowed).toBe(false);
  });
});
