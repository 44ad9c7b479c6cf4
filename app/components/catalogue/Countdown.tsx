import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { countdown, pad2 } from "~/modules/promotions/rules";

/**
 * Time left until `until`: rendered on the server from the server's clock (`now`), then ticking
 * every second in the browser.
 */
export function Countdown({ until, now, label }: { until: string; now: string; label: string }) {
  const { t } = useTranslation("catalogue");
  const [current, setCurrent] = useState(() => new Date(now));
  useEffect(() => {
    const offset = Date.parse(now) - Date.now();
    const timer = setInterval(() => setCurrent(new Date(Date.now() + offset)), 1000);
    return () => clearInterval(timer);
  }, [now]);
  const c = countdown(until, current);
  return (
    <span className="countdown" role="timer" aria-live="off">
      {c.total === 0 ? (
        t("promotion.ended")
      ) : (
        <>
          {label} <strong>{t("promotion.countdown", { days: c.days, hh: pad2(c.hours), mm: pad2(c.minutes), ss: pad2(c.seconds) })}</strong>
        </>
      )}
    </span>
  );
}
