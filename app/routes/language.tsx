import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { toLanguage } from "~/i18n/config";
import { languageCookie } from "~/i18n/i18n.server";
import { safeRedirect } from "~/utils/redirect";
import { saveAccountLanguage } from "~/utils/language.server";
import { readFormData } from "~/utils/form.server";

/** The toggle's form: an unknown language falls back to Chinese, the default. */
const LanguageSchema = z.object({
  lng: z.string().max(10).default("zh").transform(toLanguage),
  redirectTo: z.string().max(2000).optional(),
});

/** The language toggle: sets the cookie (and the account's language when signed in), then goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: LanguageSchema });
  const { lng: lang, redirectTo } = submission.status === "success" ? submission.value : { lng: toLanguage(""), redirectTo: undefined };
  await saveAccountLanguage(request, lang);
  return redirect(safeRedirect(redirectTo, "/homePage"), {
    headers: { "Set-Cookie": await languageCookie.serialize(lang) },
  });
}

export const loader = () => redirect("/homePage");
