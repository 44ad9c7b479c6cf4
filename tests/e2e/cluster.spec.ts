import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import pg from "pg";
import { startCluster, type Cluster } from "../../scripts/cluster";
import { loginWithForm } from "./auth-helpers";
import { expect, test } from "./fixtures";

/**
 * Two instances behind HAProxy on one PostgreSQL database (issue 31, decision 080), started by
 * this file with `npm run cluster`'s own code on a schema of its own: a dealer's session, cart and
 * order go from one instance to the other; a menu renamed and a maintenance window set through one
 * instance show on the other at once (LISTEN/NOTIFY, decision 077); an instance killed with
 * SIGKILL during an import leaves its dealers to the other, still signed in, and its import is
 * failed visibly by the other's sweep, not left running (decision 082); a file uploaded through one instance
 * downloads through the other (FILE_STORE=database). Each instance has a content folder of its
 * own, as on machines of their own. Everything goes through the proxy (the shop's one origin,
 * PUBLIC_URL: a form posted to an instance's own address is refused as cross-site); a page is sent
 * to one instance by the proxy's `instance` cookie.
 *
 * It needs PostgreSQL (TEST_DATABASE_URL, set by .ci/run) and Debian's haproxy (installed by
 * .ci/run), and runs in the JavaScript-off project only (playwright.config.ts): it is about the
 * servers, and every page here works with forms.
 */
const DATABASE = process.env.TEST_DATABASE_URL;
const PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
const schema = `cluster_${crypto.randomBytes(4).toString("hex")}`;
let cluster: Cluster;

test.skip(!DATABASE, "needs PostgreSQL: TEST_DATABASE_URL (set by .ci/run)");
test.describe.configure({ mode: "serial" });

async function onDatabase(statement: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: DATABASE });
  await client.connect();
  try {
    return (await client.query(statement)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(400_000);
  await onDatabase(`create schema ${schema}`);
  const url = new URL(DATABASE!);
  url.searchParams.set("schema", schema);
  cluster = await startCluster({
    port: PORT,
    databaseUrl: url.toString(),
    workDir: test.info().outputPath(),
    contentDirs: (name) => test.info().outputPath(`content-${name}`),
    env: {
      JOB_STALL_SECONDS: "4",
      DEMO_DATA: "on",
      DEMO_PRODUCTS: "200",
      LOGIN_CAPTCHA: "off",
      LOG_LEVEL: "warn",
      SHOW_DEMO_ACCOUNTS: "off",
      RATE_LIMIT_POSTS_PER_MINUTE: "100000",
    },
  });
});

test.afterAll(async () => {
  await cluster?.stop();
  if (DATABASE) await onDatabase(`drop schema if exists ${schema} cascade; drop schema if exists ${schema}_jobs cascade`);
});

/** Signed in through the proxy in a browser context of its own, its pages sent to `instance`. */
async function signedIn(browser: Browser, instance: "a" | "b", signIn: "/shop_login" | "/login", code: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: cluster.base, javaScriptEnabled: false, locale: "zh-CN" })).newPage();
  await onInstance(page, instance);
  await page.goto(signIn);
  await loginWithForm(page, code);
  await page.waitForURL((url) => !url.pathname.includes("login"));
  return page;
}

/** The page's next requests go to `instance` (the proxy's cookie; scripts/cluster.ts). */
const onInstance = (page: Page, instance: "a" | "b") => page.context().addCookies([{ name: "instance", value: instance, url: cluster.base }]);

const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

test("a dealer signed in through the proxy keeps the session, the cart and the order on both instances", async ({ browser }) => {
  const dealer = await signedIn(browser, "a", "/shop_login", "XCD000001");
  // the cart filled on instance a
  await dealer.goto("/shopCart");
  await dealer.locator("#quick-text").fill("CNMG120408-DM YBC252 20");
  await dealer.getByRole("button", { name: "加入购物车" }).click();
  await expect(dealer.getByTestId("quick-report")).toContainText("1 行已加入");
  // seen and ordered on instance b
  await onInstance(dealer, "b");
  await dealer.goto("/shopCart");
  await expect(dealer.locator("[data-testid=cart-line][data-code='CNMG120408-DM YBC252'] input[type=number]")).toHaveValue("20");
  await dealer.getByRole("button", { name: "去结算" }).click();
  if (dealer.url().includes("confirm=promotions")) await dealer.getByRole("button", { name: "放弃促销，继续结算" }).click();
  await expect(dealer).toHaveURL(/\/order\/fillOrder/);
  await dealer.getByLabel("预付款（银行转账）").check();
  await dealer.locator("input[name=expectedDeliveryDate]").fill(inDays(20));
  await dealer.locator("input[name=poNo]").fill("CLUSTER-1");
  await dealer.getByRole("button", { name: "提交订单" }).click();
  await expect(dealer).toHaveURL(/\/order\/order\?tab=open&orderNo=SO\d{8}W\d+/);
  const orderNo = new URL(dealer.url()).searchParams.get("orderNo")!;
  // listed on instance a
  await onInstance(dealer, "a");
  await dealer.goto(`/order/order?tab=open&orderNo=${orderNo}`);
  await expect(dealer.locator(`[data-testid=order-row][data-order-no='${orderNo}']`)).toContainText("CLUSTER-1");
  await dealer.context().close();
});

test("a menu renamed through one instance shows on the other at once", async ({ browser }) => {
  const admin = await signedIn(browser, "a", "/login", "EMP000001");
  const dealer = await signedIn(browser, "b", "/shop_login", "XCD000002");
  const rename = async (title: string) => {
    await admin.goto("/system/menu?area=shop");
    await admin.locator('tr[data-name="downloadService"]').getByRole("link", { name: /编辑/ }).click();
    await admin.getByLabel("中文名称").fill(title);
    await admin.getByRole("button", { name: "保存" }).click();
    await expect(admin.getByTestId("flash")).toContainText("菜单已保存");
  };
  await dealer.goto("/homePage");
  await expect(dealer.locator("nav.main-menu")).toContainText("下载服务");
  await rename("资料下载中心");
  // instance b hears of it by NOTIFY; without it, only its 30 s backstop would: 5 s tell them apart on a busy machine
  await expect(async () => {
    await dealer.goto("/homePage");
    await expect(dealer.locator("nav.main-menu")).toContainText("资料下载中心", { timeout: 0 });
  }).toPass({ timeout: 5_000 });
  await rename("下载服务");
  await admin.context().close();
  await dealer.context().close();
});

/** "YYYY-MM-DDTHH:mm" in China time (the maintenance form's datetime-local fields), hours from now. */
const chinaTime = (hoursFromNow: number) => new Date(Date.now() + (hoursFromNow + 8) * 3_600_000).toISOString().slice(0, 16);

async function setMaintenance(admin: Page, instance: "a" | "b", from: number, to: number, state: string) {
  await onInstance(admin, instance);
  await admin.goto("/system/parameter/errorPage");
  await admin.getByLabel("维护开始时间").fill(chinaTime(from));
  await admin.getByLabel("维护结束时间").fill(chinaTime(to));
  await admin.getByRole("button", { name: "保存" }).click();
  await expect(admin.getByTestId("maintenance-state")).toContainText(state);
}

test("a maintenance window set through one instance closes the shop on both", async ({ browser }) => {
  const admin = await signedIn(browser, "a", "/login", "EMP000001");
  const dealer = await signedIn(browser, "b", "/shop_login", "XCD000002");
  await setMaintenance(admin, "a", -1, 1, "商城当前处于维护中");
  for (const instance of ["b", "a"] as const) {
    await onInstance(dealer, instance);
    await expect(async () => {
      await dealer.goto("/homePage");
      expect(new URL(dealer.url()).pathname).toBe("/errorPage");
    }).toPass({ timeout: 5_000 });
  }
  // ended through the other instance
  await setMaintenance(admin, "b", -3, -2, "商城当前正常开放");
  for (const instance of ["a", "b"] as const) {
    await onInstance(dealer, instance);
    await expect(async () => {
      await dealer.goto("/homePage");
      expect(new URL(dealer.url()).pathname).toBe("/homePage");
    }).toPass({ timeout: 5_000 });
  }
  await admin.context().close();
  await dealer.context().close();
});

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==", "base64");

test("a file uploaded through one instance downloads through the other", async ({ browser }) => {
  const dealer = await signedIn(browser, "a", "/shop_login", "XCD000003");
  await dealer.goto("/profile/index");
  await dealer.getByLabel("选择图片").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
  await dealer.getByTestId("profile-avatar-upload").click();
  await expect(dealer.getByText("头像已更新")).toBeVisible();
  const src = await dealer.getByTestId("profile-avatar").getAttribute("src");
  // instance b has a content folder of its own: the file comes from the database
  await onInstance(dealer, "b");
  const answer = await dealer.request.get(src!);
  expect(answer.status()).toBe(200);
  expect(Buffer.from(await answer.body()).equals(PNG)).toBe(true);
  await dealer.context().close();
});

/** An order import file of `rows` lines of one product (each line is checked and added on its own). */
async function importFile(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("订单导入");
  sheet.addRow(["订货号", "数量"]);
  for (let i = 0; i < rows; i++) sheet.addRow(["CNMG120408-DM YBC252", 10]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test("an instance killed with SIGKILL during an import: its dealers go on on the other, the import is never left running", async ({ browser }) => {
  test.setTimeout(180_000);
  const dealer = await signedIn(browser, "a", "/shop_login", "XCD000002");
  await dealer.goto("/order/import");
  const file = { name: "big.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: await importFile(2_000) };
  await dealer.locator("input[type=file]").setInputFiles(file);
  await dealer.getByRole("button", { name: "上传并导入" }).click();
  await expect(dealer).toHaveURL(/\/order\/import\/status\?id=\d+/);
  const status = dealer.url();
  // off the progress page, whose refresh would cut into the next navigation
  await dealer.goto("about:blank");
  const [first] = cluster.instances;
  first.process.kill("SIGKILL");
  await new Promise((resolve) => first.process.once("exit", resolve));
  // the proxy sends a refused connection to the other instance at once; its health check drops the dead one within 2 s
  for (let i = 0; i < 3; i++) {
    const answer = await dealer.goto("/order/order");
    expect(answer?.status()).toBe(200);
    await expect(dealer).toHaveURL(/\/order\/order/);
  }
  // Either worker may have taken the job from pg-boss. Taken by a, its heartbeat stopped with its
  // process: within the stall time and a half (JOB_STALL_SECONDS=4 here) instance b's sweep marks it
  // failed and its page says why. Not taken yet, or taken by b, b imports it to the end. 2,000 rows:
  // a worker takes the job within a second of the upload and needs several seconds for them, so a
  // that took it is killed in the middle; 10,000 took b over 90 s in CI, the e2e workers beside it.
  await expect(async () => {
    await dealer.goto(status);
    await expect(dealer.getByTestId("import-progress")).toHaveCount(0, { timeout: 0 });
  }).toPass({ timeout: 90_000 });
  const outcome = dealer.getByRole("alert").or(dealer.getByTestId("import-done"));
  await expect(outcome).toContainText(/导入中断：服务器在导入过程中停止|行已加入购物车/);
  // the import went through pg-boss (its schema next to the shop's), whichever instance's worker took it
  expect(await onDatabase(`select name from ${schema}_jobs.job where name = 'order-import'`)).toEqual([{ name: "order-import" }]);
  test.info().annotations.push({ type: "import", description: (await outcome.textContent()) ?? "" });
  await dealer.context().close();
});
