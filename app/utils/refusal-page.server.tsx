import { renderToStaticMarkup } from "react-dom/server";
import { supportedLanguages, type Language } from "~/i18n/config";
import { getFixedT, getLanguage } from "~/i18n/i18n.server";

export type RefusalStatus = 400 | 405 | 413;

// Plain CSS: the page is answered before Remix (no Chakra, no stylesheet of the shop's build).
const style = `body{font-family:system-ui,PingFang SC,Microsoft YaHei,sans-serif;margin:0;padding:3rem 1.5rem;color:#1f2933;background:#f5f7fa}
main{max-width:36rem;margin:0 auto;background:#fff;border-radius:8px;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:1.3rem;margin:0 0 .75rem}p{line-height:1.6;margin:0 0 1rem}a{color:#0b5cad}`;

/**
 * The small page of a request the server refuses before Remix (docs/security.md): too large a
 * body, a NUL in the address, a method the shop does not answer. The visitor's language first
 * (the `lng` cookie, else Accept-Language), the other language below it, as every refusal page.
 */
export function RefusalDocument({ lang, status, values }: { lang: Language; status: RefusalStatus; values: Record<string, string | number> }) {
  const order = [lang, ...supportedLanguages.filter((other) => other !== lang)];
  const first = getFixedT(lang);
  return (
    <html lang={lang === "zh" ? "zh-CN" : "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{first(`refused.${status}.title`, values)}</title>
        <style>{style}</style>
      </head>
      <body>
        <main data-testid={`refused-${status}`}>
          {order.map((language) => {
            const t = getFixedT(language);
            return (
              <section key={language} lang={language === "zh" ? "zh-CN" : "en"}>
                <h1>{t(`refused.${status}.title`, values)}</h1>
                <p>{t(`refused.${status}.text`, values)}</p>
                <p>
                  <a href="/homePage">{t("refused.back")}</a>
                </p>
              </section>
            );
          })}
        </main>
      </body>
    </html>
  );
}

/** The refusal page as HTML, in the language of the request's cookie and Accept-Language. */
export async function refusalPage(
  headers: { cookie?: string; acceptLanguage?: string },
  status: RefusalStatus,
  values: Record<string, string | number> = {},
): Promise<string> {
  const probe = new Headers();
  if (headers.cookie) probe.set("Cookie", headers.cookie);
  if (headers.acceptLanguage) probe.set("Accept-Language", headers.acceptLanguage);
  const lang = await getLanguage(new Request("http://shop/", { headers: probe }));
  return "<!DOCTYPE html>" + renderToStaticMarkup(<RefusalDocument lang={lang} status={status} values={values} />);
}
