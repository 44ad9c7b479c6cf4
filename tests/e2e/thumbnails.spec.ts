import type { Locator, Page } from "@playwright/test";
import { cloneUser, uniqueCode } from "./auth-helpers";
import { expect, JS_OFF, JS_ON, openE2eDb, seriousViolations, test } from "./fixtures";

/**
 * Issue 29 item 7, decision 069: category tiles, product list rows, search results, cart lines and
 * the order form's lines show the product's picture (a cached SVG of its shape), with JavaScript
 * on and off; the pages stay free of serious axe findings and of sideways scrolling at 360 px.
 */
const INSERT = "CNMG120408-DM YBC252";
const HOLDER = "PCLNR2525M12";

/** The picture is served and decoded by the browser (not a broken image). */
async function expectDecoded(thumb: Locator) {
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

async function expectNoSidewaysScrollAt360(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("category tiles show their family's picture", { tag: JS_ON }, async ({ page }) => {
  await page.goto("/product");
  const tiles = page.locator(".node-card");
  await expect(tiles.first()).toBeVisible();
  // every tile has one picture, beside its title
  await expect(tiles.getByTestId("thumb")).toHaveCount(await tiles.count());
  const turning = tiles.filter({ hasText: "车削刀具" }).getByTestId("thumb");
  await expect(turning).toHaveAttribute("data-shape", "C");
  await expectDecoded(turning);
  await expect(tiles.filter({ hasText: "刀杆刀体" }).getByTestId("thumb")).toHaveAttribute("data-shape", "holder");
  await expect(tiles.filter({ hasText: "整体硬质合金刀具" }).getByTestId("thumb")).toHaveAttribute("data-shape", "end-mill");
  // decorative: the title beside it names the family
  await expect(turning).toHaveAttribute("alt", "");
  expect(await seriousViolations(page)).toEqual([]);

  await tiles.filter({ hasText: "车削刀具" }).getByRole("link", { name: "车削刀具" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "车削刀具" })).toBeVisible();
  await expect(page.locator(".node-card", { hasText: "切槽切断刀片" }).getByTestId("thumb")).toHaveAttribute("data-shape", "groove");
  await expectDecoded(page.locator(".node-card", { hasText: "负前角车削刀片" }).getByTestId("thumb"));
  await expectNoSidewaysScrollAt360(page);
});

test("product list rows and search results show each product's shape", { tag: JS_ON }, async ({ page, loginAs }) => {
  test.setTimeout(120_000); // three pages, two of them checked by axe
  await loginAs("XCD000001");
  await page.goto("/product/productFourth?catalogueCode=L4-TURN-NEG-C-M&parentCode=L3-TURN-NEG-C");
  const rows = page.locator(".product-table tbody tr");
  await expect(rows.first()).toBeVisible();
  await expect(rows.getByTestId("thumb")).toHaveCount(await rows.count());
  for (const shape of await rows.getByTestId("thumb").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("data-shape")))) expect(shape).toBe("C");
  await expectDecoded(rows.first().getByTestId("thumb"));
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSidewaysScrollAt360(page);

  await page.goto(`/searchProduct?keyWord=${encodeURIComponent(HOLDER)}`);
  const holder = page.locator(`.product-table tr[data-code='${HOLDER}']`).getByTestId("thumb");
  await expect(holder).toHaveAttribute("data-shape", "holder");
  await expectDecoded(holder);

  await page.goto(`/searchProduct?keyWord=${encodeURIComponent("cnmg 120408")}`);
  const insert = page.locator(`.product-table tr[data-code='${INSERT}']`).getByTestId("thumb");
  await expect(insert).toHaveAttribute("data-shape", "C");
  await expectDecoded(insert);
  expect(await seriousViolations(page)).toEqual([]);
});

test("cart lines (table and cards) and the order form's lines show the product's shape", { tag: JS_ON }, async ({ page, loginAs }, testInfo) => {
  test.setTimeout(120_000); // two cart views and the order form, each checked by axe
  // a cart of its own: a fresh copy of the master account, its two lines put straight into it
  // (adding to the cart is cart.spec.ts's journey)
  const code = uniqueCode(testInfo);
  cloneUser("XCD000001", code);
  const db = openE2eDb();
  try {
    const user = db.prepare("select id, customer_id from app_user where code = ?").get(code) as { id: number; customer_id: number };
    const tenant = db.prepare("select tenant_id as id from user_tenant where user_id = ? order by is_default desc, tenant_id limit 1").get(user.id) as {
      id: number;
    };
    const add = db.prepare(
      "insert into cart_item (tenant_id, customer_id, user_id, product_id, qty, selected, updated_at) select ?, ?, ?, id, max(moq, mpq), 1, ? from product where ordering_code = ?",
    );
    for (const product of [INSERT, HOLDER]) add.run(tenant.id, user.customer_id, user.id, new Date().toISOString(), product);
  } finally {
    db.close();
  }
  await loginAs(code);

  for (const view of ["/shopCart", "/shopCart/shopCard"]) {
    await page.goto(view);
    const insert = page.locator(`[data-testid=cart-line][data-code='${INSERT}']`).getByTestId("thumb");
    await expect(insert).toHaveAttribute("data-shape", "C");
    await expectDecoded(insert);
    await expect(page.locator(`[data-testid=cart-line][data-code='${HOLDER}']`).getByTestId("thumb")).toHaveAttribute("data-shape", "holder");
    expect(await seriousViolations(page), view).toEqual([]);
    await expectNoSidewaysScrollAt360(page);
  }

  await page.goto("/order/fillOrder");
  const lines = page.getByTestId("fill-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: HOLDER }).getByTestId("thumb")).toHaveAttribute("data-shape", "holder");
  await expectDecoded(lines.filter({ hasText: INSERT }).getByTestId("thumb"));
  expect(await seriousViolations(page)).toEqual([]);
});

test("a picture is one cacheable SVG per shape, the same for everyone; an unknown shape is 404", { tag: JS_OFF }, async ({ request }) => {
  const answer = await request.get("/thumbnail/C?v=1");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("image/svg+xml");
  expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(answer.headers()["set-cookie"]).toBeUndefined();
  expect(await answer.text()).toContain("<svg");
  expect((await request.get("/thumbnail/nope?v=1")).status()).toBe(404);
});
