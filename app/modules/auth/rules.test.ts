import { describe, expect, it } from "vitest";
import enAuth from "~/i18n/locales/en/auth.json";
import zhAuth from "~/i18n/locales/zh/auth.json";
import enCommon from "~/i18n/locales/en/common.json";
import zhCommon from "~/i18n/locales/zh/common.json";
import { isValidAccountCode, normalizeAccountCode } from "./rules";
import { createSubAccountSchema } from "~/modules/accounts/schemas.server";
import { changePasswordSchema, loginSchema, resetCodeSchema, resetFirstSchema, resetPasswordSchema } from "./schemas.server";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : { path: r.error!.issues[0].path.join("."), message: r.error!.issues[0].message };

/** i18n key → text of a language ("common:errors.x" or an auth key). */
function text(lang: "zh" | "en", key: string): string | undefined {
  const [ns, path] = key.includes(":") ? key.split(":") : ["auth", key];
  const root = (ns === "common" ? (lang === "zh" ? zhCommon : enCommon) : lang === "zh" ? zhAuth : enAuth) as Record<string, unknown>;
  return path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], root) as string | undefined;
}

describe("account code", () => {
  it.each([
    ["XCD000001", true],
    [" xcd000001 ", true],
    ["DPC000001", true],
    ["XCD00001", false],
    ["XCD0000001", false],
    ["ABC000001", false],
    ["XCD-00001", false],
    ["", false],
  ])("%j valid=%s", (code, ok) => expect(isValidAccountCode(code)).toBe(ok));

  it("is trimmed and upper-cased", () => {
    expect(normalizeAccountCode("  xcd000001\t")).toBe("XCD000001");
    expect(normalizeAccountCode(undefined)).toBe("");
  });
});

describe("login form (spec §5, §8)", () => {
  it.each([
    [{ password: "x", captcha: "ab12" }, "code", "validation.codeRequired"],
    [{ code: "   ", password: "x", captcha: "ab12" }, "code", "validation.codeRequired"],
    [{ code: "XCD000001", captcha: "ab12" }, "password", "validation.passwordRequired"],
    [{ code: "XCD000001", password: "x" }, "captcha", "validation.captchaRequired"],
    [{ code: "XCD000001", password: "x", captcha: "   " }, "captcha", "validation.captchaRequired"],
    [{ code: "XCD000001", password: "x".repeat(201), captcha: "ab12" }, "password", "validation.tooLong"],
  ])("%j → %s %s", (input, path, message) => {
    expect(firstMessage(loginSchema(true).safeParse(input))).toEqual({ path, message });
  });

  it("does not ask for the verification code when it is off", () => {
    expect(loginSchema(false).safeParse({ code: "xcd000001", password: "Demo2026" }).success).toBe(true);
  });

  it("keeps the password as typed (case-sensitive, not trimmed) and normalises the code", () => {
    const r = loginSchema(false).parse({ code: " xcd000001 ", password: " Demo2026 ", dataareacode: " 1000 " });
    expect(r).toMatchObject({ code: "XCD000001", password: " Demo2026 ", dataareacode: "1000" });
  });
});

describe("new password (spec §5, §9: 8-18 letters and digits)", () => {
  const base = { token: "a".repeat(43) };
  it.each([
    ["Abc12345", null],
    ["abc12345", null],
    ["12345678a", null],
    ["A".repeat(17) + "1", null],
    ["abcdefgh", "validation.passwordRule"],
    ["12345678", "validation.passwordRule"],
    ["A".repeat(18), "validation.passwordRule"],
    ["Abc1234", "validation.passwordRule"],
    ["A".repeat(19), "validation.passwordRule"],
    ["Abc 12345", "validation.passwordRule"],
    ["Abc12345!", "validation.passwordRule"],
    ["密码密码密码密码", "validation.passwordRule"],
  ])("%j → %s", (password, message) => {
    const r = firstMessage(resetPasswordSchema.safeParse({ ...base, password, confirmPassword: password }));
    expect(r?.message ?? null).toBe(message);
  });

  // every form that sets a new password shares the field: change, reset, a sub-account's
  it.each([
    ["change", (password: string) => changePasswordSchema.safeParse({ oldPassword: "Demo2026", password, confirmPassword: password })],
    ["sub-account", (password: string) => createSubAccountSchema.safeParse({ intent: "create", code: "XCD123456", password, confirmPassword: password })],
  ])("the %s form refuses letters only and digits only", (_, parse) => {
    const passwordMessage = (password: string) => parse(password).error?.issues.find((i) => i.path.join(".") === "password")?.message ?? null;
    expect(passwordMessage("abcdefgh")).toBe("validation.passwordRule");
    expect(passwordMessage("12345678")).toBe("validation.passwordRule");
    expect(passwordMessage("abcd1234")).toBeNull();
  });

  it("needs the confirmation and it must match: 'The two entered passwords do not match'", () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ ...base, password: "Abc12345" }))).toEqual({
      path: "confirmPassword",
      message: "validation.confirmRequired",
    });
    expect(firstMessage(resetPasswordSchema.safeParse({ ...base, password: "Abc12345", confirmPassword: "Abc12346" }))).toEqual({
      path: "confirmPassword",
      message: "validation.passwordMismatch",
    });
    expect(text("en", "validation.passwordMismatch")).toBe("The two entered passwords do not match");
  });

  it("change password needs the old one", () => {
    expect(firstMessage(changePasswordSchema.safeParse({ password: "Abc12345", confirmPassword: "Abc12345" }))).toEqual({
      path: "oldPassword",
      message: "validation.oldPasswordRequired",
    });
  });

  it("a malformed reset token is refused", () => {
    expect(firstMessage(resetPasswordSchema.safeParse({ token: "../x", password: "Abc12345", confirmPassword: "Abc12345" }))?.message).toBe(
      "reset.linkInvalid",
    );
  });
});

describe("reset steps", () => {
  it.each([
    [{ channel: "email" }, "validation.codeRequired"],
    [{ code: "XCD00001", channel: "email" }, "validation.codeFormat"],
    [{ code: "XCD000001" }, "validation.channelRequired"],
    [{ code: "XCD000001", channel: "fax" }, "validation.channelRequired"],
  ])("first %j → %s", (input, message) => expect(firstMessage(resetFirstSchema.safeParse(input))?.message).toBe(message));

  it.each([
    [{}, "validation.smsCodeRequired"],
    [{ smsCode: "12345" }, "validation.smsCodeFormat"],
    [{ smsCode: "12345a" }, "validation.smsCodeFormat"],
    [{ smsCode: " 123456 " }, null],
  ])("sms %j → %s", (input, message) => expect(firstMessage(resetCodeSchema.safeParse(input))?.message ?? null).toBe(message));
});

describe("texts", () => {
  const keysOf = (o: Record<string, unknown>, prefix = ""): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === "object" && v ? keysOf(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));

  it("zh and en have the same keys", () => {
    expect(keysOf(zhAuth).sort()).toEqual(keysOf(enAuth).sort());
  });

  it.each([
    "validation.codeRequired",
    "validation.passwordRequired",
    "validation.captchaRequired",
    "validation.captchaWrong",
    "validation.passwordRule",
    "validation.passwordMismatch",
    "validation.confirmRequired",
    "login.captchaNeeded",
    "reset.linkInvalid",
    "common:errors.wrongLogin",
    "common:errors.rolesRequired",
    "common:errors.loginFailed",
    "common:errors.notLoggedIn",
    "common:errors.notMaster",
    "common:errors.switchCompanySuccess",
  ])("%s exists in both languages", (key) => {
    expect(text("zh", key)).toBeTruthy();
    expect(text("en", key)).toBeTruthy();
  });

  it("uses the spec's English wording", () => {
    expect(text("en", "common:errors.wrongLogin")).toMatch(/please enter correct login information/i);
    expect(text("en", "common:errors.notLoggedIn")).toBe("You are not logged in, please log in first");
  });
});
