import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { readFlash } from "~/modules/cart/flash";
import { formatMoney } from "~/i18n/format";
import type { Language } from "~/i18n/config";
import { useCachedT } from "~/i18n/useCachedT";

/** Shows the result message of the last cart/order action (see modules/cart/flash.ts). */
export function CartFlash({ currency = "CNY" }: { currency?: string }) {
  const [params] = useSearchParams();
  const { i18n } = useTranslation("order");
  const t = useCachedT("order");
  const msg = readFlash(params);
  if (!msg) return null;
  const values: Record<string, string | number> = { ...msg.values };
  for (const k of ["available", "min"]) {
    if (typeof values[k] === "number" && msg.key.match(/credit|Amount/)) values[k] = formatMoney(values[k] as number, currency, i18n.language as Language);
  }
  return (
    <p className={`message ${msg.ok ? "message-success" : "message-error"}`} role={msg.ok ? "status" : "alert"} data-testid="flash">
      {t(msg.key, values)}
    </p>
  );
}
