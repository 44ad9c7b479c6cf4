import { useFetcher } from "@remix-run/react";
import { useCachedT } from "~/i18n/useCachedT";
import { useHydrated } from "./hooks";

/**
 * Add to cart (contract with the cart area): POST /shopCart?index with intent=add, productId,
 * qty, promotionItemId, redirectTo. Without JS the cart action redirects back; with JS the
 * fetcher asks for JSON (respond=json) and shows the cart's translated message inline.
 */
export function AddToCartForm({
  productId,
  moq,
  mpq,
  redirectTo,
  promotionItemId,
  label,
}: {
  productId: number;
  moq: number;
  mpq: number;
  redirectTo: string;
  promotionItemId?: number | null;
  label?: string;
}) {
  const fetcher = useFetcher<{ ok?: boolean; message?: string }>();
  const hydrated = useHydrated();
  const t = useCachedT("catalogue");
  const message = fetcher.data?.message;
  return (
    <fetcher.Form method="post" action="/shopCart?index" className="qty-form">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {hydrated ? <input type="hidden" name="respond" value="json" /> : null}
      {promotionItemId ? <input type="hidden" name="promotionItemId" value={promotionItemId} /> : null}
      <input
        type="number"
        name="qty"
        defaultValue={Math.max(moq, mpq)}
        min={moq}
        step={mpq}
        aria-label={t("cart.qty")}
        title={t("cart.qtyHint", { moq, mpq })}
        inputMode="numeric"
      />
      <button type="submit" className="btn" disabled={fetcher.state !== "idle"}>
        {label ?? t("cart.add")}
      </button>
      {message ? (
        <span className={`cart-msg ${fetcher.data?.ok === false ? "cart-msg-error" : ""}`} role="status">
          {message}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
