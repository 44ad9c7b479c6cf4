import { describe, expect, it } from "vitest";
import en from "~/i18n/locales/en/order.json";
import zh from "~/i18n/locales/zh/order.json";
import { noticeTarget } from "./links";
import { RESERVATION_NOTICE_TYPE, SUPPORT_NOTICE_TYPES } from "./support-notices.server";

describe("noticeTarget", () => {
  it.each([
    ["a cancelled order", { type: "cancel_order", orderNo: "SO20261116-000121", detailId: null }, "/order/orderDetails?orderNo=SO20261116-000121"],
    ["a delivery date to confirm", { type: "erp_delivery_feedback", orderNo: "SO 1/2", detailId: null }, "/order/orderDetails?orderNo=SO%201%2F2"],
    ["after-sales feedback", { type: "customer_feedback", orderNo: null, detailId: 42 }, "/afterSalesService/askAfterSalesDetails?id=42"],
    ["an order notice without its order", { type: "cancel_order", orderNo: null, detailId: null }, "/order/myMessage?id=7"],
    ["an announcement", { type: "announcement", orderNo: "SO1", detailId: 3 }, "/order/myMessage?id=7"],
    ["a sample request", { type: "sample_support", orderNo: null, detailId: 5 }, "/customerSupport/samplesSupport/5"],
    ["a tool-body request", { type: "cutter_support", orderNo: null, detailId: 6 }, "/customerSupport/cutterSupport/6"],
    ["a marketing-support request", { type: "marketing_support", orderNo: null, detailId: 7 }, "/customerSupport/broadcastSupport/7"],
    ["a stock reservation", { type: "stock_reservation", orderNo: null, detailId: 8 }, "/customerSupport/standbyLibrary/8"],
  ])("%s", (_name, notice, target) => {
    expect(noticeTarget({ id: 7, ...notice })).toBe(target);
  });
});

describe("notice types on the message page", () => {
  // every type a module stores (order, feedback, quotation, support and reservation notices, content)
  const TYPES = ["cancel_order", "erp_delivery_feedback", "delivery", "customer_feedback", "quotation", "message", "announcement"];
  it.each([...TYPES, ...Object.values(SUPPORT_NOTICE_TYPES), RESERVATION_NOTICE_TYPE])("%s has a label in both languages", (type) => {
    for (const locale of [zh, en]) expect((locale.messages.types as Record<string, string>)[type]).toBeTruthy();
  });
});
