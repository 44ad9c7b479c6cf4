import { Form, useSearchParams } from "@remix-run/react";
import { useCachedT } from "~/i18n/useCachedT";

/**
 * GET form to the search page. The 3-character minimum is a pattern, so without JS the browser
 * hides the button (CSS :invalid) until the keyword is long enough; the server enforces it again.
 */
export function SearchBox() {
  const t = useCachedT("common");
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/searchProduct" role="search" aria-label={t("search.site")} className="search-box">
      <label htmlFor="site-search" className="visually-hidden">
        {t("search.label")}
      </label>
      <input
        id="site-search"
        name="keyWord"
        type="search"
        required
        pattern=".*\S.*\S.*\S.*"
        title={t("search.tooShort")}
        defaultValue={params.get("keyWord") ?? ""}
        placeholder={t("search.placeholder")}
        autoComplete="off"
        maxLength={100}
      />
      <button type="submit">{t("search.button")}</button>
    </Form>
  );
}
