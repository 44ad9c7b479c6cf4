import fs from "node:fs";
import path from "node:path";
import { test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { addSessionCookie, e2eDbDir, openE2eDb } from "./fixtures";

/** A fresh account copied from a demo account (same customer, roles, companies; password Demo2026). */
export function cloneUser(fromCode: string, newCode: string, email = `${newCode.toLowerCase()}@e2e.test`): void {
  const db = openE2eDb();
  try {
    db.prepare("delete from app_user where code = ?").run(newCode);
    const src = db.prepare("select * from app_user where code = ?").get(fromCode) as Record<string, unknown>;
    const { id, ...row } = src;
    Object.assign(row, { code: newCode, email, language: null });
    const cols = Object.keys(row);
    const info = db.prepare(`insert into app_user (${cols.join(",")}) values (${cols.map(() => "?").join(",")})`).run(...cols.map((c) => row[c]));
    const newId = Number(info.lastInsertRowid);
    db.prepare("insert into user_role (user_id, role_id) select ?, role_id from user_role where user_id = ?").run(newId, id);
    db.prepare("insert into user_tenant (user_id, tenant_id, is_default) select ?, tenant_id, is_default from user_tenant where user_id = ?").run(newId, id);
  } finally {
    db.close();
  }
}

/** A copy of an account whose saved language is `lang` (a signed-in page follows it). */
export function cloneUserIn(fromCode: string, newCode: string, lang: "zh" | "en"): string {
  cloneUser(fromCode, newCode);
  const db = openE2eDb();
  try {
    db.prepare("update app_user set language = ? where code = ?").run(lang, newCode);
  } finally {
    db.close();
  }
  return newCode;
}

/** A 9-character account code unique to this test run and project. */
export function uniqueCode(testInfo: TestInfo, prefix = "XCD"): string {
  const n = (Date.now() % 100000) * 10 + (testInfo.project.name === "js-on" ? 1 : 2);
  return `${prefix}${String(n).padStart(6, "0").slice(-6)}`;
}

export async function loginWithForm(page: Page, code: string, password = "Demo2026", company?: string) {
  if (company) await page.locator('input[name="dataareacode"]').fill(company);
  await page.locator('input[name="code"]').fill(code);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form[data-testid="login-form"] button[type="submit"]').click();
}

/**
 * `code` signed in at `signIn` in `page`'s context, on the page the sign-in leads to (`landed`
 * tells it). The session is written by the fixture (addSessionCookie: what the form's post writes)
 * and the sign-in page opened, which sends a signed-in visitor where the form would have: the
 * form's own journeys are auth.spec.ts, staff-sign-in.spec.ts and login-throttle.spec.ts (issue 45).
 * `form: true` fills the form: for a test of where the form's post leads (the landing page).
 */
export async function signInAt(
  page: Page,
  signIn: "/shop_login" | "/login",
  code: string,
  landed: RegExp | ((url: URL) => boolean),
  opts: { form?: boolean } = {},
): Promise<void> {
  if (opts.form) {
    await page.goto(signIn);
    await loginWithForm(page, code);
  } else {
    await addSessionCookie(page.context(), test.info().project.use.baseURL!, code);
    await page.goto(signIn);
  }
  await page.waitForURL(landed);
}

/** The demo administrator signed in at the admin-style sign-in, on the dashboard. */
export async function signInAdmin(page: Page, opts: { form?: boolean } = {}) {
  await signInAt(page, "/login", "EMP000001", /\/system$/, opts);
}

/** `code` signed in at `signIn` in a browser context of its own, with JavaScript as the project has it. */
async function signedInPage(
  browser: Browser,
  testInfo: TestInfo,
  signIn: "/shop_login" | "/login",
  code: string,
  landed: RegExp | ((url: URL) => boolean),
  opts: { form?: boolean },
): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.name.endsWith("js-on"), locale: "zh-CN" });
  const page = await context.newPage();
  await signInAt(page, signIn, code, landed, opts);
  return page;
}

/** A dealer signed in at /shop_login in a context of its own, with JavaScript as the project has it. */
export const dealerPage = (browser: Browser, testInfo: TestInfo, code: string, opts: { form?: boolean } = {}) =>
  signedInPage(browser, testInfo, "/shop_login", code, (url) => !url.pathname.includes("login"), opts);

/** A staff member signed in at /login (the back office) in a context of its own. */
export const staffPage = (browser: Browser, testInfo: TestInfo, code: string, opts: { form?: boolean } = {}) =>
  signedInPage(browser, testInfo, "/login", code, /\/system/, opts);

export async function logout(page: Page) {
  await page.locator('form[action="/logout"] button').click();
  await page.waitForURL(/\/shop_login$/);
}

/** The text body of the newest .eml in the e2e outbox sent to this address (base64 or quoted-printable decoded). */
export async function readMailTo(address: string, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(e2eDbDir, "outbox");
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(".eml"))
          .sort()
          .reverse()
      : [];
    for (const f of files) {
      const raw = fs.readFileSync(path.join(dir, f), "utf8");
      if (!raw.toLowerCase().includes(`to: ${address.toLowerCase()}`)) continue;
      return decodeMime(raw);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${address} in ${dir}`);
}

function decodeMime(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/Content-Transfer-Encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(head)) {
    return Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  }
  return body;
}

export function resetLinkIn(mail: string): string {
  const m = /https?:\/\/[^\s]+\/order\/resetPwd\/thirdReset\?token=[A-Za-z0-9_-]+/.exec(mail);
  if (!m) throw new Error(`no reset link in:\n${mail}`);
  return new URL(m[0]).pathname + new URL(m[0]).search;
}
