import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { demoJourneyPages, expect, test } from "./fixtures";
import { DEALER, useLanguage } from "./journey-pages";

/**
 * Issue 15: the Nu HTML checker (vnu-jar, Java 17) finds no error in the HTML the server sends for
 * every journey page, in Chinese and English. The HTML is the same with JavaScript on and off, so
 * this runs once (in the js-off project).
 */
const vnuJar = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
}

test("the Nu HTML checker finds no error on the journey pages", async ({ page, loginAs, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== "js-off", "the server's HTML does not depend on JavaScript");
  test.setTimeout(240_000);
  const dir = testInfo.outputPath("html");
  fs.mkdirSync(dir, { recursive: true });
  for (const lang of ["zh", "en"] as const) {
    await page.context().clearCookies();
    await useLanguage(page, lang, baseURL!);
    for (const signedIn of [false, true]) {
      if (signedIn) await loginAs(DEALER);
      for (const p of demoJourneyPages().filter((x) => x.signedIn === signedIn)) {
        const response = await page.request.get(p.url);
        expect(response.status(), p.url).toBe(200);
        fs.writeFileSync(path.join(dir, `${lang}-${p.name.replace(/\W+/g, "-")}.html`), await response.text());
      }
    }
  }
  // vnu prints its JSON report on stderr.
  const vnu = spawnSync("java", ["-jar", vnuJar, "--errors-only", "--format", "json", "--exit-zero-always", dir], { encoding: "utf8" });
  expect(vnu.status, vnu.stderr).toBe(0);
  const messages = (JSON.parse(vnu.stderr) as { messages: VnuMessage[] }).messages;
  const errors = messages.map((m) => `${path.basename(m.url)}: ${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 80)}]` : ""}`);
  expect(errors).toEqual([]);
});
