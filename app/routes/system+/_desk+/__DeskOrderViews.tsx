import { Form } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toLanguage } from "~/i18n/config";
import { formatDateTime, formatMoney } from "~/i18n/format";
import type { loader } from "./orders.$orderNo";

/** Parts of the order desk's order page (/system/orders/<no>, decision 044). */
type DeskOrder = SerializeFrom<typeof loader>;

/** The order's header facts: customer, account, PO no., dates, amount, consignee, remark, cancel reason. */
export function OrderFacts({ order }: { order: DeskOrder["order"] }) {
  const { t, i18n } = useTranslation("adminOrders");
  const lang = toLanguage(i18n.language);
  const en = lang === "en";
  return (
    <dl className="details-list">
      <dt>{t("field.customer")}</dt>
      <dd>
        {order.customer_code} {en ? order.customer_name_en : order.customer_name_zh}
      </dd>
      <dt>{t("field.user")}</dt>
      <dd>
        {order.user_code} {order.user_name}
      </dd>
      <dt>{t("field.poNo")}</dt>
      <dd>{order.po_no || "—"}</dd>
      <dt>{t("field.date")}</dt>
      <dd>{formatDateTime(order.created_at)}</dd>
      <dt>{t("field.deliveryDate")}</dt>
      <dd>{order.expected_delivery_date}</dd>
      <dt>{t("field.payable")}</dt>
      <dd>{formatMoney(order.payable_amount, order.currency, lang)}</dd>
      <dt>{t("field.consignee")}</dt>
      <dd>
        {order.consignee} {order.phone}
      </dd>
      <dt>{t("field.address")}</dt>
      <dd className="cell-wrap">{order.address_text}</dd>
      {order.remark ? (
        <>
          <dt>{t("field.remark")}</dt>
          <dd className="cell-wrap">{order.remark}</dd>
        </>
      ) : null}
      {order.cancel_reason ? (
        <>
          <dt>{t("field.cancelReason")}</dt>
          <dd className="cell-wrap" data-testid="cancel-reason">
            {order.cancel_reason}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** Records a shipment of the open lines, whole or partial per line. */
export function ShipmentForm(props: {
  openLines: DeskOrder["lines"];
  token: string;
  today: string;
  payload: Record<string, unknown>;
  fieldError: (name: string) => ReactNode;
  described: (name: string) => string | undefined;
}) {
  const { openLines, token, today, payload, fieldError, described } = props;
  const { t } = useTranslation("adminOrders");
  return (
    <section aria-labelledby="desk-ship">
      <h2 id="desk-ship">{t("details.ship")}</h2>
      <p className="admin-muted">{t("details.shipHint")}</p>
      <Form method="post" className="admin-form desk-ship-form" noValidate data-testid="ship-form">
        <input type="hidden" name="token" value={token} />
        <label>
          {t("field.shipDate")}
          <input
            type="date"
            name="shipDate"
            required
            defaultValue={(payload.shipDate as string | undefined) ?? today}
            aria-describedby={described("shipDate")}
          />
          {fieldError("shipDate")}
        </label>
        {(["carrier", "trackingNo", "packingSlipNo", "batchNo"] as const).map((f) => (
          <label key={f}>
            {t(`field.${f}`)}
            <input name={f} required maxLength={60} defaultValue={(payload[f] as string | undefined) ?? ""} aria-describedby={described(f)} />
            {fieldError(f)}
          </label>
        ))}
        <fieldset className="desk-ship-lines">
          <legend>{t("field.shipQty")}</legend>
          {openLines.map((l) => (
            <label key={l.id}>
              <span>
                {t("details.shipQtyLine", { line: l.line_no })} · <span className="code">{l.ordering_code}</span> (≤ {l.qty - l.shipped_qty})
              </span>
              <input
                type="number"
                name={`qty.${l.id}`}
                min={0}
                max={l.qty - l.shipped_qty}
                inputMode="numeric"
                defaultValue={(payload[`qty.${l.id}`] as string | undefined) ?? ""}
                data-testid={`ship-qty-${l.line_no}`}
              />
            </label>
          ))}
        </fieldset>
        <div className="admin-form-actions">
          <button type="submit" name="intent" value="ship" className="btn" data-testid="desk-ship">
            {t("details.ship")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The shipments recorded so far, one row per shipped line. */
export function ShipmentsTable({ shipments }: { shipments: DeskOrder["shipments"] }) {
  const { t } = useTranslation("adminOrders");
  return (
    <section aria-labelledby="desk-shipments">
      <h2 id="desk-shipments">{t("details.shipments")}</h2>
      {shipments.length === 0 ? (
        <p className="admin-muted">{t("details.noShipments")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="desk-shipments">
            <thead>
              <tr>
                <th scope="col">{t("field.shipDate")}</th>
                <th scope="col">{t("field.lineNo")}</th>
                <th scope="col">{t("field.code")}</th>
                <th scope="col" className="num">
                  {t("field.qty")}
                </th>
                <th scope="col">{t("field.carrier")}</th>
                <th scope="col">{t("field.trackingNo")}</th>
                <th scope="col">{t("field.packingSlipNo")}</th>
                <th scope="col">{t("field.batchNo")}</th>
              </tr>
            </thead>
            <tbody>
              {shipments.map((s) => (
                <tr key={s.id} data-testid="desk-shipment">
                  <td>{s.ship_date}</td>
                  <td>{s.line_no}</td>
                  <td className="code">{s.ordering_code}</td>
                  <td className="num">{s.qty}</td>
                  <td>{s.carrier}</td>
                  <td className="code">{s.tracking_no}</td>
                  <td className="code">{s.packing_slip_no}</td>
                  <td className="code">{s.batch_no}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
