import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * No form post of the sign-in area can produce a 500: missing, oversized and malformed fields
 * are posted to every action (called directly), signed out and signed in.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-actions-"));
process.env.DATABASE_URL = `file:${path.join(dir, "shop.db")}`;
process.env.MAIL_OUTBOX_DIR = path.join(dir, "outbox");
process.env.LOGIN_CAPTCHA = "on";

type Action = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => Promise<unknown>;
let routes: Record<string, { action: Action; url: string }>;
let cookie = "";
let subCookie = "";

beforeAll(async () => {
  const { getDb } = await import("~/db/index.server");
  const { migrateToLatest } = await import("~/db/migrate.server");
  const { createWorld, cookieHeader } = await import("./auth-fixtures");
  const { createSession } = await import("~/utils/session.server");
  const db = getDb();
  await migrateToLatest(db);
  const world = await createWorld(db);
  cookie = cookieHeader(await createSession(db, new Request("http://x/"), { userId: world.users.master, tenantId: world.tenants.t1000, clientIp: null }));
  subCookie = cookieHeader(await createSession(db, new Request("http://x/"), { userId: world.users.sub, tenantId: world.tenants.t1000, clientIp: null }));
  routes = {
    shopLogin: { action: (await import("~/routes/shop_login")).action as Action, url: "/shop_login" },
    login: { action: (await import("~/routes/login")).action as Action, url: "/login" },
    logout: { action: (await import("~/routes/logout")).action as Action, url: "/logout" },
    switchTenant: { action: (await import("~/routes/switchTenant")).action as Action, url: "/switchTenant" },
    resetFirst: { action: (await import("~/routes/_shop+/order+/resetPwd+/first")).action as Action, url: "/order/resetPwd/first" },
    resetMobile: { action: (await import("~/routes/_shop+/order+/resetPwd+/secondMobile")).action as Action, url: "/order/resetPwd/secondMobile" },
    resetThird: { action: (await import("~/routes/_shop+/order+/resetPwd+/thirdReset")).action as Action, url: "/order/resetPwd/thirdReset" },
    changePassword: { action: (await import("~/routes/_shop+/order+/resetPwd+/_index")).action as Action, url: "/order/resetPwd?index" },
    subAccount: { action: (await import("~/routes/_shop+/order+/subAccount")).action as Action, url: "/order/subAccount" },
    addressManage: { action: (await import("~/routes/_shop+/order+/addressManage")).action as Action, url: "/order/addressManage" },
  };
});

const huge = "x".repeat(200_000);
const fieldNames = [
  "intent", "id", "code", "dataareacode", "password", "captcha", "redirect", "dataareaid", "redirectTo", "channel", "smsCode", "token",
  "oldPassword", "confirmPassword", "name", "mobile", "email", "priceFactor", "discount", "canOrder", "canSeePrice", "canSeeStock",
  "erpAccount", "consignee", "phone", "province", "city", "district", "line", "postcode", "isDefault",
];

function bodies(): [string, URLSearchParams | FormData | string][] {
  const list: [string, URLSearchParams | FormData | string][] = [["empty", new URLSearchParams()]];
  for (const intent of ["create", "update", "delete", "setDefault", "bogus"]) {
    const oversized = new URLSearchParams({ intent });
    const malformed = new URLSearchParams({ intent });
    for (const f of fieldNames) {
      if (f !== "intent") oversized.set(f, huge);
      if (f !== "intent") {
        malformed.append(f, "-1");
        malformed.append(f, "\u0000<script>'\"; drop table app_user;--");
      }
    }
    malformed.set("id", "99999999999999999999");
    malformed.set("dataareaid", "NaN");
    malformed.set("priceFactor", "1e309");
    malformed.set("redirect", "//evil.example");
    list.push([`oversized ${intent}`, oversized], [`malformed ${intent}`, malformed]);
    const numbers = new URLSearchParams({ intent, id: "1", dataareaid: "2", token: "a".repeat(43), smsCode: "123456", code: "XCD000002", channel: "mobile" });
    list.push([`plausible ${intent}`, numbers]);
  }
  const file = new FormData();
  file.set("intent", "create");
  file.set("code", new Blob([huge]), "evil.txt");
  list.push(["file upload", file], ["json body", '{"code":"XCD000001"}'], ["broken urlencoded", "%%%=%E0%A4%A&code"]);
  return list;
}

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const r = await run();
    if (r instanceof Response) return r.status;
    const init = (r as { init?: { status?: number } } | null)?.init;
    return init?.status ?? 200;
  } catch (e) {
    if (e instanceof Response) return e.status;
    throw e;
  }
}

describe("no 500 from any sign-in action", () => {
  for (const who of ["signed out", "master", "sub-account"] as const) {
    it(`${who}: every action, every bad body`, async () => {
      const cookies = who === "master" ? cookie : who === "sub-account" ? subCookie : "";
      for (const [name, route] of Object.entries(routes)) {
        for (const [label, body] of bodies()) {
          const headers: Record<string, string> = {};
          const clientIp = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
          if (cookies) headers.Cookie = cookies;
          if (typeof body === "string") headers["Content-Type"] = label === "json body" ? "application/json" : "application/x-www-form-urlencoded";
          const request = new Request(`http://shop.test${route.url}`, { method: "POST", headers, body });
          const status = await statusOf(() => route.action({ request, params: {}, context: { cspNonce: "", clientIp } })).catch((e: unknown) => {
            throw new Error(`${name} / ${label}: ${String(e)}`);
          });
          expect(status, `${name} / ${label}`).toBeLessThan(500);
        }
      }
    }, 120_000);
  }
});
