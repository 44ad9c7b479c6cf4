import { answerHash } from "~/modules/auth/captcha.server";
import { hashToken } from "~/modules/auth/sessions.server";
import { captchaCookie } from "~/utils/captcha.server";
import type { Shop } from "./harness";

/**
 * Sign-in helpers of the throttle and session tests: accounts of their own (the demo accounts
 * are busy in other tests), and the answer to the image verification code the shop asked for.
 */

/** Adds accounts like `model` (same customer, roles and companies), one per code. Returns their ids. */
export function addUsersLike(shop: Shop, model: string, codes: readonly string[]): number[] {
  const db = shop.sql();
  try {
    const row = db.prepare("select * from app_user where code = ?").get(model) as Record<string, unknown>;
    const columns = Object.keys(row).filter((c) => c !== "id");
    const insert = db.prepare(`insert into app_user (${columns.join(", ")}) values (${columns.map((c) => "@" + c).join(", ")})`);
    return db.transaction(() =>
      codes.map((code) => {
        const id = Number(insert.run({ ...row, code }).lastInsertRowid);
        db.prepare("insert into user_role (user_id, role_id) select ?, role_id from user_role where user_id = ?").run(id, row.id);
        db.prepare("insert into user_tenant (user_id, tenant_id, is_default) select ?, tenant_id, is_default from user_tenant where user_id = ?").run(id, row.id);
        return id;
      }),
    )();
  } finally {
    db.close();
  }
}

export const CAPTCHA_ANSWER = "k7m2";

/**
 * The Cookie header that answers the verification code a login answer asked for (its Set-Cookie
 * shop_captcha), with `CAPTCHA_ANSWER` written as the stored answer: the test cannot read the
 * image, so it gives the server's row an answer it knows. Null when the answer set no code.
 */
export async function captchaCookieOf(shop: Shop, answer: Response): Promise<string | null> {
  const header = answer.headers.getSetCookie().find((c) => c.startsWith("shop_captcha="));
  if (!header) return null;
  const cookie = header.split(";")[0];
  const token = (await captchaCookie.parse(cookie)) as string | null;
  if (!token) return null;
  const id = hashToken(token);
  shop.run("update captcha set answer_hash = ? where id = ?", answerHash(id, CAPTCHA_ANSWER), id);
  return cookie;
}
