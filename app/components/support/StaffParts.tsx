import { Form } from "@remix-run/react";
import { FieldError } from "~/components/admin/FieldError";
import { FilterSelect } from "~/components/admin/AdminList";
import { useTranslation } from "react-i18next";

/** The status filter of support's lists: the open ones, all, or one status. */
export function SupportStatusSelect({ status, statuses }: { status: string; statuses: Record<string, string> }) {
  const { t } = useTranslation("support");
  return (
    <FilterSelect
      name="status"
      label={t("request.filterStatus")}
      value={status}
      options={[
        { value: "open", label: t("request.open") },
        { value: "", label: t("request.all") },
        ...Object.entries(statuses).map(([s, key]) => ({ value: s, label: t(key) })),
      ]}
    />
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
