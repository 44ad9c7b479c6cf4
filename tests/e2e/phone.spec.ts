import type { Locator, Page } from "@playwright/test";
import { cloneUser, cloneUserIn } from "./auth-helpers";
import { expect, jsOn, openE2eDb, test } from "./fixtures";
import { DEALER, useLanguage } from "./journey-pages";

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
  test(`at ${width} px the orders are cards: number, status, amount and view link on screen; two-row top bar; the menu shows it scrolls`, async ({
    page,
    loginAs,
  }, testInfo) => {
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
  });
}

test("at 1366×900 in English the sub-accounts' edit and delete actions are inside the window and the table's box", async ({
  page,
  loginAs,
  baseURL,
}, testInfo) => {
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
});
