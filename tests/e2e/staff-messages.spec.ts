import { cloneUser, dealerPage, staffPage } from "./auth-helpers";
import { expect, jsOn, test } from "./fixtures";

/**
 * Issue 29 item 13: the order desk sends a message to one dealer from /system/message; it arrives
 * as that dealer's notice (messages page, unread) and as no other dealer's, with JavaScript on and off.
 */
test("a message the desk sends to one dealer reaches that dealer and no other", async ({ browser }, testInfo) => {
  const [to, bystander] = jsOn(testInfo) ? ["XCD973101", "XCD973102"] : ["XCD974101", "XCD974102"];
  cloneUser("XCD000001", to);
  cloneUser("XCD000001", bystander);
  const title = `到货提醒 ${testInfo.project.name}`;

  const desk = await staffPage(browser, testInfo, "EMP000002");
  await desk.goto("/system/message");
  await expect(desk.getByRole("heading", { level: 1, name: "消息发布" })).toBeVisible();
  const form = desk.getByTestId("message-form");
  // an unknown account: refused with a message, nothing sent
  await form.getByLabel("发送给").selectOption("user");
  await form.getByLabel("账号、客户代码、省份或角色").fill("XCD999999");
  await form.getByLabel("标题（中文）").fill(title);
  await form.getByLabel("标题（英文）").fill("Stock arrived");
  await form.getByLabel("内容（中文）").fill("CNMG120408-DM YBC252 已到货。");
  await form.getByLabel("内容（英文）").fill("CNMG120408-DM YBC252 is in stock again.");
  await form.getByRole("button", { name: "发送" }).click();
  await expect(desk.getByText("没有符合条件的经销商账号，消息未发送。")).toBeVisible();
  await expect(desk.getByLabel("标题（中文）")).toHaveValue(title);

  await desk.getByLabel("账号、客户代码、省份或角色").fill(to);
  await desk.getByTestId("message-form").getByRole("button", { name: "发送" }).click();
  await expect(desk.getByTestId("flash")).toHaveText("消息已发送给 1 个账号。");
  const sentRow = desk.getByTestId("message-table").getByRole("row", { name: new RegExp(title) });
  await expect(sentRow).toContainText(`一个账号: ${to}`);
  await expect(sentRow).toContainText("EMP000002");
  await desk.context().close();

  const dealer = await dealerPage(browser, testInfo, to);
  await dealer.goto("/order/myMessage");
  const row = dealer.getByTestId("messages-table").getByRole("row", { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("未读");
  await dealer.context().close();

  const other = await dealerPage(browser, testInfo, bystander);
  await other.goto("/order/myMessage");
  // the bystander's messages page, loaded, without the message
  await expect(other.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(other).toHaveURL(/\/order\/myMessage$/);
  await expect(other.getByText(title)).toHaveCount(0);
  await other.context().close();
});
