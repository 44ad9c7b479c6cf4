import { Form, useSearchParams } from "@remix-run/react";
import { useCachedT } from "~/i18n/useCachedT";
import { SEARCH_PATTERN } from "~/modules/search/normalize";

/**
 * GET form to the search page. The minimum (3 characters, 2 Chinese ones) is a pattern, so without JS
 * the browser hides the button (CSS :invalid) until the keyword is long enough; the server decides.
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
        pattern={SEARCH_PATTERN}
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
