import { useTranslation } from "react-i18next";
import { BrandLink } from "~/components/layout/BrandLink";
import { LanguageToggle } from "~/components/layout/LanguageToggle";

/** The frame of the shop-style login page: brand bar, a picture panel and the form card. */
export function ShopLoginShell({ children, title }: { children: React.ReactNode; title: string }) {
  const { t } = useTranslation("common");
  const { t: ta } = useTranslation("auth");
  return (
    <div className="login-page">
      <header className="login-top">
        <div className="container login-top-inner">
          <BrandLink />
          <div className="login-top-actions">
            <LanguageToggle />
          </div>
        </div>
      </header>
      <main id="main" className="login-main">
        <div className="container login-grid">
          <section className="login-hero" aria-hidden="true">
            <h2>{ta("login.heroTitle")}</h2>
            <p>{ta("login.heroText")}</p>
            <svg viewBox="0 0 240 140" className="login-hero-art">
              <polygon points="60,20 110,70 60,120 10,70" fill="none" stroke="#fff" strokeWidth="3" opacity=".8" />
              <circle cx="60" cy="70" r="12" fill="none" stroke="#fff" strokeWidth="3" opacity=".8" />
              <polygon points="160,30 200,70 160,110 120,70" fill="#e8620c" opacity=".85" />
              <circle cx="160" cy="70" r="9" fill="#032c55" />
            </svg>
          </section>
          <section className="login-card" aria-labelledby="login-title">
            <h1 id="login-title">{title}</h1>
            {children}
          </section>
        </div>
      </main>
      <footer className="login-footer">
        <div className="container">
          {t("portalTitle")} · {t("shopName")}
        </div>
      </footer>
    </div>
  );
}
