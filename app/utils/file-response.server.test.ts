import { describe, expect, it } from "vitest";
import { contentDisposition, fileResponse, viewsInBrowser } from "./file-response.server";

describe("fileResponse", () => {
  it("names a download per RFC 5987 with an ASCII fallback, its type, length and the caching asked for", async () => {
    const r = fileResponse(null, { body: Buffer.from("abc"), type: "application/pdf", name: '刀具 "样本".pdf', cache: "private, max-age=3600" });
    expect(r.status).toBe(200);
    expect(Object.fromEntries(r.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="__ ____.pdf"; filename*=UTF-8''%E5%88%80%E5%85%B7%20%22%E6%A0%B7%E6%9C%AC%22.pdf`,
      "content-length": "3",
      "cache-control": "private, max-age=3600",
    });
    expect(await r.text()).toBe("abc");
  });

  it("shows inline when asked, unnamed without a name; answers 304 to a matching If-None-Match", () => {
    expect(
      fileResponse(null, { body: Buffer.from("x"), type: "image/png", name: "a.png", inline: true, cache: "no-store" }).headers.get("content-disposition"),
    ).toMatch(/^inline; filename="a.png"/);
    const etag = '"k1"';
    const file = { body: Buffer.from("x"), type: "image/png", cache: "private, no-cache", etag, lastModified: new Date("2026-01-02T03:04:05Z") };
    const fresh = fileResponse(new Request("http://x/", { headers: { "If-None-Match": etag } }), file);
    expect(fresh.status).toBe(304);
    expect(fresh.headers.get("etag")).toBe(etag);
    expect(fresh.headers.get("last-modified")).toBe("Fri, 02 Jan 2026 03:04:05 GMT");
    const changed = fileResponse(new Request("http://x/", { headers: { "If-None-Match": '"old"' } }), file);
    expect(changed.status).toBe(200);
    expect(changed.headers.get("content-disposition")).toBe("inline");
  });

  it("lets the browser show PDF and raster images only", () => {
    expect(["application/pdf", "image/png", "image/jpeg"].every(viewsInBrowser)).toBe(true);
    expect(["image/vnd.dxf", "image/svg+xml", "text/html", "application/octet-stream"].some(viewsInBrowser)).toBe(false);
  });

  it("escapes quotes and backslashes in the fallback name", () => {
    expect(contentDisposition('a"b\\c.pdf')).toContain('filename="a_b_c.pdf"');
  });
});
