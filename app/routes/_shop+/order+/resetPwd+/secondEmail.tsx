import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthCard, ResetSteps } from "~/components/auth/ResetSteps";
import { RESET_LINK_MINUTES } from "~/modules/auth/rules";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["auth"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.resetPassword");

/** Reset step 2 by e-mail (public): the same answer whether or not the account exists. */
export default function ResetSecondEmail() {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t("reset.title")}>
      <ResetSteps current={1} />
      <p className="message message-success" role="status" data-testid="reset-email-sent">
        {t("reset.emailSent", { minutes: RESET_LINK_MINUTES })}
      </p>
      <p className="auth-hint">{t("reset.emailHint")}</p>
      <p>
        <Link to="/order/resetPwd/first" className="text-link">
          {t("reset.again")}
        </Link>
        {" · "}
        <Link to="/shop_login" className="text-link">
          {t("reset.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
