import { useCachedT } from "~/i18n/useCachedT";
import type { Toast as ToastData } from "~/utils/cookies.server";

/**
 * The toast a redirect left (redirectWithToast): shown once above the page, in the page's language
 * (the text the layout's loader translated, else the key translated here).
 */
export function Toast({ toast }: { toast: (ToastData & { text?: string }) | null }) {
  const t = useCachedT("common");
  if (!toast) return null;
  const error = toast.kind === "error";
  return (
    <p className={error ? "message message-error" : "message message-success"} role={error ? "alert" : "status"} data-testid="flash">
      {toast.text ?? t(toast.key, toast.values)}
    </p>
  );
}
