import { describe, expect, it } from "vitest";
import { noticeTexts, noticeTitles } from "./notice-texts.server";

describe("notice texts from the locale files", () => {
  it("fills an order notice in both languages", () => {
    expect(noticeTexts("order.cancelled", { no: "SO1", reason: "wrong size" })).toEqual({
      title_zh: "订单 SO1 已取消",
      title_en: "Order SO1 cancelled",
      body_zh: "订单 SO1 已取消。原因：wrong size",
      body_en: "Order SO1 has been cancelled. Reason: wrong size",
    });
  });
  it("names a support request's kind per language, as a title starts and inside a sentence", () => {
    const t = noticeTexts("support.approve", (lang) => ({
      what: lang === "en" ? "Sample request" : "样品申请",
      whatInText: lang === "en" ? "sample request" : "样品申请",
      no: "SR1",
      extra: "",
    }));
    expect(t.title_en).toBe("Sample request SR1 approved");
    expect(t.body_en).toBe("Customer support approved your sample request SR1; it will be shipped soon.");
    expect(t.title_zh).toBe("样品申请 SR1 已批准");
  });
  it("leaves what a user wrote as it is (no interpolation inside values)", () => {
    expect(noticeTitles("feedback.reply", { id: 7, no: "{{no}} $t(common:portalTitle)" }).title_en).toBe(
      "Your feedback #7 (order {{no}} $t(common:portalTitle)) has been answered",
    );
  });
});
