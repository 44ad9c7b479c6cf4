import type { ListItem } from "~/modules/catalogue/listing.server";

/**
 * The two small forms of a product (add to cart, favourite star) as plain <form> elements. They
 * post and redirect without JavaScript; with it, useRowForms on a surrounding element sends them
 * through fetchers (list rows and the detail page alike). Their fixed fields (intent, product,
 * return path) travel in the action URL rather than as hidden inputs: fewer elements per row
 * (the actions read them with readPostedForm).
 */
export type T = (key: string, options?: Record<string, string | number>) => string;

function actionUrl(path: string, fields: Record<string, string | number | null>): string {
  const query = Object.entries(fields)
    .filter(([, v]) => v !== null && v !== "")
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join("&");
  return `${path}${path.includes("?") ? "&" : "?"}${query}`;
}

/** Plain form (see useRowForms): add to cart, the cart area's contract in docs/decisions/022. */
export function CartForm({
  p,
  redirectTo,
  t,
  busy,
  message,
}: {
  p: Pick<ListItem, "id" | "moq" | "mpq" | "promotionItemId">;
  redirectTo: string;
  t: T;
  busy: boolean;
  message?: { ok: boolean; text: string };
}) {
  return (
    <form
      method="post"
      action={actionUrl("/shopCart?index", { intent: "add", productId: p.id, promotionItemId: p.promotionItemId, redirectTo })}
      className="qty-form"
      data-row-form="cart"
      data-product={p.id}
    >
      <input
        type="number"
        name="qty"
        defaultValue={Math.max(p.moq, p.mpq)}
        min={p.moq}
        step={p.mpq}
        aria-label={t("cart.qty")}
        title={t("cart.qtyHint", { moq: p.moq, mpq: p.mpq })}
        inputMode="numeric"
      />
      <button type="submit" className="btn" disabled={busy}>
        {t("cart.add")}
      </button>
      {message ? (
        <span className={`cart-msg ${message.ok ? "" : "cart-msg-error"}`} role="status">
          {message.text}
        </span>
      ) : null}
    </form>
  );
}

/** Plain form: the favourite star (posts to /order/myCollect). */
export function FavForm({ id, fav, redirectTo, t, error }: { id: number; fav: boolean; redirectTo: string; t: T; error?: string }) {
  const label = fav ? t("favourite.remove") : t("favourite.add");
  return (
    <form
      method="post"
      action={actionUrl("/order/myCollect", { intent: fav ? "remove" : "add", productId: id, redirectTo })}
      className="inline-form"
      data-row-form="fav"
      data-product={id}
    >
      <button type="submit" className={`fav-star${fav ? " fav-on" : ""}`} aria-pressed={fav} aria-label={label} title={label}>
        {fav ? "★" : "☆"}
      </button>
      {error ? <span className="fav-error" role="alert">{error}</span> : null}
    </form>
  );
}
