import { useFetcher } from "@remix-run/react";
import { useCachedT } from "~/i18n/useCachedT";
import { useHydrated } from "./hooks";

/**
 * The favourite star: a form posting to /order/myCollect. Without JS the action redirects back
 * to the page; with JS a fetcher posts it in place and the star changes at once.
 */
export function FavouriteButton({ productId, fav, redirectTo, disabled }: { productId: number; fav: boolean; redirectTo: string; disabled?: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; fav: boolean; message: string }>();
  const hydrated = useHydrated();
  const t = useCachedT("catalogue");
  const pending = fetcher.formData ? fetcher.formData.get("intent") === "add" : undefined;
  const current = pending ?? fetcher.data?.fav ?? fav;
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  if (disabled) return <span className="fav-star fav-disabled" title={t("favourite.priceEmpty")} aria-hidden="true">☆</span>;
  return (
    <fetcher.Form method="post" action="/order/myCollect" className="inline-form">
      <input type="hidden" name="intent" value={current ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="inline" value="1" /> : null}
      <button
        type="submit"
        className={`fav-star${current ? " fav-on" : ""}`}
        aria-pressed={current}
        aria-label={current ? t("favourite.remove") : t("favourite.add")}
        title={current ? t("favourite.remove") : t("favourite.add")}
      >
        {current ? "★" : "☆"}
      </button>
      {error ? <span className="fav-error" role="alert">{t(error)}</span> : null}
    </fetcher.Form>
  );
}
