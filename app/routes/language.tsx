import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { toLanguage } from "~/i18n/config";
import { languageCookie } from "~/i18n/i18n.server";
import { safeRedirect } from "~/utils/redirect";
import { saveAccountLanguage } from "~/utils/language.server";
import { readFormData } from "~/utils/form.server";

/** The language toggle: sets the cookie (and the account's language when signed in), then goes back. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const lang = toLanguage(String(form.get("lng") ?? ""));
  await saveAccountLanguage(request, lang);
  return redirect(safeRedirect(form.get("redirectTo"), "/homePage"), {
    headers: { "Set-Cookie": await languageCookie.serialize(lang) },
  });
}

export const loader = () => redirect("/homePage");
