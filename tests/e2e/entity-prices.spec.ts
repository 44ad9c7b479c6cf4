import type { TestInfo } from "@playwright/test";
import { signInAdmin } from "./auth-helpers";
import { expect, jsOn, openE2eDb, test } from "./fixtures";

/**
 * Decision 054, with JavaScript on and off: the administrator sets a product's list price for
 * company entity 2000 on the product page; a dealer signed in to entity 2000 sees it (less its
 * discount) in the catalogue list, on the item page, in the cart and in the submitted order,
 * while entity 1000 keeps the product master's price. Each project works on its own dealer and
 * product (generated dealers with access to 2000, holders without promotions or customer prices).
 */
const ENTITY = "2000";
const yuan = (fen: number) => (fen / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);

interface Setup {
  dealer: string;
  discountBp: number;
  product: { id: number; code: string; node: string; listPrice: number };
  page: number;
}

function setup(info: TestInfo): Setup {
  const db = openE2eDb();
  try {
    const nth = jsOn(info) ? 0 : 1;
    const dealers = db
      .prepare(
        `select u.code, c.discount_bp as discountBp from app_user u join customer c on c.id = u.customer_id
         join user_tenant ut on ut.user_id = u.id join tenant t on t.id = ut.tenant_id
         where t.code = ? and u.master_user_id is null and c.code like 'C3%' and u.can_order = 1 and u.can_see_price = 1
         order by u.code limit 2`,
      )
      .all(ENTITY) as { code: string; discountBp: number }[];
    const products = db
      .prepare(
        `select p.id, p.ordering_code as code, p.catalogue_code as node, p.list_price as listPrice from product p
         where p.kind = 'holder' and p.status = 'active' and p.list_price is not null and p.moq = 1
           and not exists (select 1 from promotion_item pi where pi.product_id = p.id)
           and not exists (select 1 from customer_price cp where cp.product_id = p.id)
         order by p.id desc limit 2`,
      )
      .all() as Setup["product"][];
    const product = products[nth];
    const before = (
      db.prepare("select count(*) as n from product where catalogue_code = ? and ordering_code < ?").get(product.node, product.code) as { n: number }
    ).n;
    db.prepare("delete from cart_item where user_id = (select id from app_user where code = ?)").run(dealers[nth].code);
    return { dealer: dealers[nth].code, discountBp: dealers[nth].discountBp, product, page: Math.floor(before / 50) + 1 };
  } finally {
    db.close();
  }
}

test("an entity's list price set in the back office is what a dealer of that entity sees and orders at", async ({ page, browser, loginAs }, info) => {
  test.setTimeout(120_000);
  const s = setup(info);
  const entityPrice = jsOn(info) ? 77_770 : 88_880;
  const dealerPrice = Math.round((entityPrice * (10_000 - s.discountBp)) / 10_000);
  const masterPrice = Math.round((s.product.listPrice * (10_000 - s.discountBp)) / 10_000);

  // the administrator types the entity's list price beside its stock
  const staffContext = await browser.newContext({ javaScriptEnabled: jsOn(info), locale: "zh-CN" });
  const staff = await staffContext.newPage();
  await signInAdmin(staff);
  await staff.goto(`/system/product/${s.product.id}`);
  await staff.getByLabel(`${ENTITY} 的牌价（元，含税）`).fill((entityPrice / 100).toFixed(2));
  await staff
    .getByTestId("stock-table")
    .locator("tr", { hasText: `${ENTITY} ` })
    .getByRole("button")
    .click();
  await expect(staff.getByTestId("flash")).toContainText("库存已保存");
  await expect(staff.getByLabel(`${ENTITY} 的牌价（元，含税）`)).toHaveValue((entityPrice / 100).toFixed(2));
  await staffContext.close();

  // the dealer signed in to entity 2000
  await loginAs(s.dealer, ENTITY);
  const shop = page;
  await shop.goto(`/product/productFourth?catalogueCode=${encodeURIComponent(s.product.node)}&page=${s.page}`);
  await expect(shop.locator(`tr[data-code='${s.product.code}']`)).toContainText(yuan(dealerPrice));
  await shop.goto(`/item?code=${encodeURIComponent(s.product.code)}`);
  await expect(shop.getByTestId("item-price")).toContainText(yuan(dealerPrice));
  await shop.locator("form[action^='/shopCart?index'] button[type=submit]").first().click();
  await expect(
    shop
      .locator("[role=status]")
      .filter({ hasText: `已加入购物车：${s.product.code}` })
      .first(),
  ).toBeVisible();

  await shop.goto("/shopCart");
  const line = shop.locator(`[data-testid=cart-line][data-code='${s.product.code}']`).first();
  await expect(line).toContainText(yuan(dealerPrice));
  await shop.getByRole("button", { name: "去结算" }).click();
  // the checkout answers with fill order, or first asks about promotions left unchosen
  await shop.waitForURL(/\/order\/fillOrder|confirm=promotions/);
  if (shop.url().includes("confirm=promotions")) await shop.getByRole("button", { name: "放弃促销，继续结算" }).click();
  await expect(shop).toHaveURL(/\/order\/fillOrder/);
  await shop.getByLabel("预付款（银行转账）").check();
  await shop.locator("input[name=expectedDeliveryDate]").fill(inDays(30));
  await shop.getByRole("button", { name: "提交订单" }).click();
  await expect(shop).toHaveURL(/\/order\/order\?tab=open&orderNo=SO\d{8}W\d+/);
  const orderNo = new URL(shop.url()).searchParams.get("orderNo")!;
  await shop.goto(`/order/orderDetails?orderNo=${orderNo}`);
  await expect(shop.getByTestId("order-lines").locator("tr", { hasText: s.product.code })).toContainText(yuan(dealerPrice));

  // entity 1000 keeps the product master's price
  await loginAs(s.dealer, "1000");
  await shop.goto(`/item?code=${encodeURIComponent(s.product.code)}`);
  await expect(shop.getByTestId("item-price")).toContainText(yuan(masterPrice));
});

test("the administrator edits a grade's cutting data on the product page; a range upside down is refused; the shop's item page shows it", async ({
  page,
  browser,
  loginAs,
}, info) => {
  const db = openE2eDb();
  const insert = db
    .prepare(
      `select id, ordering_code as code, grade from product where kind = 'turning_insert' and status = 'active' and grade is not null
       and grade in (select grade from product where kind = 'turning_insert' and grade is not null group by grade order by grade limit 1 offset ?)
       order by id limit 1`,
    )
    .get(jsOn(info) ? 0 : 1) as { id: number; code: string; grade: string };
  db.prepare("delete from cutting_data where grade = ? and operation = 'turning' and material_group = 'S'").run(insert.grade);
  db.close();

  const staffContext = await browser.newContext({ javaScriptEnabled: jsOn(info), locale: "zh-CN" });
  const staff = await staffContext.newPage();
  await signInAdmin(staff);
  await staff.goto(`/system/product/${insert.id}`);
  const row = () => staff.getByTestId("cutting-S");
  await staff.getByLabel("S 切削速度下限（m/min）").fill("90");
  await staff.getByLabel("S 切削速度上限（m/min）").fill("70");
  await staff.getByLabel("S 进给量下限（mm）").fill("0.1");
  await staff.getByLabel("S 进给量上限（mm）").fill("0.2");
  await staff.getByLabel("S 切削深度下限（mm）").fill("0.5");
  await staff.getByLabel("S 切削深度上限（mm）").fill("2");
  await row().getByRole("button").first().click();
  await expect(staff.getByTestId("product-error")).toContainText("下限不能大于上限");
  await staff.goto(`/system/product/${insert.id}`);
  await staff.getByLabel("S 切削速度下限（m/min）").fill("40");
  await staff.getByLabel("S 切削速度上限（m/min）").fill("70");
  await staff.getByLabel("S 进给量下限（mm）").fill("0.1");
  await staff.getByLabel("S 进给量上限（mm）").fill("0.2");
  await staff.getByLabel("S 切削深度下限（mm）").fill("0.5");
  await staff.getByLabel("S 切削深度上限（mm）").fill("2");
  await row().getByRole("button").first().click();
  await expect(staff.getByTestId("flash")).toContainText("切削参数已保存");
  await expect(staff.getByLabel("S 切削速度下限（m/min）")).toHaveValue("40");
  await staffContext.close();

  await loginAs("XCD000001");
  await page.goto(`/item?code=${encodeURIComponent(insert.code)}`);
  await expect(page.locator(".cutting-table tr", { hasText: "S" }).filter({ hasText: "40–70" })).toBeVisible();
});

test("the administrator moves a catalogue node under another parent; its children follow; no parent chosen is refused", async ({ page }, info) => {
  const tag = jsOn(info) ? "ON" : "OFF";
  const [a, b, child, grandchild] = [`E2E-MV-${tag}-A`, `E2E-MV-${tag}-B`, `E2E-MV-${tag}-C`, `E2E-MV-${tag}-D`];
  const db = openE2eDb();
  db.prepare("delete from catalogue_node where code in (?, ?, ?, ?)").run(a, b, child, grandchild);
  const add = db.prepare(
    "insert into catalogue_node (code, parent_code, level, label_zh, label_en, describe_zh, describe_en, show_flag, is_non_standard, sort) values (?, ?, ?, ?, ?, '', '', 0, 0, 999)",
  );
  add.run(a, null, 1, `移动测试甲${tag}`, `Move test A ${tag}`);
  add.run(b, null, 1, `移动测试乙${tag}`, `Move test B ${tag}`);
  add.run(child, a, 2, `移动测试子${tag}`, `Move test child ${tag}`);
  add.run(grandchild, child, 3, `移动测试孙${tag}`, `Move test grandchild ${tag}`);
  db.close();

  await signInAdmin(page);
  await page.goto(`/system/catalogueNode/${child}`);
  await expect(page.getByTestId("node-move")).toBeVisible();
  await page.getByTestId("node-move").getByRole("button", { name: "移动" }).click();
  await expect(page.getByTestId("node-move")).toContainText("请选择新的上级节点");
  await page.getByLabel("新的上级节点").selectOption(b);
  await page.getByTestId("node-move").getByRole("button", { name: "移动" }).click();
  await expect(page.getByTestId("flash")).toContainText("目录节点已移动");
  await expect(page.getByText(`当前上级：${b}`)).toBeVisible();
  await page.goto(`/system/catalogueNode?parent=${b}`);
  await expect(page.getByRole("link", { name: child }).first()).toBeVisible();
  const check = openE2eDb();
  try {
    expect(check.prepare("select parent_code as p, level from catalogue_node where code = ?").get(grandchild)).toEqual({ p: child, level: 3 });
    expect(check.prepare("select parent_code as p, level from catalogue_node where code = ?").get(child)).toEqual({ p: b, level: 2 });
  } finally {
    check.close();
  }
});
