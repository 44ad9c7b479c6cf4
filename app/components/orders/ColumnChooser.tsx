import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * The column chooser of a table (decision 053): a plain form in a <details> posting to
 * /userModuleField, which saves the choice for the user and module and sends the browser back
 * here (works without JavaScript). The fixed column is always kept.
 */
export function ColumnChooser({
  module,
  columns,
  chosen,
  fixed,
  label,
}: {
  module: string;
  columns: readonly string[];
  chosen: readonly string[];
  fixed: string;
  label: (column: string) => string;
}) {
  const { t } = useTranslation("order");
  const location = useLocation();
  return (
    <details className="column-chooser">
      <summary className="btn btn-outline">{t("orders.columns")}</summary>
      <Form method="post" action="/userModuleField" className="columns-panel" data-testid={`columns-${module}`}>
        <input type="hidden" name="module" value={module} />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {columns.map((c) => (
          <label key={c}>
            <input type="checkbox" name="col" value={c} defaultChecked={chosen.includes(c)} disabled={c === fixed} />
            {label(c)}
          </label>
        ))}
        <input type="hidden" name="col" value={fixed} />
        <button className="btn" type="submit">
          {t("orders.saveColumns")}
        </button>
      </Form>
    </details>
  );
}
