import { describe, expect, it } from "vitest";
import { readPostedForm } from "./posted-form.server";

const post = (url: string, body: Record<string, string>) =>
  new Request(url, { method: "POST", body: new URLSearchParams(body), headers: { "Content-Type": "application/x-www-form-urlencoded" } });

describe("readPostedForm", () => {
  it("fills absent fields from the action URL; the body wins; Remix's index flag is not a field", async () => {
    const form = await readPostedForm(post("http://x/shopCart?index&intent=add&productId=7&redirectTo=%2Fitem%3Fcode%3DA%2BB", { qty: "20", productId: "9" }));
    expect(Object.fromEntries(form)).toEqual({ qty: "20", productId: "9", intent: "add", redirectTo: "/item?code=A+B" });
  });

  it("answers 400 to a body that is not a form", async () => {
    const bad = new Request("http://x/shopCart?index", { method: "POST", body: "x", headers: { "Content-Type": "multipart/form-data; boundary=none" } });
    await expect(readPostedForm(bad)).rejects.toMatchObject({ status: 400 });
  });
});
