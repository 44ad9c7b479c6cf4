import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { supportedLanguages, type Language } from "~/i18n/config";
import { localeTexts } from "~/i18n/i18n.server";

/**
 * /locales/<lang>/<ns>.json: the texts of one namespace, for a browser whose page did not bring
 * them (decision 057). The address carries the build's version (?v=), so a versioned copy is kept
 * for a year; without it, an hour.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = supportedLanguages.find((l): l is Language => l === params.lang);
  const ns = /^(\w{1,40})\.json$/.exec(params.file ?? "")?.[1];
  const texts = lang && ns ? localeTexts(lang, ns) : null;
  if (!texts) throw new Response("Not found", { status: 404 });
  const versioned = new URL(request.url).searchParams.has("v");
  return json(texts, { headers: { "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=3600" } });
}
