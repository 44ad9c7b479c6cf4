import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthCard, ResetSteps } from "~/components/auth/ResetSteps";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["auth"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.passwordReset");

/** Reset step 4 (public): done; every old session of the account has ended. */
export default function ResetFinish() {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t("reset.title")}>
      <ResetSteps current={3} />
      <p className="message message-success" role="status" data-testid="reset-finished">
        {t("reset.finished")}
      </p>
      <Link to="/shop_login" className="btn">
        {t("reset.toLogin")}
      </Link>
    </AuthCard>
  );
}
