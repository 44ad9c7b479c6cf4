import { useTranslation } from "react-i18next";
import type { Language } from "~/i18n/config";
import { formatDateTime, formatMoney } from "~/i18n/format";

interface OrderFactsView {
  created_at: string;
  user_code: string;
  po_no: string | null;
  consignee: string;
  phone: string;
  address_text: string;
  payment_method: string;
  payment_deadline: string | null;
  expected_delivery_date: string;
  currency: string;
  goods_amount: number;
  discount_amount: number;
  shipping_fee: number;
  payable_amount: number;
}

/** The dealer's order at a glance: date, account, PO no., consignee, payment and the amounts. */
export function OrderFacts({ order }: { order: OrderFactsView }) {
  const { t, i18n } = useTranslation("order");
  const money = (n: number) => formatMoney(n, order.currency, i18n.language as Language);
  return (
    <dl className="details-grid">
      <div>
        <dt>{t("orders.date")}</dt>
        <dd>{formatDateTime(order.created_at)}</dd>
      </div>
      <div>
        <dt>{t("orders.user")}</dt>
        <dd>{order.user_code}</dd>
      </div>
      <div>
        <dt>{t("orders.poNo")}</dt>
        <dd>{order.po_no ?? "—"}</dd>
      </div>
      <div>
        <dt>{t("orders.consignee")}</dt>
        <dd>
          {order.consignee} {order.phone}
        </dd>
      </div>
      <div>
        <dt>{t("orders.address")}</dt>
        <dd>{order.address_text}</dd>
      </div>
      <div>
        <dt>{t("orders.paymentMethod")}</dt>
        <dd>{t(`fill.payment.${order.payment_method}`, { defaultValue: order.payment_method })}</dd>
      </div>
      <div>
        <dt>{t("orders.paymentDeadline")}</dt>
        <dd>{order.payment_deadline ?? "—"}</dd>
      </div>
      <div>
        <dt>{t("orders.deliveryDate")}</dt>
        <dd>{order.expected_delivery_date}</dd>
      </div>
      <div>
        <dt>{t("orders.goods")}</dt>
        <dd>{money(order.goods_amount)}</dd>
      </div>
      <div>
        <dt>{t("orders.discount")}</dt>
        <dd>−{money(order.discount_amount)}</dd>
      </div>
      <div>
        <dt>{t("orders.shipping")}</dt>
        <dd>{money(order.shipping_fee)}</dd>
      </div>
      <div>
        <dt>{t("orders.payable")}</dt>
        <dd className="payable">{money(order.payable_amount)}</dd>
      </div>
    </dl>
  );
}
