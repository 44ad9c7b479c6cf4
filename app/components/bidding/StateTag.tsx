import { useTranslation } from "react-i18next";
import type { BiddingState } from "~/modules/bidding/state";

/** A tender's state (upcoming, open, closed) as a coloured tag; its text says it too. */
export function StateTag({ state }: { state: BiddingState }) {
  const { t } = useTranslation("bidding");
  return (
    <span className={`bidding-state bidding-state-${state}`} data-testid="bidding-state">
      {t(`states.${state}`)}
    </span>
  );
}
