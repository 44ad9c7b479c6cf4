import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ShopLoginShell } from "~/components/auth/AuthShell";

/** A refused sign-in hand-over: why, and the ways on (the portal again, or the shop's own sign-in). */
export function RelayRefused() {
  const data = useLoaderData<{ refusal: string }>();
  const { t } = useTranslation("services");
  return (
    <ShopLoginShell title={t("relay.title")}>
      <div role="alert" className="message message-error" data-testid="relay-refused">
        <p>{t(data.refusal)}</p>
      </div>
      <p>{t("relay.wayOn")}</p>
      <p>
        <Link className="btn" to="/shop_login">
          {t("relay.signIn")}
        </Link>
      </p>
    </ShopLoginShell>
  );
}
