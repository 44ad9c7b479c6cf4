import { describe, expect, it } from "vitest";
import { bodyLimitFor, countedBody, FORM_BODY_MAX_BYTES, methodAllowed, originFitsHost, urlHasNul, type BodyRefusal } from "./request-limits.server";

/** Feeds chunks through a counted body; the refusal (if any) and how many bytes came out. */
async function feed(chunks: string[], opts: { maxBytes: number; urlEncoded: boolean }) {
  const refusals: BodyRefusal[] = [];
  const body = countedBody({ ...opts, refuse: (reason) => refusals.push(reason) });
  let out = 0;
  body.on("data", (chunk: Buffer) => (out += chunk.length));
  const failed = new Promise<boolean>((resolve) => {
    body.on("error", () => resolve(true));
    body.on("end", () => resolve(false));
  });
  for (const chunk of chunks) body.write(Buffer.from(chunk));
  body.end();
  return { failed: await failed, refusals, out };
}

describe("request limits", () => {
  it("forms have 1 MB; the upload routes their files' limits and room for the other fields", () => {
    expect(bodyLimitFor("/shop_login")).toBe(FORM_BODY_MAX_BYTES);
    expect(bodyLimitFor("/order/importx")).toBe(FORM_BODY_MAX_BYTES);
    for (const path of [
      "/order/import",
      "/system/priceImport",
      "/system/content/new",
      "/system/gdre/3",
      "/system/deliveries",
      "/profile/avatar",
      "/afterSalesService/askAfterSales",
      "/technologyService/cutterOffer",
      "/customerSupport/cutterOffer",
    ]) {
      expect(bodyLimitFor(path), path).toBeGreaterThan(FORM_BODY_MAX_BYTES);
    }
  });

  it("counts the bytes that pass and fails past the limit, once", async () => {
    expect(await feed(["a".repeat(60), "b".repeat(40)], { maxBytes: 100, urlEncoded: true })).toEqual({ failed: false, refusals: [], out: 100 });
    const over = await feed(["a".repeat(60), "b".repeat(41), "c".repeat(50)], { maxBytes: 100, urlEncoded: false });
    expect(over.failed).toBe(true);
    expect(over.refusals).toEqual(["tooLarge"]);
    expect(over.out).toBe(60);
  });

  it("finds a NUL in a URL-encoded form, raw or as %00 split across chunks; not in a multipart body", async () => {
    expect((await feed(["code=a%", "00b"], { maxBytes: 100, urlEncoded: true })).refusals).toEqual(["nul"]);
    expect((await feed(["code=a%0", "0"], { maxBytes: 100, urlEncoded: true })).refusals).toEqual(["nul"]);
    expect((await feed(["code=a\u0000"], { maxBytes: 100, urlEncoded: true })).refusals).toEqual(["nul"]);
    expect((await feed(["code=100%2500"], { maxBytes: 100, urlEncoded: true })).refusals).toEqual([]);
    expect((await feed(["file\u0000bytes%00"], { maxBytes: 100, urlEncoded: false })).refusals).toEqual([]);
  });

  it("refuses NULs in URLs, methods other than GET, HEAD, POST (and PUT where the spec names it), an Origin of another host", () => {
    expect(urlHasNul("/searchProduct?keyWord=%00CNMG")).toBe(true);
    expect(urlHasNul("/searchProduct?keyWord=100%2500")).toBe(false);
    expect(["GET", "HEAD", "POST"].every((m) => methodAllowed(m, "/"))).toBe(true);
    expect(["TRACE", "OPTIONS", "DELETE", "PATCH", "PUT"].some((m) => methodAllowed(m, "/"))).toBe(false);
    expect(methodAllowed("PUT", "/userModuleField")).toBe(true);
    expect(originFitsHost("http://localhost:3000", "localhost:3000")).toBe(true);
    expect(originFitsHost(undefined, "localhost:3000")).toBe(true);
    expect(originFitsHost("http://localhost:3000", "elsewhere.example")).toBe(false);
    expect(originFitsHost("not a url", "localhost:3000")).toBe(false);
  });
});
