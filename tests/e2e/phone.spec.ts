import type { Locator, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { cloneUser, cloneUserIn, uniqueCode } from "./auth-helpers";
import { expect, JS_ON, jsOn, openE2eDb, test } from "./fixtures";
import { addDemoCartLine, DEALER, useLanguage } from "./journey-pages";

/**
 * Issue 15, phones and a laptop: what a dealer needs is on screen without scrolling sideways.
 * Pure CSS, so the same with JavaScript on and off (both projects run it).
 */

/** The element's box lies within 0…width of the viewport (and it is visible). */
async function expectInsideViewport(locator: Locator, width: number, what: string) {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(width);
}

/** A copy of the demo master whose saved language is `lang` (a signed-in page follows it). */
const dealerIn = (lang: "zh" | "en", code: string) => cloneUserIn(DEALER, code, lang);

async function expectTwoRowTopBar(page: Page, width: number) {
  const topbar = await page.locator(".topbar").boundingBox();
  const welcome = await page.getByTestId("welcome").boundingBox();
  const actions = await page.locator(".topbar-actions").boundingBox();
  // one line each (the welcome line is cut with an ellipsis), so the bar is two compact rows
  expect(welcome!.height, "welcome line: one row").toBeLessThanOrEqual(30);
  expect(actions!.height, "account actions: one row").toBeLessThanOrEqual(30);
  expect(topbar!.height, "top bar: at most two rows").toBeLessThanOrEqual(60);
  for (const item of await page.locator(".topbar-actions > *").all()) await expectInsideViewport(item, width, "a top-bar action");
}

for (const [width, height] of [
  [390, 844],
  [360, 780],
] as const) {
  test(
    `at ${width} px the orders are cards: number, status, amount and view link on screen; two-row top bar; the menu shows it scrolls`,
    { tag: JS_ON },
    async ({ page, loginAs }, testInfo) => {
      await page.setViewportSize({ width, height });
      await loginAs(dealerIn("zh", `XCD97${jsOn(testInfo) ? 1 : 2}${width === 390 ? 1 : 2}00`));
      await page.goto("/order/order");
      await expectTwoRowTopBar(page, width);

      const row = page.getByTestId("order-row").first();
      await row.scrollIntoViewIfNeeded();
      await expectInsideViewport(row.locator("td[data-col=orderNo] a"), width, "order number");
      await expectInsideViewport(row.locator(".status"), width, "status");
      await expectInsideViewport(row.locator("td[data-col=payable]"), width, "payable amount");
      await expectInsideViewport(row.getByTestId("order-view"), width, "view link");
      // each stacked cell says what it is
      expect(await row.locator("td[data-col=payable]").getAttribute("data-label")).toBe("应付金额");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // the main menu scrolls sideways: its items snap, and a fade on the right edge shows there is more
      const menu = await page.locator(".main-menu > ul").evaluate((ul) => ({
        scrolls: ul.scrollWidth > ul.clientWidth,
        snap: getComputedStyle(ul).scrollSnapType,
        fade: getComputedStyle(ul.closest(".menu-bar")!, "::after").backgroundImage,
        fadeWidth: parseFloat(getComputedStyle(ul.closest(".menu-bar")!, "::after").width),
      }));
      expect(menu.scrolls).toBe(true);
      expect(menu.snap).toMatch(/^x/);
      expect(menu.fade).toContain("linear-gradient");
      expect(menu.fadeWidth).toBeGreaterThan(20);

      await page.goto("/order/myRecord");
      const record = page.getByTestId("record-row").first();
      await record.scrollIntoViewIfNeeded();
      for (const [label, cell] of [
        ["order number", record.locator("td").nth(1).locator("a")],
        ["ordering code", record.locator("td").nth(2).locator(".code")],
        ["quantity", record.locator("td").nth(3)],
        ["tracking number", record.locator("td").nth(6)],
      ] as const) {
        await expectInsideViewport(cell, width, `record ${label}`);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    },
  );
}

test(
  "at 1366×900 in English the sub-accounts' edit and delete actions are inside the window and the table's box",
  { tag: JS_ON },
  async ({ page, loginAs, baseURL }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const master = dealerIn("en", `XCD96${jsOn(testInfo) ? 1 : 2}000`);
    // a sub-account of this master with a long (real-world) name and e-mail address
    const subCode = `XCD96${jsOn(testInfo) ? 1 : 2}001`;
    cloneUser("XCD000002", subCode, `procurement.department.${subCode.toLowerCase()}@hunan-jinggong-cutting-tools.example`);
    const db = openE2eDb();
    try {
      db.prepare("update app_user set master_user_id = (select id from app_user where code = ?), name = ? where code = ?").run(
        master,
        "Procurement Department (Changsha Branch)",
        subCode,
      );
    } finally {
      db.close();
    }
    await useLanguage(page, "en", baseURL!);
    await loginAs(master);
    await page.goto("/order/subAccount");
    const row = page.getByTestId(`account-${subCode}`);
    const scroller = await page.locator(".sub-accounts .table-scroll").boundingBox();
    for (const action of [row.getByRole("link", { name: /^Edit/ }), row.locator("summary", { hasText: "Delete" })]) {
      await expectInsideViewport(action, 1366, "action");
      const box = (await action.boundingBox())!;
      expect(box.x, "inside the table's box").toBeGreaterThanOrEqual(scroller!.x);
      expect(box.x + box.width, "inside the table's box").toBeLessThanOrEqual(scroller!.x + scroller!.width);
    }
    expect(await page.locator(".sub-accounts .table-scroll").evaluate((s) => s.scrollWidth <= s.clientWidth), "no sideways scrolling").toBe(true);
  },
);

/**
 * Issue 29 item 2 (decision 068): on a phone every table's key facts and actions are on screen —
 * cards (`.stack-table`) where a row is read, a sideways scroll that says so where a table stays a
 * table — and the back office's top bar is compact.
 */
test.describe("issue 29 item 2: phones show what matters", () => {
  /** A copy of one of dealer A's orders in company 1000, for `code`, waiting for an answer to a proposed date. */
  function proposedOrder(code: string, orderNo: string, proposed: string) {
    const db = openE2eDb();
    try {
      const from = db
        .prepare(
          `select o.* from sales_order o join app_user u on u.customer_id = o.customer_id
           where u.code = ? and o.tenant_id = (select id from tenant where code = '1000') order by o.id limit 1`,
        )
        .get(DEALER) as Record<string, unknown>;
      const { id, ...row } = from;
      const userId = (db.prepare("select id from app_user where code = ?").get(code) as { id: number }).id;
      Object.assign(row, { order_no: orderNo, status: "date_proposed", user_id: userId, submit_token: null });
      const cols = Object.keys(row);
      const info = db.prepare(`insert into sales_order (${cols.join(",")}) values (${cols.map(() => "?").join(",")})`).run(...cols.map((c) => row[c]));
      db.prepare(
        `insert into order_line (order_id, line_no, product_id, ordering_code, name_zh, name_en, qty, unit_price, discount_amount, amount, esd, ship_date, requested_date)
         select ?, line_no, product_id, ordering_code, name_zh, name_en, qty, unit_price, discount_amount, amount, esd, ?, ship_date
         from order_line where order_id = ?`,
      ).run(info.lastInsertRowid, proposed, id);
      db.prepare(
        `insert into notice (user_id, tenant_id, type, title_zh, title_en, body_zh, body_en, order_no, is_read)
         values (?, ?, 'erp_delivery_feedback', ?, ?, ?, ?, ?, 0)`,
      ).run(userId, row.tenant_id, `订单 ${orderNo} 交期反馈`, `Delivery date of order ${orderNo}`, `建议交期 ${proposed}`, `Proposed ${proposed}`, orderNo);
    } finally {
      db.close();
    }
  }

  async function expectNoSidewaysScroll(page: Page, width: number, what: string) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what}: the page does not scroll sideways`).toBeLessThanOrEqual(width);
  }

  for (const lang of ["zh", "en"] as const) {
    test(`at 390 px (${lang}) the proposed date and agree, sub-account actions, ship dates, import results and message actions are on screen; nothing scrolls sideways at 360 px`, async ({
      page,
      loginAs,
    }, testInfo) => {
      test.setTimeout(90_000);
      const width = 390;
      await page.setViewportSize({ width, height: 844 });
      const code = uniqueCode(testInfo);
      cloneUserIn(DEALER, code, lang);
      const subCode = `${code.slice(0, -1)}${jsOn(testInfo) ? "7" : "8"}`.replace(/^XCD/, "XCE");
      cloneUser("XCD000002", subCode, `procurement.department.${subCode.toLowerCase()}@hunan-jinggong-cutting-tools.example`);
      const orderNo = `SO20261127P${code.slice(-6)}`;
      proposedOrder(code, orderNo, "2027-03-01");
      const db = openE2eDb();
      try {
        db.prepare("update app_user set master_user_id = (select id from app_user where code = ?) where code = ?").run(code, subCode);
        addDemoCartLine(db, code);
      } finally {
        db.close();
      }
      await loginAs(code);
      const en = lang === "en";
      const visited: string[] = [];

      // the delivery-date proposal: the proposed date of each line and the agree button
      visited.push(`/order/orderDetails?orderNo=${orderNo}`);
      await page.goto(visited.at(-1)!);
      const proposal = page.getByTestId("date-proposal");
      const proposed = proposal.locator("td[data-col=proposed]").first();
      await proposed.scrollIntoViewIfNeeded();
      await expect(proposed).toHaveText("2027-03-01");
      await expectInsideViewport(proposed, width, "proposed ship date");
      expect(await proposed.getAttribute("data-label")).toBe(en ? "Proposed ship date" : "建议发货日期");
      const agree = proposal.getByRole("button", { name: en ? "Agree" : "同意", exact: true });
      await agree.scrollIntoViewIfNeeded();
      await expectInsideViewport(agree, width, "agree button");
      await expectNoSidewaysScroll(page, width, "order details");

      // sub-accounts: edit and delete of a sub-account with a long e-mail address, and the confirmation
      visited.push("/order/subAccount");
      await page.goto(visited.at(-1)!);
      const row = page.getByTestId(`account-${subCode}`);
      const edit = row.getByRole("link", { name: en ? /^Edit/ : /^编辑/ });
      const del = row.locator("summary", { hasText: en ? "Delete" : "删除" });
      await edit.scrollIntoViewIfNeeded();
      await expectInsideViewport(edit, width, "edit");
      await expectInsideViewport(del, width, "delete");
      await del.click();
      const confirm = row.locator(".confirm-panel button[type=submit]");
      await confirm.scrollIntoViewIfNeeded();
      await expectInsideViewport(confirm, width, "confirm delete");
      await expectNoSidewaysScroll(page, width, "sub-accounts");

      // fill order: the ship-date input of each line
      visited.push("/order/fillOrder");
      await page.goto(visited.at(-1)!);
      const shipDate = page.getByTestId("fill-line").first().locator("input[type=date]");
      await shipDate.scrollIntoViewIfNeeded();
      await expectInsideViewport(shipDate, width, "ship-date input");
      await expectNoSidewaysScroll(page, width, "fill order");

      // messages: the action of each message is on screen and its kind tag is one line
      visited.push("/order/myMessage");
      await page.goto(visited.at(-1)!);
      const message = page.getByTestId("messages-table").locator("tr", { hasText: orderNo });
      await expectInsideViewport(message.getByRole("button", { name: en ? "Open order" : "查看订单" }), width, "message action");
      for (const tag of await page.getByTestId("messages-table").locator(".tag").all()) {
        expect((await tag.boundingBox())!.height, "a kind tag on one line").toBeLessThanOrEqual(24);
      }
      await expectNoSidewaysScroll(page, width, "messages");

      // the import report: its result column is readable
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet("订单导入");
      for (const r of [
        ["订货号", "数量"],
        ["CNMG120408-DM YBC252", 3],
        ["NOPE-123", 1],
      ])
        ws.addRow(r);
      await page.goto("/order/import");
      await page.locator("input[type=file]").setInputFiles({
        name: "orders.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: Buffer.from(await wb.xlsx.writeBuffer()),
      });
      await page.getByRole("button", { name: en ? "Upload and import" : "上传并导入" }).click();
      await expect(page.getByTestId("import-done")).toBeVisible({ timeout: 30_000 }); // the job queue may be busy with other tests' imports
      visited.push(new URL(page.url()).pathname + new URL(page.url()).search);
      const result = page.getByTestId("import-report").locator("td[data-col=result]").last();
      await result.scrollIntoViewIfNeeded();
      await expect(result).toContainText(en ? "Unknown ordering code" : "订货号不存在");
      await expectInsideViewport(result, width, "import result");
      expect((await result.boundingBox())!.width, "the result column is readable").toBeGreaterThanOrEqual(80);
      await expectNoSidewaysScroll(page, width, "import report");

      // at 360 px none of these pages scrolls sideways
      await page.setViewportSize({ width: 360, height: 780 });
      for (const url of visited) {
        await page.goto(url);
        await expectNoSidewaysScroll(page, 360, url);
      }
    });
  }

  test(
    "at 390 px the back office's top bar is one row with its tools in a menu, and a wide list says it scrolls sideways",
    { tag: JS_ON },
    async ({ page, loginAs }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await loginAs("EMP000001");
      await page.goto("/system/orders");
      const bar = page.locator(".admin-topbar");
      expect((await bar.boundingBox())!.height, "top bar: at most two rows").toBeLessThanOrEqual(96);
      await expect(page.getByTestId("user-menu")).toBeHidden();
      const tools = page.getByTestId("tools-menu");
      await expectInsideViewport(tools, 390, "tools menu");
      await expect(tools).toHaveAccessibleName("工具与账户");
      await tools.click();
      const user = page.getByTestId("user-menu");
      await expectInsideViewport(user, 390, "account menu");
      await user.click();
      await expectInsideViewport(page.getByRole("link", { name: "个人中心" }), 390, "profile link");
      await expectInsideViewport(page.getByTestId("size-menu"), 390, "layout size");

      // the desk's list stays a table and says it scrolls; its region is described by the hint
      const hint = page.locator(".scroll-hint").first();
      await expect(hint).toBeVisible();
      await expect(hint).toContainText("左右滑动表格可查看更多列");
      const region = page.getByRole("region", { name: "订单列表" });
      await expect(region).toHaveAccessibleDescription(/左右滑动表格可查看更多列/);
      expect(await region.evaluate((r) => r.scrollWidth > r.clientWidth), "the list scrolls in its box").toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // wide, the tools stand in the bar without the menu button, and the hint is gone
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto("/system/orders");
      await expect(page.getByTestId("tools-menu")).toBeHidden();
      await expect(page.getByTestId("user-menu")).toBeVisible();
      await expect(page.getByTestId("size-menu")).toBeVisible();
      await expect(page.locator(".scroll-hint").first()).toBeHidden();
    },
  );
});
