import { useSearchParams } from "@remix-run/react";
import { CartFlash } from "~/components/cart/CartFlash";
import { CATALOGUE_MESSAGES } from "./messages";
import { useCachedT } from "~/i18n/useCachedT";

/** The result of a form posted without JavaScript, carried back in `?catMsg=` (known keys only). */
export function CatalogueMessage() {
  const [params] = useSearchParams();
  const t = useCachedT("catalogue");
  const key = params.get("catMsg");
  // the cart's own result message after a no-JS add to cart (?cartOk= / ?cartErr=)
  if (!key || !(CATALOGUE_MESSAGES as readonly string[]).includes(key)) return <CartFlash />;
  const error = key.endsWith("priceEmpty") || key.endsWith("notFound");
  return (
    <p className={`message ${error ? "message-error" : "message-success"}`} role={error ? "alert" : "status"}>
      {t(key)}
    </p>
  );
}
