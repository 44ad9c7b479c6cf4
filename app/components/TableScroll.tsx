import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A table too wide for a phone that stays a table (decision 068): the scroller is a named region a
 * keyboard can focus and scroll, and below 992 px a line above it says that it scrolls sideways
 * (the line is also the region's description, so a screen reader hears it too). Tables whose rows
 * read well as cards use `.stack-table` instead.
 */
export function TableScroll({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  const { t } = useTranslation("common");
  const hintId = useId();
  return (
    <>
      <p className="scroll-hint" id={hintId}>
        {t("tableScroll")} <span aria-hidden="true">→</span>
      </p>
      <div className={className ? `table-scroll ${className}` : "table-scroll"} role="region" aria-label={label} aria-describedby={hintId} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
