import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { THUMB_KEYS, THUMB_VERSION } from "~/modules/catalogue/thumbnail";
import { newAccount } from "./auth-users";
import { sharedShop, type Shop } from "./harness";

/**
 * The product pictures (decision 069): /thumbnail/<key> is one file per shape, the same for every
 * visitor (no session read, no cookie set, cached a year at its versioned address); anything else
 * is 404 and never echoed; it takes no posts.
 */
let shop: Shop;
let dealer: string;
beforeAll(async () => {
  // on the shared server: it only reads, as an account of its own
  shop = await sharedShop();
  dealer = await shop.signIn(newAccount(shop, "XCD000001"));
});
afterAll(() => shop?.stop());

describe("/thumbnail/<key>", () => {
  it.each(THUMB_KEYS)("%s: an SVG kept a year, the same bytes signed out and signed in, no cookie", async (key) => {
    const path = `/thumbnail/${key}?v=${THUMB_VERSION}`;
    const [visitor, signedIn] = await Promise.all([shop.get(path, ""), shop.get(path, dealer)]);
    for (const answer of [visitor, signedIn]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/svg+xml");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
    const body = await visitor.text();
    expect(body).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/);
    expect(body).not.toMatch(/<script|on\w+=/i);
    expect(await signedIn.text()).toBe(body);
  });

  it("an address without the current version is kept an hour only; a known copy is answered 304", async () => {
    expect((await shop.get("/thumbnail/C", "")).headers.get("cache-control")).toBe("public, max-age=3600");
    const first = await shop.get(`/thumbnail/C?v=${THUMB_VERSION}`, "");
    const etag = first.headers.get("etag")!;
    const again = await fetch(`${shop.base}/thumbnail/C?v=${THUMB_VERSION}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it.each(["c", "X", "nope", "%3Cscript%3Ealert(1)%3C%2Fscript%3E", "..%2F..%2Fpackage.json", "C.svg"])("%s: 404, the key not echoed", async (key) => {
    const answer = await shop.get(`/thumbnail/${key}?v=${THUMB_VERSION}`, dealer);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain("<script>alert(1)");
  });

  it("takes no posts: cross-site refused, same-site not allowed", async () => {
    const crossSite = await shop.post("/thumbnail/C", dealer, {}, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const sameSite = await shop.post("/thumbnail/C", dealer, {});
    expect([404, 405]).toContain(sameSite.status);
  });
});
