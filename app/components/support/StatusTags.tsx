import { useTranslation } from "react-i18next";
import { REQUEST_STATUS, RESERVATION_STATUS } from "./labels";

interface Props {
  status: string;
  testId?: string;
}

function Tag({ status, label, testId }: Props & { label: string | undefined }) {
  const { t } = useTranslation("support");
  return (
    <span className={`support-status support-status-${status}`} data-testid={testId}>
      {t(label ?? status)}
    </span>
  );
}

/** A support request's status (decision 050) as a coloured tag; its text says it too. */
export const RequestStatus = ({ status, testId }: Props) => <Tag status={status} label={REQUEST_STATUS[status]} testId={testId} />;

/** A stock reservation's status (decision 052) as a coloured tag. */
export const ReservationStatus = ({ status, testId }: Props) => <Tag status={status} label={RESERVATION_STATUS[status]} testId={testId} />;
