import { Form } from "@remix-run/react";
import { FieldError } from "~/components/admin/FieldError";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The filter of customer support's lists (decisions 050, 052), a GET form: the status — the open
 * ones, all, or one of `statuses` (value → i18n key) — and any further fields the page adds.
 */
export function StatusFilter({
  testId,
  status,
  statuses,
  children,
}: {
  testId: string;
  status: string;
  statuses: Record<string, string>;
  children?: ReactNode;
}) {
  const { t } = useTranslation("support");
  return (
    <Form method="get" className="admin-toolbar" data-testid={testId}>
      <label>
        {t("request.filterStatus")}
        <select name="status" defaultValue={status}>
          <option value="open">{t("request.open")}</option>
          <option value="">{t("request.all")}</option>
          {Object.entries(statuses).map(([s, key]) => (
            <option key={s} value={s}>
              {t(key)}
            </option>
          ))}
        </select>
      </label>
      {children}
      <button type="submit" className="btn btn-outline">
        {t("request.filter")}
      </button>
    </Form>
  );
}

/** Customer support refuses a submitted request or reservation with a reason the dealer is shown (`errors`: the reason's, from conform). */
export function RefuseForm({ testId, button, errors }: { testId: string; button: string; errors?: string[] }) {
  const { t } = useTranslation("support");
  const errorId = `${testId}-reason-error`;
  return (
    <Form method="post" className="admin-form" data-testid={testId}>
      <input type="hidden" name="intent" value="refuse" />
      <label>
        {t("request.reason")}
        <textarea name="reason" rows={2} maxLength={500} required {...(errors?.length ? { "aria-invalid": true, "aria-describedby": errorId } : {})} />
        <FieldError errors={errors} id={errorId} />
      </label>
      <div className="admin-form-actions">
        <button type="submit" className="btn btn-outline btn-danger">
          {button}
        </button>
      </div>
    </Form>
  );
}
