import ExcelJS from "exceljs";
import type { Page, TestInfo } from "@playwright/test";
import { cloneUser, uniqueCode } from "./auth-helpers";
import { expect, jsOn, openE2eDb, seriousViolations, test } from "./fixtures";

/**
 * The order desk (issue 17) with JavaScript on and off: a dealer's order waits for review, the
 * desk (EMP000002) proposes a date, the dealer agrees, the desk confirms and ships in two parts;
 * the dealer sees notices and delivery records. A cancellation by the desk gives the stock back.
 * Dealers no other journey uses: XCD000103 (js-on) and XCD000105 (js-off), with their own products.
 */
// The review, cancellation, shipment import and partial-shipment tests share the file's dealers,
// their cart and products and the desk's newest orders: in order, in one worker (decision 087).
test.describe.configure({ mode: "default" });

const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
const dealerOf = (testInfo: TestInfo) => (jsOn(testInfo) ? "XCD000103" : "XCD000105");

/** Two products of entity 1000 with stock, price, MOQ/MPQ 1 and no promotion, different per project. */
function productsFor(testInfo: TestInfo): [string, string] {
  const db = openE2eDb();
  try {
    const rows = db
      .prepare(
        `select p.ordering_code from product p join stock s on s.product_id = p.id and s.tenant_id = (select id from tenant where code = '1000')
         where p.status = 'active' and p.list_price is not null and p.moq = 1 and p.mpq = 1 and s.available >= 50
           and not exists (select 1 from promotion_item pi where pi.product_id = p.id)
           and not exists (select 1 from promotion pr where pr.gift_product_id = p.id)
         order by p.id desc limit 4`,
      )
      .all() as { ordering_code: string }[];
    const offset = jsOn(testInfo) ? 0 : 2;
    return [rows[offset].ordering_code, rows[offset + 1].ordering_code];
  } finally {
    db.close();
  }
}

async function as(page: Page, loginAs: (code: string) => Promise<void>, code: string) {
  await page.context().clearCookies();
  await loginAs(code);
}

/** The dealer orders `qty` of `code`; `review`: a ship date after the wanted delivery date. */
async function placeOrder(page: Page, code: string, qty: number, review: boolean): Promise<string> {
  await page.goto("/shopCart/shopCard");
  await page.locator("#quick-text").fill(`${code} ${qty}`);
  await page.getByRole("button", { name: "加入购物车" }).click();
  await expect(page.locator(`[data-testid=cart-line][data-code='${code}']`)).toBeVisible();
  await page.getByRole("button", { name: "去结算" }).click();
  // the checkout answers with fill order, or first asks about promotions left unchosen
  await page.waitForURL(/\/order\/fillOrder|confirm=promotions/);
  if (page.url().includes("confirm=promotions")) await page.getByRole("button", { name: "放弃促销，继续结算" }).click();
  await expect(page).toHaveURL(/\/order\/fillOrder/);
  await page.getByLabel("预付款（银行转账）").check();
  await page.locator("input[name=expectedDeliveryDate]").fill(inDays(review ? 10 : 60));
  if (review) await page.getByTestId("fill-line").first().locator("input[type=date]").fill(inDays(30));
  await page.getByRole("button", { name: "提交订单" }).click();
  await expect(page).toHaveURL(/\/order\/order\?tab=open&orderNo=SO\d{8}W\d+/);
  return new URL(page.url()).searchParams.get("orderNo")!;
}

test("review, proposed date, agreement, confirmation and two shipments", async ({ page, loginAs }, testInfo) => {
  test.setTimeout(120_000);
  const dealer = dealerOf(testInfo);
  const [code] = productsFor(testInfo);
  await as(page, loginAs, dealer);
  const orderNo = await placeOrder(page, code, 5, true);
  await expect(page.getByTestId("flash")).toContainText("已提交，交货日期待人工确认");

  // the order desk: the order waits in its queue
  await as(page, loginAs, "EMP000002");
  await page.goto("/system/orders");
  const row = page.locator(`[data-testid=desk-order-row][data-order-no='${orderNo}']`);
  await expect(row).toContainText("待确认");
  await row.getByRole("link", { name: orderNo }).click();
  await expect(page).toHaveURL(new RegExp(`/system/orders/${orderNo}$`));
  await page.getByTestId("desk-line").first().locator("input[type=date]").fill(inDays(35));
  await page.getByRole("button", { name: "建议新交期" }).click();
  await expect(page.getByTestId("flash")).toContainText(`已向客户建议订单 ${orderNo} 的新交期`);
  await expect(page.getByTestId("desk-status")).toHaveText("交期已答复");
  await expect(page.getByTestId("desk-lines")).toContainText(inDays(35));

  // the dealer: an unread notice, the proposed date on the order, agrees
  await as(page, loginAs, dealer);
  await page.goto("/order/myMessage");
  await expect(page.getByTestId("account-link").locator(".badge")).toBeVisible();
  await expect(page.getByTestId("messages-table")).toContainText(`订单 ${orderNo} 交期反馈`);
  await page.goto(`/order/orderDetails?orderNo=${orderNo}`);
  await expect(page.getByTestId("order-lines")).toContainText(inDays(35));
  await page.getByRole("button", { name: "同意", exact: true }).click();
  await expect(page.getByTestId("flash")).toContainText(`您已同意订单 ${orderNo} 的建议交期`);

  // back at the desk: confirm, then ship 2 of 5
  await as(page, loginAs, "EMP000002");
  await page.goto(`/system/orders/${orderNo}`);
  await expect(page.getByText("客户已同意建议交期，请确认订单。")).toBeVisible();
  await page.getByRole("button", { name: "确认订单" }).click();
  await expect(page.getByTestId("flash")).toContainText(`订单 ${orderNo} 已确认`);
  await expect(page.getByTestId("desk-status")).toHaveText("已确认");
  const tracking = `SF-E2E-${testInfo.project.name}`;
  const ship = async (qty: number, slip: string) => {
    await page.locator("input[name=carrier]").fill("顺丰速运");
    await page.locator("input[name=trackingNo]").fill(tracking);
    await page.locator("input[name=packingSlipNo]").fill(slip);
    await page.locator("input[name=batchNo]").fill("B2611-E2E");
    await page.getByTestId("ship-form").locator("input[type=number]").first().fill(String(qty));
    await page.getByRole("button", { name: "登记发货" }).click();
    await expect(page.getByTestId("flash")).toContainText(`订单 ${orderNo} 的发货已登记`);
  };
  await ship(2, "PS-E2E-1");
  await expect(page.getByTestId("desk-shipment")).toHaveCount(1);
  await expect(page.getByTestId("desk-line").first().locator("td.num")).toHaveText(["5", "2", "3"]);

  // the dealer sees the delivery record, the shipped quantity and the notice
  await as(page, loginAs, dealer);
  await page.goto(`/order/myRecord?orderNo=${orderNo}`);
  await expect(page.getByTestId("record-row")).toHaveCount(1);
  await expect(page.getByTestId("record-row")).toContainText(tracking);
  await page.goto("/order/myMessage");
  await expect(page.getByTestId("messages-table")).toContainText(`订单 ${orderNo} 已发货`);
  await page.goto(`/order/orderDetails?orderNo=${orderNo}`);
  await expect(page.getByTestId("order-lines").locator("tbody tr").first().locator("td").last()).toHaveText("2");

  // the desk ships the rest: nothing open, no shipment form any more
  await as(page, loginAs, "EMP000002");
  await page.goto(`/system/orders/${orderNo}`);
  await ship(3, "PS-E2E-2");
  await expect(page.getByTestId("desk-shipment")).toHaveCount(2);
  await expect(page.getByTestId("ship-form")).toHaveCount(0);
  await page.goto(`/system/orders?tab=toShip&orderNo=${orderNo}`);
  await expect(page.getByTestId("desk-order-row")).toHaveCount(0);
});

test("a cancellation by the desk gives the stock back and tells the dealer", async ({ page, loginAs }, testInfo) => {
  const dealer = dealerOf(testInfo);
  const [, code] = productsFor(testInfo);
  await as(page, loginAs, dealer);
  const stock = async () => {
    await page.goto(`/item?code=${encodeURIComponent(code)}`);
    return Number(await page.getByTestId("item-stock").textContent());
  };
  const before = await stock();
  const orderNo = await placeOrder(page, code, 4, false);
  expect(await stock()).toBe(before - 4);

  await as(page, loginAs, "EMP000002");
  await page.goto(`/system/orders?tab=all&orderNo=${orderNo}`);
  await page.getByRole("link", { name: orderNo }).click();
  await page.getByRole("button", { name: "取消订单" }).click();
  await expect(page.locator("#reason-error")).toHaveText("请填写取消原因");
  await page.getByLabel("取消原因（客户可见）").fill("产品停产 / discontinued");
  await page.getByRole("button", { name: "取消订单" }).click();
  await expect(page.getByTestId("flash")).toContainText(`订单 ${orderNo} 已取消`);
  await expect(page.getByTestId("cancel-reason")).toHaveText("产品停产 / discontinued");

  await as(page, loginAs, dealer);
  expect(await stock()).toBe(before);
  await page.goto("/order/myMessage");
  await expect(page.getByTestId("messages-table")).toContainText(`订单 ${orderNo} 已被取消`);
});

// the desk's pages (orders, an order, deliveries) as the desk, axe and 360 px: page-checks.spec.ts

test("shipments imported from Excel: templates in both languages, a bad row named, a good file recorded", async ({ page, loginAs }, testInfo) => {
  const db = openE2eDb();
  let target: { order_no: string; line_no: number; open: number };
  try {
    // a confirmed order of entity 1000 with something open, one per project
    target = db
      .prepare(
        `select o.order_no, l.line_no, l.qty - l.shipped_qty as open from sales_order o join order_line l on l.order_id = o.id
         where o.status = 'confirmed' and o.tenant_id = (select id from tenant where code = '1000') and l.shipped_qty < l.qty
         order by o.id desc, l.line_no limit 1 offset ?`,
      )
      .get(jsOn(testInfo) ? 0 : 3) as typeof target;
  } finally {
    db.close();
  }
  await loginAs("EMP000002");
  await page.goto("/system/deliveries");
  for (const [testId, name] of [
    ["template-zh", "发货导入模板.xlsx"],
    ["template-en", "shipment-import-template.xlsx"],
  ]) {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
    expect(download.suggestedFilename()).toBe(name);
  }
  const file = async (rows: unknown[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Shipments");
    for (const r of rows) ws.addRow(r);
    return {
      name: "shipments.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(await wb.xlsx.writeBuffer()),
    };
  };
  const head = ["Order no", "Line no", "Quantity", "Ship date", "Carrier", "Tracking no", "Packing slip id", "Batch no"];
  const tracking = `IMP-${testInfo.project.name}`;
  const good = [target.order_no, target.line_no, 1, inDays(0), "EMS", tracking, "PS-IMP", "B-IMP"];
  await page
    .locator("input[type=file]")
    .setInputFiles(await file([head, good, [target.order_no, target.line_no, target.open + 1, inDays(0), "EMS", tracking, "PS-IMP", "B-IMP"]]));
  await page.getByTestId("import-submit").click();
  const problems = page.getByTestId("import-problems");
  await expect(problems).toContainText("文件有误，未导入任何发货");
  await expect(problems.locator("tbody tr")).toHaveCount(1);
  await expect(problems.locator("tbody tr")).toHaveText(/^3\s*发货数量\s*超过未发数量（\d+）$/);
  await expect(page.getByTestId("desk-deliveries")).not.toContainText(tracking);

  await page.locator("input[type=file]").setInputFiles(await file([head, good]));
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("flash")).toContainText("已导入 1 行发货（1 个订单）");
  await expect(page.getByTestId("desk-deliveries").locator("tr", { hasText: tracking })).toContainText(target.order_no);
});

test("a shipment ships all that is open by default, a blank line nothing; the audit log shows it in China time, field by field", async ({
  page,
  loginAs,
}, testInfo) => {
  test.setTimeout(150_000);
  const dealer = uniqueCode(testInfo);
  cloneUser(dealerOf(testInfo), dealer);
  const [a, b] = productsFor(testInfo);
  await as(page, loginAs, dealer);
  // two lines: 4 of the first, 3 of the second (the quick entry takes one "code qty" a line)
  await page.goto("/shopCart/shopCard");
  await page.locator("#quick-text").fill(`${b} 3`);
  await page.getByRole("button", { name: "加入购物车" }).click();
  await expect(page.locator(`[data-testid=cart-line][data-code='${b}']`)).toBeVisible();
  const orderNo = await placeOrder(page, a, 4, true);

  await as(page, loginAs, "EMP000002");
  await page.goto(`/system/orders/${orderNo}`);
  await page.getByRole("button", { name: "确认订单" }).click();
  await expect(page.getByTestId("desk-status")).toHaveText("已确认");
  // every open line with its quantity beside it, filled in with what is open
  const lines = page.getByTestId("ship-line");
  await expect(lines).toHaveCount(2);
  const qtyOf = async (code: string) => page.locator(`[data-testid=ship-line]:has(td.code:text-is("${code}")) input[type=number]`);
  await expect(await qtyOf(a)).toHaveValue("4");
  await expect(await qtyOf(b)).toHaveValue("3");
  await expect(page.locator(`[data-testid=ship-line]:has(td.code:text-is("${a}")) td.num`)).toHaveText(["4", "0", "4"]);

  const head = async (slip: string) => {
    await page.locator("input[name=carrier]").fill("顺丰速运");
    await page.locator("input[name=trackingNo]").fill(`SF-AUDIT-${testInfo.project.name}`);
    await page.locator("input[name=packingSlipNo]").fill(slip);
    await page.locator("input[name=batchNo]").fill("B2611-AUDIT");
  };
  // more than is open: refused on that line, nothing shipped
  await head("PS-AUDIT-0");
  await (await qtyOf(b)).fill("5");
  await page.getByRole("button", { name: "登记发货" }).click();
  await expect(page.getByTestId("ship-form")).toContainText("最多可发 3");
  await expect(page.getByTestId("desk-shipment")).toHaveCount(0);

  // the second line left blank: the first ships in full, the second not at all
  await page.goto(`/system/orders/${orderNo}`);
  await head("PS-AUDIT-1");
  await (await qtyOf(b)).fill("");
  await page.getByRole("button", { name: "登记发货" }).click();
  await expect(page.getByTestId("flash")).toContainText(`订单 ${orderNo} 的发货已登记`);
  await expect(page.getByTestId("desk-shipment")).toHaveCount(1);
  await expect(page.getByTestId("desk-shipment")).toContainText(a);
  await expect(lines).toHaveCount(1);
  await expect(await qtyOf(b)).toHaveValue("3");
  await expect(page.getByTestId("desk-status")).toHaveText("部分发货");

  // the administrator reads it in the audit log, filtered to this order
  await as(page, loginAs, "EMP000001");
  await page.goto("/system/audit");
  await page.getByLabel("操作人").selectOption("EMP000002");
  await page.getByLabel("对象类型").selectOption("sales_order");
  await page.getByLabel("对象编号").fill(orderNo);
  await page.getByRole("button", { name: "筛选" }).click();
  await expect(page).toHaveURL(new RegExp(`entityId=${orderNo}`));
  const entries = page.getByTestId("audit-entry");
  await expect(entries).toHaveCount(2);
  const confirmed = entries.filter({ hasText: "确认订单" });
  await expect(confirmed.getByTestId("audit-changes")).toContainText("状态");
  await expect(confirmed.getByTestId("audit-changes").locator("tbody tr")).toHaveText([/状态\s*待确认\s*已确认/]);
  await expect(entries.first().getByTestId("audit-action")).toHaveText("订单部分发货");
  // China time: the stored UTC instant plus eight hours
  const db = openE2eDb();
  const at = (
    db.prepare("select created_at from audit_log where entity = 'sales_order' and entity_id = ? order by id limit 1").get(orderNo) as { created_at: string }
  ).created_at;
  db.close();
  const china = new Date(Date.parse(at) + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");
  await expect(confirmed.getByTestId("audit-time")).toHaveText(china);
  // the shipment is found by the order's number too, and links to the order
  await page.goto(`/system/audit?entityId=${orderNo}&entity=shipment`);
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("登记发货");
  await expect(entries.first().getByTestId("audit-changes")).toContainText(/数量\s*—\s*4/);
  await entries.first().getByRole("link", { name: orderNo }).click();
  await expect(page).toHaveURL(new RegExp(`/system/orders/${orderNo}$`));

  // the pager: 25 entries of one kind, 20 on the first page, the other 5 on the second (GET links)
  const kind = `e2e_pager_${testInfo.project.name.replace("-", "_")}`;
  const w = openE2eDb();
  w.prepare("delete from audit_log where entity = ?").run(kind);
  for (let i = 0; i < 25; i++) {
    w.prepare(
      "insert into audit_log (created_at, user_id, user_code, tenant_id, action, entity, entity_id, before_json, after_json) values (?, null, 'EMP000001', null, 'create', ?, ?, null, ?)",
    ).run(new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), kind, `P${i}`, JSON.stringify({ n: i }));
  }
  w.close();
  await page.goto(`/system/audit?entity=${kind}`);
  await expect(entries).toHaveCount(20);
  await expect(entries.first()).toContainText("P24");
  await page.getByRole("navigation", { name: "分页" }).getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(entries).toHaveCount(5);
  await expect(entries.last()).toContainText("P0");
  // China dates in the date filter: 2026-01-01 00:24 UTC is 08:24 in China, the same day
  await page.goto(`/system/audit?entity=${kind}&from=2026-01-01&to=2026-01-01`);
  await expect(page.getByText("共 25 条")).toBeVisible();
  await page.goto(`/system/audit?entity=${kind}&from=2026-01-02`);
  await expect(entries).toHaveCount(0);

  // no serious accessibility finding (axe is a script: the server's HTML is checked by page-checks.spec.ts); at 360 px nothing sideways
  if (jsOn(testInfo)) {
    await page.goto(`/system/audit?entityId=${orderNo}`);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/system/audit?entityId=${orderNo}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});
