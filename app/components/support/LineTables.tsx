import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/i18n/format";

/**
 * A support request's lines (decisions 050, 052): ordering code, name, quantity. A marketing
 * request's lines are items of the entity's list, which have no ordering code (`items`).
 */
export function RequestLinesTable({ lines, items = false }: { lines: { code: string; name: string; qty: number }[]; items?: boolean }) {
  const { t } = useTranslation("support");
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t("request.linesTable")}>
      <table className="data-table">
        <caption className="visually-hidden">{t("request.linesTable")}</caption>
        <thead>
          <tr>
            {items ? null : <th scope="col">{t("request.orderingCode")}</th>}
            <th scope="col">{t(items ? "marketing.item" : "request.name")}</th>
            <th scope="col" className="num">
              {t("request.qty")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={`${i}-${l.code}`}>
              {items ? null : <td className="code">{l.code}</td>}
              <td>{l.name}</td>
              <td className="num">{l.qty}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface ReservationLine {
  id: number;
  code: string;
  name: string;
  qty: number;
  approved: number;
  ordered: number;
  remaining: number;
  /** the stock available now: customer support's view only */
  available?: number;
}

/**
 * A stock reservation's lines (decision 052): what was asked and, once decided, approved, ordered
 * and still kept. Customer support's view (`approval`) adds the stock available and always shows
 * the approved quantity: while the reservation waits for a decision (`editable`) as an input per
 * line, which the page's approve form posts.
 */
export function ReservationLinesTable({ lines, decided, approval }: { lines: ReservationLine[]; decided: boolean; approval?: { editable: boolean } }) {
  const { t } = useTranslation("support");
  const num = (text: string) => (
    <th scope="col" className="num">
      {text}
    </th>
  );
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t("reserve.lines")}>
      <table className="data-table" data-testid="reserve-lines">
        <caption className="visually-hidden">{t("reserve.lines")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("reserve.orderingCode")}</th>
            <th scope="col">{t("reserve.name")}</th>
            {num(t("reserve.qty"))}
            {approval ? num(t("reserve.available")) : null}
            {approval || decided ? num(t("reserve.approvedQty")) : null}
            {decided ? num(t("reserve.orderedQty")) : null}
            {decided ? num(t("reserve.remaining")) : null}
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={l.id}>
              <td className="code">{l.code}</td>
              <td className="reserve-name">{l.name}</td>
              <td className="num">{l.qty}</td>
              {approval ? <td className="num">{l.available}</td> : null}
              {approval?.editable ? (
                <td className="num">
                  <input type="hidden" name={`lines[${i}].id`} value={l.id} />
                  <input
                    name={`lines[${i}].qty`}
                    type="number"
                    min={0}
                    max={l.qty}
                    defaultValue={Math.min(l.qty, Math.max(0, l.available ?? 0))}
                    aria-label={`${t("reserve.approvedQty")} ${l.code}`}
                    className="reserve-qty"
                    required
                  />
                </td>
              ) : approval || decided ? (
                <td className="num">{l.approved}</td>
              ) : null}
              {decided ? <td className="num">{l.ordered}</td> : null}
              {decided ? (
                <td className="num" data-testid="reserve-remaining">
                  {l.remaining}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The orders that drew on a stock reservation (decision 052); `orderHref` leads to the order. */
export function ReservationUsesTable({
  uses,
  orderHref,
}: {
  uses: { code: string; orderNo: string; qty: number; at: string }[];
  orderHref: (orderNo: string) => string;
}) {
  const { t } = useTranslation("support");
  if (uses.length === 0) return null;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t("reserve.uses")}>
      <table className="data-table" data-testid="reserve-uses">
        <caption>{t("reserve.uses")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("reserve.orderNo")}</th>
            <th scope="col">{t("reserve.orderingCode")}</th>
            <th scope="col" className="num">
              {t("request.qty")}
            </th>
            <th scope="col">{t("reserve.usedAt")}</th>
          </tr>
        </thead>
        <tbody>
          {uses.map((u, i) => (
            <tr key={i}>
              <td>
                <Link to={orderHref(u.orderNo)}>{u.orderNo}</Link>
              </td>
              <td className="code">{u.code}</td>
              <td className="num">{u.qty}</td>
              <td>{formatDateTime(u.at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
