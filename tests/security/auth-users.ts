import crypto from "node:crypto";
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
        db.prepare("insert into user_tenant (user_id, tenant_id, is_default) select ?, tenant_id, is_default from user_tenant where user_id = ?").run(
          id,
          row.id,
        );
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

/** A code no account has yet: the model's three letters and six random digits. */
function freshCode(shop: Shop, model: string): string {
  for (;;) {
    const code = `${model.slice(0, 3)}${crypto.randomInt(100_000, 1_000_000)}`;
    if (shop.query("select 1 from app_user where code = ?", code).length === 0) return code;
  }
}

/**
 * An account of the test file's own on the shared server, like `model` (same customer, roles and
 * companies; password Demo2026). Returns its code. What it does (its cart, columns, sessions,
 * progress) no other file sees; what it files for its customer, the customer's other accounts do:
 * a file that counts a customer's rows takes `newDealer`.
 */
export function newAccount(shop: Shop, model: string): string {
  const code = freshCode(shop, model);
  addUsersLike(shop, model, [code]);
  return code;
}

/**
 * A dealer of the file's own: a new customer copied from the model's (its prices and addresses
 * too) with a master like `model`, and sub-accounts like `subModel` when asked. No other file
 * sees its orders, addresses or requests.
 */
export function newDealer(shop: Shop, model = "XCD000001", subModel = "XCD000002", subs = 0): { master: string; subs: string[]; customerId: number } {
  const db = shop.sql();
  try {
    const from = db.prepare("select c.* from customer c join app_user u on u.customer_id = c.id where u.code = ?").get(model) as Record<string, unknown>;
    const columns = Object.keys(from).filter((c) => c !== "id");
    const insert = db.prepare(`insert into customer (${columns.join(", ")}) values (${columns.map((c) => "@" + c).join(", ")})`);
    const customerId = Number(insert.run({ ...from, code: `T${crypto.randomInt(10_000_000, 100_000_000)}` }).lastInsertRowid);
    for (const table of ["customer_price", "address"]) {
      const cols = (db.prepare(`pragma table_info(${table})`).all() as { name: string }[]).map((c) => c.name).filter((c) => c !== "id" && c !== "customer_id");
      db.prepare(`insert into ${table} (customer_id, ${cols.join(", ")}) select ?, ${cols.join(", ")} from ${table} where customer_id = ?`).run(
        customerId,
        from.id,
      );
    }
    const master = freshCode(shop, model);
    const [masterId] = addUsersLike(shop, model, [master]);
    db.prepare("update app_user set customer_id = ? where id = ?").run(customerId, masterId);
    const subCodes = Array.from({ length: subs }, () => {
      const code = freshCode(shop, subModel);
      const [id] = addUsersLike(shop, subModel, [code]);
      db.prepare("update app_user set customer_id = ?, master_user_id = ? where id = ?").run(customerId, masterId, id);
      return code;
    });
    return { master, subs: subCodes, customerId };
  } finally {
    db.close();
  }
}
