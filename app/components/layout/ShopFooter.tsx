import { useTranslation } from "react-i18next";
import { useCachedT } from "~/i18n/useCachedT";

export interface FooterNotice {
  id: number;
  title: string;
}

/** Links, company introduction, hotline and e-mail, notification box, copyright (zh only). */
export function ShopFooter({
  hotline,
  contactEmail,
  notices,
  signedIn,
}: {
  hotline: string;
  contactEmail: string;
  notices: FooterNotice[];
  signedIn: boolean;
}) {
  const { i18n } = useTranslation();
  const t = useCachedT("common");
  const tb = useCachedT("bidding");
  return (
    <footer className="shop-footer">
      <div className="container footer-grid">
        <section>
          <h2>{t("footer.links")}</h2>
          <ul>
            <li>
              <a data-nav href="/homePage">{t("menu.home")}</a>
            </li>
            <li>
              <a data-nav href="/product">{t("menu.product")}</a>
            </li>
            <li>
              <a data-nav href="/technologyService/selectionCategory">{t("menu.selectionCategory")}</a>
            </li>
            <li>
              <a data-nav href="/downloadService">{t("menu.downloadService")}</a>
            </li>
            <li>
              <a data-nav href="/gdre">{tb("title")}</a>
            </li>
          </ul>
        </section>
        <section>
          <h2>{t("footer.introTitle")}</h2>
          <p>{t("footer.intro")}</p>
        </section>
        <section>
          <h2>{t("footer.hotline")}</h2>
          <p className="footer-strong">{hotline}</p>
          <h2>{t("footer.email")}</h2>
          <p>
            <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </p>
        </section>
        <section className="notice-box" aria-live="polite">
          <h2>{t("footer.notices")}</h2>
          {signedIn && notices.length > 0 ? (
            <ul>
              {notices.map((n) => (
                <li key={n.id}>
                  <a data-nav href={`/order/myMessage?id=${n.id}`}>{n.title}</a>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t("footer.noNotices")}</p>
          )}
        </section>
      </div>
      {i18n.language !== "en" ? <p className="copyright">{t("footer.copyright")}</p> : null}
    </footer>
  );
}
