/**
 * npm run soak -- [--dealers 200] [--minutes 10] [--kill-at 5] [--port 3700]
 *
 * A bounded soak of the shop as several instances (issue 31, decision 080; not in CI): two built
 * servers behind HAProxy on a PostgreSQL schema of its own (TEST_DATABASE_URL or DATABASE_URL,
 * `npm run build` first), and `--dealers` simulated dealers, each with an account of its own
 * (copies of the demo dealer XCD000001), who sign in and then, with 1–5 s of think time between
 * steps, browse (home page, a series' product list, a product page), search, add to the cart by
 * quick order, place orders and import small Excel files, for `--minutes`. At `--kill-at` minutes
 * (0: never) instance a is killed with SIGKILL; its dealers go on through the proxy.
 *
 * Printed at the end: per page, requests, errors (5xx, no answer), refusals (4xx with the shop's
 * message: a rule said no, as it would to a person), p50 and p95 in ms; requests cut by the kill
 * (those in flight on the killed instance: the proxy does not resend a request an instance took,
 * so that a post never takes effect twice); and the orders the shop acknowledged (a redirect to
 * the order list with the order's number) checked against the database: every one must be there.
 * Exits 1 when a request failed outside the kill or an acknowledged order is missing.
 */
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import ExcelJS from "exceljs";
import pg from "pg";
import { startCluster, type Cluster } from "./cluster";

const { values } = parseArgs({
  options: {
    dealers: { type: "string", default: "200" },
    minutes: { type: "string", default: "10" },
    "kill-at": { type: "string", default: "5" },
    port: { type: "string", default: "3700" },
  },
});
const DEALERS = Number(values.dealers);
const MINUTES = Number(values.minutes);
const KILL_AT = Number(values["kill-at"]);
const PORT = Number(values.port);
const DATABASE = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const log = (message: string) => console.error(`[soak] ${message}`);
const think = () => new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 4000));
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];

/** Per page: the answer times of the requests that succeeded, and the failures. */
const timings = new Map<string, number[]>();
const failures = new Map<string, string[]>();
/** Per page: answers 4xx with the shop's message (a rule refused the step, e.g. a product that cannot be ordered): not errors */
const refusals = new Map<string, string[]>();
let cutByKill = 0;
/** When instance a ended (its exit, not the signal), once it has been killed */
let death: Promise<number> | null = null;
const acknowledged: string[] = [];

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

/** One simulated dealer: a session cookie and the pages it asks for. */
class Dealer {
  private cookie = "";
  constructor(
    private readonly base: string,
    readonly code: string,
    /** the dealer's own network address: the soak runs on the proxy's machine, which the shop trusts to name it */
    private readonly address: string,
  ) {}

  /** A request as the shop's own page makes it; answers null when it failed (counted). */
  async request(page: string, path: string, init: { method?: string; body?: BodyInit; form?: Record<string, string> } = {}) {
    const started = performance.now();
    const headers: Record<string, string> = { cookie: this.cookie, origin: this.base, "x-forwarded-for": this.address };
    let body = init.body;
    if (init.form) {
      body = new URLSearchParams(init.form);
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    try {
      const answer = await fetch(this.base + path, { method: init.method ?? (body ? "POST" : "GET"), headers, body, redirect: "manual" });
      const text = await answer.text();
      const session = answer.headers.getSetCookie().find((c) => c.startsWith("shop_session="));
      if (session) this.cookie = session.split(";")[0];
      const message = /role="alert"[^>]*>([^<]{0,120})/.exec(text)?.[1];
      if (answer.status >= 400 && answer.status < 500 && message) {
        (refusals.get(page) ?? refusals.set(page, []).get(page)!).push(`${answer.status} ${message}`);
        return { status: answer.status, location: null, text };
      }
      if (answer.status >= 400) throw new Error(`${answer.status} ${message ?? ""}`.trim());
      (timings.get(page) ?? timings.set(page, []).get(page)!).push(performance.now() - started);
      return { status: answer.status, location: answer.headers.get("location"), text };
    } catch (e) {
      // in flight on instance a when it was killed: cut by the kill (the proxy does not resend a
      // request an instance took), not a failure of the shop
      const diedAt = death ? await death : null;
      if (diedAt !== null && started < diedAt) {
        cutByKill++;
        return null;
      }
      // fetch says "fetch failed" and names the reason in its cause (ECONNRESET, UND_ERR_SOCKET…)
      const cause = e instanceof Error && e.cause instanceof Error ? ` (${(e.cause as { code?: string }).code ?? e.cause.message})` : "";
      const at = diedAt === null ? "" : ` ${Math.round((started - diedAt) / 100) / 10} s after instance a ended`;
      (failures.get(page) ?? failures.set(page, []).get(page)!).push(`${this.code} ${path.slice(0, 60)}: ${e instanceof Error ? e.message : e}${cause}${at}`);
      return null;
    }
  }

  async signIn() {
    const answer = await this.request("sign-in", "/shop_login", { form: { code: this.code, password: "Demo2026" } });
    if (answer?.status !== 302) throw new Error(`${this.code} could not sign in: ${answer?.status ?? [...failures.values()].flat().join("; ")}`);
  }
}

async function importFile(codes: string[]): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("订单导入");
  sheet.addRow(["订货号", "数量"]);
  for (const code of codes) sheet.addRow([code, 10]);
  return new Blob([await book.xlsx.writeBuffer()]);
}

/** One step of a dealer's visit, chosen by weight: mostly reading, sometimes buying. */
async function step(dealer: Dealer, catalogue: { series: string[]; codes: string[] }) {
  const roll = Math.random();
  if (roll < 0.2) await dealer.request("home", "/homePage");
  else if (roll < 0.4) await dealer.request("series", pick(catalogue.series));
  else if (roll < 0.55) await dealer.request("product", `/item?code=${encodeURIComponent(pick(catalogue.codes))}`);
  else if (roll < 0.7) await dealer.request("search", `/searchProduct?keyWord=${encodeURIComponent(pick(["cnmg", "wnmg 0804", "刀片", "PCLNR", "YBC252"]))}`);
  else if (roll < 0.85) await dealer.request("cart-add", "/shopCart?index", { form: { intent: "quick", text: `${pick(catalogue.codes)} 10` } });
  else if (roll < 0.95) {
    const page = await dealer.request("fill-order", "/order/fillOrder");
    const token = page && /name="token" value="([^"]+)"/.exec(page.text)?.[1];
    const addressId = page && /name="addressId"[^>]*value="(\d+)"/.exec(page.text)?.[1];
    if (!token || !addressId) return; // an empty cart: nothing to order yet
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const placed = await dealer.request("order", "/order/fillOrder", {
      form: { intent: "submit", token, addressId, paymentMethod: "prepayment", expectedDeliveryDate: inAWeek },
    });
    const orderNo = placed?.location && /orderNo=(SO\d{8}W\d+)/.exec(placed.location)?.[1];
    if (orderNo) acknowledged.push(orderNo);
  } else {
    const form = new FormData();
    form.set("file", await importFile([pick(catalogue.codes), pick(catalogue.codes)]), "soak.xlsx");
    await dealer.request("import", "/order/import?index", { body: form });
  }
}

async function main() {
  if (!DATABASE?.startsWith("postgres")) throw new Error("set TEST_DATABASE_URL (or DATABASE_URL) to a PostgreSQL database");
  const schema = `soak_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: DATABASE });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(DATABASE);
  url.searchParams.set("schema", schema);
  let cluster: Cluster | null = null;
  try {
    log(`starting two instances and HAProxy on ${PORT} (schema ${schema})…`);
    cluster = await startCluster({
      port: PORT,
      databaseUrl: url.toString(),
      env: {
        DEMO_DATA: "on",
        DEMO_PRODUCTS: "2000",
        LOGIN_CAPTCHA: "off",
        LOG_LEVEL: "warn",
        RATE_LIMIT_POSTS_PER_MINUTE: "100000",
        SHOW_DEMO_ACCOUNTS: "off",
      },
    });
    await admin.query(`set search_path to ${schema}`);
    // the dealers: copies of XCD000001 (same customer, roles and entities), each its own cart
    // dealer codes are XCD or DPC and six letters or digits (ACCOUNT_CODE_RE): XCDS00001 …
    const codes = Array.from({ length: DEALERS }, (_, i) => `XCDS${String(i + 1).padStart(5, "0")}`);
    const source = (await admin.query(`select * from app_user where code = 'XCD000001'`)).rows[0] as Record<string, unknown>;
    const { id: sourceId, ...row } = source;
    const columns = Object.keys(row);
    for (const code of codes) {
      const values = columns.map((c) => (c === "code" ? code : c === "email" ? `${code.toLowerCase()}@soak.test` : row[c]));
      const inserted = await admin.query(
        `insert into app_user (${columns.join(",")}) values (${columns.map((_, i) => `$${i + 1}`).join(",")}) returning id`,
        values,
      );
      const id = inserted.rows[0].id as number;
      await admin.query(`insert into user_role (user_id, role_id) select $1, role_id from user_role where user_id = $2`, [id, sourceId]);
      await admin.query(`insert into user_tenant (user_id, tenant_id, is_default) select $1, tenant_id, is_default from user_tenant where user_id = $2`, [
        id,
        sourceId,
      ]);
    }
    const series = (
      await admin.query(`select n3.code, n3.parent_code from catalogue_node n3 where n3.level = 3 and n3.show_flag = 1 order by n3.code limit 40`)
    ).rows.map(
      (r: { code: string; parent_code: string }) =>
        `/product/productThird?catalogueCode=${encodeURIComponent(r.code)}&parentCode=${encodeURIComponent(r.parent_code)}`,
    );
    // What a dealer orders is what it can order: active, priced, 10 pieces allowed by the minimum
    // and the pack size, and in stock in the dealers' company entity (random codes would fill the
    // carts with lines the shop rightly refuses at the order, and the order posts would measure that)
    const orderingCodes = (
      await admin.query(
        `select p.ordering_code from product p
           join stock s on s.product_id = p.id
           join user_tenant ut on ut.tenant_id = s.tenant_id and ut.is_default = 1
           join app_user u on u.id = ut.user_id and u.code = 'XCDS00001'
          where p.status = 'active' and coalesce(s.list_price, p.list_price) > 0
            and p.moq <= 10 and 10 % p.mpq = 0 and s.available >= 500
          order by p.id limit 300`,
      )
    ).rows.map((r: { ordering_code: string }) => r.ordering_code);
    if (orderingCodes.length < 20) throw new Error(`only ${orderingCodes.length} orderable products in the demo data`);
    const catalogue = { series, codes: orderingCodes };

    log(`${DEALERS} dealers sign in…`);
    // each from an address of its own, as dealers are: from one address, the login throttle would
    // rightly ask the sixth account signing in for the code (decision 055)
    const dealers = codes.map((code, i) => new Dealer(cluster!.base, code, `10.${Math.floor(i / 250)}.${i % 250}.1`));
    for (let i = 0; i < dealers.length; i += 10) await Promise.all(dealers.slice(i, i + 10).map((d) => d.signIn()));
    const deadline = Date.now() + MINUTES * 60_000;
    const killer =
      KILL_AT > 0
        ? setTimeout(() => {
            log("killing instance a with SIGKILL");
            const victim = cluster!.instances[0].process;
            // the kill's moment is the process's end, not the signal: until it has exited, the
            // instance still takes the requests the proxy sends it, and they are in flight at its end
            death = new Promise((resolve) => victim.once("exit", () => resolve(performance.now())));
            victim.kill("SIGKILL");
          }, KILL_AT * 60_000)
        : null;
    log(`soaking for ${MINUTES} min${KILL_AT > 0 ? `, instance a killed at ${KILL_AT} min` : ""}…`);
    await Promise.all(
      dealers.map(async (dealer) => {
        await think();
        while (Date.now() < deadline) {
          await step(dealer, catalogue);
          await think();
        }
      }),
    );
    if (killer) clearTimeout(killer);

    const found = new Set(
      (await admin.query(`select order_no from sales_order where order_no = any($1)`, [acknowledged])).rows.map((r: { order_no: string }) => r.order_no),
    );
    const lost = acknowledged.filter((n) => !found.has(n));
    const pages = [...new Set([...timings.keys(), ...failures.keys()])].sort();
    console.log(`page           requests  errors  refused   p50 ms   p95 ms`);
    for (const page of pages) {
      const times = (timings.get(page) ?? []).sort((a, b) => a - b);
      const errors = failures.get(page)?.length ?? 0;
      const refused = refusals.get(page)?.length ?? 0;
      console.log(
        `${page.padEnd(14)} ${String(times.length + errors + refused).padStart(8)}  ${String(errors).padStart(6)}  ${String(refused).padStart(7)}  ${percentile(times, 50).toFixed(0).padStart(7)}  ${percentile(times, 95).toFixed(0).padStart(7)}`,
      );
    }
    console.log(`cut by the kill: ${cutByKill}; orders acknowledged: ${acknowledged.length}, missing from the database: ${lost.length}`);
    for (const [page, list] of failures) for (const line of list.slice(0, 5)) console.log(`  error ${page}: ${line}`);
    for (const [page, list] of refusals) for (const line of [...new Set(list)].slice(0, 3)) console.log(`  refused ${page}: ${line}`);
    process.exitCode = failures.size > 0 || lost.length > 0 ? 1 : 0;
  } finally {
    await cluster?.stop();
    await admin.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await admin.end();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
