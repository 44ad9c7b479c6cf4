import { describe, expect, it } from "vitest";
import { loggedUrl } from "./log.server";

describe("loggedUrl", () => {
  it.each([
    ["/order/resetPwd/thirdReset?token=abc123", "/order/resetPwd/thirdReset?token=[redacted]"],
    ["/loginRelay?token=abc&ts=1&sign=zz", "/loginRelay?token=[redacted]&ts=[redacted]&sign=[redacted]"],
    ["/auth-redirect?token=abc&redirect=%2FhomePage", "/auth-redirect?token=[redacted]&redirect=%2FhomePage"],
    ["/anything?Token=abc&page=2", "/anything?Token=[redacted]&page=2"],
    ["/item?code=CNMG120408", "/item?code=CNMG120408"],
    ["/searchProduct?keyWord=%E0%A4%A", "/searchProduct?keyWord=%E0%A4%A"],
    ["/homePage", "/homePage"],
  ])("%s → %s", (url, logged) => {
    expect(loggedUrl(url)).toBe(logged);
  });
});
