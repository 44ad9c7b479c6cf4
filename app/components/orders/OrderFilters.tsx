import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ORDER_STATUSES } from "~/modules/orders/status";

type Field = "from" | "to" | "status" | "orderNo" | "poNo" | "code" | "trackingNo";

const LABELS: Record<Field, string> = {
  from: "orders.from",
  to: "orders.to",
  status: "orders.status",
  orderNo: "orders.orderNo",
  poNo: "orders.poNo",
  code: "orders.code",
  trackingNo: "records.trackingNo",
};

/** The filter bar of the order list and the delivery records: a GET form, so it works without JavaScript. */
export function OrderFilters({
  fields,
  values,
  resetTo,
  hidden = {},
}: {
  fields: Field[];
  values: Partial<Record<Field, string | null>>;
  resetTo: string;
  hidden?: Record<string, string>;
}) {
  const { t } = useTranslation("order");
  return (
    <Form method="get" className="filters" role="search" aria-label={t("filters.label")}>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fields.map((field) => (
        <label key={field}>
          {t(LABELS[field])}
          {field === "status" ? (
            <select name="status" defaultValue={values.status ?? ""}>
              <option value="">{t("orders.anyStatus")}</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          ) : field === "from" || field === "to" ? (
            <input type="date" name={field} defaultValue={values[field] ?? ""} />
          ) : (
            <input name={field} defaultValue={values[field] ?? ""} maxLength={60} />
          )}
        </label>
      ))}
      <div className="filter-actions">
        <button className="btn" type="submit">
          {t("orders.search")}
        </button>
        <Link className="btn btn-outline" to={resetTo}>
          {t("orders.reset")}
        </Link>
      </div>
    </Form>
  );
}
