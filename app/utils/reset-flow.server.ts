import { createCookie } from "@remix-run/node";
import { SMS_CODE_MINUTES } from "~/modules/auth/rules";

/** Ties the SMS step of a password reset to the browser that asked for the code. */
export const resetFlowCookie = createCookie("shop_reset_flow", {
  path: "/order/resetPwd",
  httpOnly: true,
  sameSite: "lax",
  maxAge: SMS_CODE_MINUTES * 60,
});

export async function readFlowToken(request: Request): Promise<string | null> {
  const v = await resetFlowCookie.parse(request.headers.get("Cookie"));
  return typeof v === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(v) ? v : null;
}
