import { useTranslation } from "react-i18next";

/** An order's status as a coloured tag. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation("order");
  return <span className={`status status-${status}`}>{t(`status.${status}`, { defaultValue: status })}</span>;
}
