import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/Pager";

/** A posted text field back into its form after the server refused the post (without JavaScript too). */
export const postedText = (x: unknown) => (typeof x === "string" ? x : undefined);

interface ListPageProps {
  title: string;
  intro: string;
  newLabel: string;
  newTo: string;
  newTestId: string;
  listTitle: string;
  /** the note shown instead of the table when there is nothing to list */
  emptyNote: string | null;
  tableLabel: string;
  paging: { page: number; total: number; pageSize: number };
  /** the `<table>` */
  children: ReactNode;
}

/** A dealer's list of his customer-support requests or reservations (decisions 050, 052): a link to a new one, the table, the pages. */
export function DealerListPage({ title, intro, newLabel, newTo, newTestId, listTitle, emptyNote, tableLabel, paging, children }: ListPageProps) {
  return (
    <section className="support-page">
      <div className="page-head">
        <h1 className="auth-title">{title}</h1>
        <Link to={newTo} className="btn btn-lg" data-testid={newTestId}>
          {newLabel}
        </Link>
      </div>
      <p>{intro}</p>
      <h2>{listTitle}</h2>
      {emptyNote ? (
        <p className="card empty-note">{emptyNote}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={tableLabel}>
          {children}
        </div>
      )}
      <Pager page={paging.page} total={paging.total} pageSize={paging.pageSize} />
    </section>
  );
}

/**
 * The ordering-code and quantity inputs of a dealer's request form: `count` numbered lines, the
 * first one required, refilled from what was posted.
 */
export function OrderingCodeLines({
  count,
  posted,
  maxQty,
  legend,
  hint,
  qtyLabel,
}: {
  count: number;
  posted: unknown;
  maxQty: number;
  legend: string;
  hint: string;
  qtyLabel: string;
}) {
  const { t } = useTranslation("support");
  const lines = Array.isArray(posted) ? (posted as Record<string, unknown>[]) : [];
  return (
    <fieldset className="support-lines">
      <legend>{legend}</legend>
      <p className="admin-muted">{hint}</p>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="support-line">
          <label>
            {t("request.orderingCode")} {i + 1}
            <input name={`lines[${i}].code`} defaultValue={postedText(lines[i]?.code)} maxLength={60} autoComplete="off" required={i === 0} />
          </label>
          <label>
            {qtyLabel} {i + 1}
            <input
              name={`lines[${i}].qty`}
              defaultValue={postedText(lines[i]?.qty)}
              type="number"
              min={1}
              max={maxQty}
              inputMode="numeric"
              required={i === 0}
            />
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** A dealer's form buttons: send it, or go back to the list. */
export function SubmitOrCancel({ submit, cancelTo }: { submit: string; cancelTo: string }) {
  const { t } = useTranslation("support");
  return (
    <div className="row-actions">
      <button type="submit" className="btn btn-lg">
        {submit}
      </button>
      <Link to={cancelTo} className="btn btn-outline">
        {t("request.cancel")}
      </Link>
    </div>
  );
}
