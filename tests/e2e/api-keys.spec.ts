import { axeClean, expect, openE2eDb, test } from "./fixtures";
import { cloneUserIn, uniqueCode } from "./auth-helpers";

/**
 * The feed's API keys in the personal centre (issue 30 item 3, decision 073), in Chinese and in
 * English, with JavaScript on and off: a master account makes a key, sees it once, and revokes it.
 */
const TEXTS = {
  zh: { title: "接口密钥", create: "创建密钥", once: "只显示这一次", revoke: "吊销", confirm: "确定吊销", revoked: "密钥已吊销。", live: "使用中" },
  en: {
    title: "API keys",
    create: "Create a key",
    once: "shown only this once",
    revoke: "Revoke",
    confirm: "Yes, revoke",
    revoked: "The key was revoked.",
    live: "In use",
  },
};

for (const lang of ["zh", "en"] as const) {
  test(`a master account makes a key, sees it once and revokes it (${lang})`, async ({ page, loginAs }, testInfo) => {
    const t = TEXTS[lang];
    // a master account of its own (the same customer as XCD000001), in the language under test
    const code = cloneUserIn("XCD000001", uniqueCode(testInfo, lang === "zh" ? "XCK" : "XCE"), lang);
    await loginAs(code);
    await page.goto("/profile/index");
    await page.getByRole("link", { name: t.title }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();

    const name = `e2e ${lang} ${testInfo.project.name} ${Date.now()}`;
    const form = page.getByTestId("api-key-form");
    await form.locator('input[name="name"]').fill(name);
    await form.getByRole("button", { name: t.create }).click();
    const shown = page.getByTestId("api-key-created");
    await expect(shown).toContainText(t.once);
    const key = await page.getByTestId("api-key-value").inputValue();
    expect(key).toMatch(/^fk_[A-Za-z0-9_-]{43}$/);
    await axeClean(page, testInfo);

    // stored hashed: the database holds its prefix only
    const db = openE2eDb();
    const row = db.prepare("select id, prefix, key_hash from feed_key where name = ?").get(name) as { id: number; prefix: string; key_hash: string };
    db.close();
    expect(row.prefix).toBe(key.slice(0, 11));
    expect(row.key_hash).not.toContain(key);

    // shown once: the page opened again has the prefix, not the key
    await page.goto("/profile/apiKeys");
    await expect(page.getByTestId("api-key-value")).toHaveCount(0);
    const line = page.getByTestId(`api-key-${row.id}`);
    await expect(line).toContainText(name);
    await expect(line).toContainText(t.live);
    expect(await page.content()).not.toContain(key);

    await line.locator("summary").click();
    await line.getByRole("button", { name: t.confirm }).click();
    await expect(page.getByTestId("flash")).toHaveText(t.revoked);
    await expect(line).not.toContainText(t.live);
    await expect(line.getByRole("button", { name: t.confirm })).toHaveCount(0);
    await axeClean(page, testInfo);
  });
}
