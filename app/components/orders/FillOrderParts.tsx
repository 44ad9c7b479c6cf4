import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GiftName } from "~/components/cart/GiftName";
import { Thumbnail } from "~/components/catalogue/Thumbnail";
import type { ThumbKey } from "~/modules/catalogue/thumbnail";
import type { Language } from "~/i18n/config";
import { useRuleText } from "./RuleMessage";
import { Can } from "~/components/Can";

/** An error of the fill-order page: a message key with its values, for a field or a cart line. */
export interface FillOrderError {
  key: string;
  values?: Record<string, string | number>;
  field?: string;
  lineId?: number;
}

interface AddressChoice {
  id: number;
  consignee: string;
  phone: string;
  text: string;
}

/**
 * The shipping address of the order: the address book as radio buttons of the order form, and a
 * form of its own to add an address (open when the book is empty or the new address had errors).
 */
export function ShippingAddressSection({
  addresses,
  chosenAddressId,
  error,
  addressErrors,
}: {
  addresses: AddressChoice[];
  chosenAddressId: number | null;
  error: FillOrderError | undefined;
  addressErrors: FillOrderError[];
}) {
  const { t } = useTranslation("order");
  const ruleText = useRuleText();
  const addrErr = (f: string) => addressErrors.find((e) => e.field === f);
  return (
    <section className="card" aria-labelledby="addr-title">
      <h2 id="addr-title" className="section-title required">
        {t("fill.address")}
      </h2>
      {addresses.length === 0 && <p className="muted">{t("fill.noAddresses")}</p>}
      <ul className="address-list">
        {addresses.map((a) => (
          <li key={a.id}>
            <label className="address-option">
              <input type="radio" name="addressId" value={a.id} form="order-form" defaultChecked={a.id === chosenAddressId} required />
              <span>
                <strong>{a.consignee}</strong> {a.phone}
                <br />
                <span className="muted">{a.text}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error && <p className="field-error">{ruleText(error)}</p>}
      <Can funcCode="address:edit">
        <details className="inline-details" open={addressErrors.length > 0 || addresses.length === 0}>
          <summary>{t("fill.addAddress")}</summary>
          <Form method="post" className="form-grid" noValidate={false}>
            {addressErrors
              .filter((e) => !e.field)
              .map((e) => (
                <p key={e.key} className="message message-error" role="alert">
                  {t(e.key)}
                </p>
              ))}
            {(["consignee", "phone", "province", "city", "district", "line", "postcode"] as const).map((f) => (
              <label key={f} className="field">
                <span className={f === "postcode" ? undefined : "required"}>{t(`fill.${f}`)}</span>
                <input name={f} required={f !== "postcode"} maxLength={f === "line" ? 300 : 60} aria-invalid={addrErr(f) ? true : undefined} />
                {addrErr(f) && <span className="error">{t(addrErr(f)!.key)}</span>}
              </label>
            ))}
            <div>
              <button className="btn" name="intent" value="addAddress">
                {t("fill.saveAddress")}
              </button>
            </div>
          </Form>
        </details>
      </Can>
    </section>
  );
}

interface FillLine {
  id: number;
  code: string;
  nameZh: string;
  nameEn: string;
  /** the product's picture (decision 069) */
  thumb: ThumbKey;
  qty: number;
  unit: number | null;
  amount: number | null;
  discount: number;
  esd: string;
  error: FillOrderError | null | undefined;
  /** the free gift the line's promotion gives (the cart's, computed on the server) */
  gift: { orderingCode: string; nameZh: string; nameEn: string; qty: number; allowance: number } | null;
}

/** The order's lines with their expected ship date (ESD) and the ship date the dealer asks for. */
export function FillOrderLines({
  lines,
  today,
  money,
  lineError,
}: {
  lines: FillLine[];
  today: string;
  money: (n: number | null) => string;
  lineError: (lineId: number) => FillOrderError | undefined;
}) {
  const { t, i18n } = useTranslation("order");
  const lang = i18n.language as Language;
  const ruleText = useRuleText();
  return (
    <div className="table-scroll">
      <table className="data-table stack-table fill-lines">
        <thead>
          <tr>
            <th>{t("cart.code")}</th>
            <th className="num">{t("cart.qty")}</th>
            <th className="num">{t("cart.unitPrice")}</th>
            <th className="num">{t("cart.amount")}</th>
            <th>{t("fill.esd")}</th>
            <th>{t("fill.shipDate")}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => [
            <tr key={l.id} data-testid="fill-line" className={l.error || lineError(l.id) ? "line-invalid" : undefined}>
              <td data-label={t("cart.code")}>
                <div className="with-thumb">
                  <Thumbnail shape={l.thumb} />
                  <div>
                    <span className="code">{l.code}</span>
                    <div className="muted small">{lang === "en" ? l.nameEn : l.nameZh}</div>
                    {(lineError(l.id) ?? l.error) && <div className="line-error">{ruleText(lineError(l.id) ?? l.error)}</div>}
                  </div>
                </div>
              </td>
              <td className="num" data-label={t("cart.qty")}>
                {l.qty}
              </td>
              <td className="num" data-label={t("cart.unitPrice")}>
                {money(l.unit)}
              </td>
              <td className="num" data-label={t("cart.amount")}>
                {money(l.amount)}
                {l.discount > 0 && <div className="muted small">−{money(l.discount)}</div>}
              </td>
              <td className="nowrap" data-label={t("fill.esd")}>
                {l.esd}
              </td>
              <td data-label={t("fill.shipDate")}>
                <label className="visually-hidden" htmlFor={`sd_${l.id}`}>
                  {t("fill.shipDate")} {l.code}
                </label>
                <input id={`sd_${l.id}`} className="date-input" type="date" name={`shipDates.${l.id}`} defaultValue={l.esd} min={today} />
              </td>
            </tr>,
            l.gift && (
              <tr key={`gift-${l.id}`} className="gift-row" data-testid="gift-line" data-code={l.gift.orderingCode}>
                <td data-label={t("cart.code")}>
                  <GiftName gift={l.gift} />
                </td>
                <td className="num" data-label={t("cart.qty")}>
                  <span data-testid="gift-qty">{l.gift.qty}</span>
                  {/* fewer than the promotion gives: the dealer's choice in the cart (decision 074) */}
                  {l.gift.qty < l.gift.allowance && (
                    <div className="muted small">{l.gift.qty === 0 ? t("cart.giftDeclined") : t("cart.giftUpTo", { n: l.gift.allowance })}</div>
                  )}
                </td>
                <td className="num" data-label={t("cart.unitPrice")}>
                  {money(0)}
                </td>
                <td className="num" data-label={t("cart.amount")}>
                  {money(0)}
                </td>
                <td data-label={t("fill.esd")}>—</td>
                <td data-label={t("fill.shipDate")}>—</td>
              </tr>
            ),
          ])}
        </tbody>
      </table>
    </div>
  );
}
