import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useCachedT } from "~/i18n/useCachedT";
import type { MenuItem } from "~/modules/admin/menu-tree";

export interface FooterNotice {
  id: number;
  title: string;
}

/** The title the menu (back office, /system/menu) gives a page, so a renamed menu shows here at once. */
function menuTitle(items: readonly MenuItem[], href: string): string | undefined {
  for (const m of items) {
    if (m.href === href && m.title) return m.title;
    const inner = menuTitle(m.children, href);
    if (inner) return inner;
  }
  return undefined;
}

/** Links, company introduction, hotline and e-mail, notification box (each notice opens with one click), copyright (zh only). */
export function ShopFooter({
  hotline,
  contactEmail,
  notices,
  signedIn,
  menu,
}: {
  hotline: string;
  contactEmail: string;
  notices: FooterNotice[];
  signedIn: boolean;
  /** the shop's menu tree (the layout's, cached and refreshed with the menu table's version) */
  menu: readonly MenuItem[];
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
              <a data-nav href="/homePage">
                {menuTitle(menu, "/homePage") ?? t("menu.home")}
              </a>
            </li>
            <li>
              <a data-nav href="/product">
                {menuTitle(menu, "/product") ?? t("menu.product")}
              </a>
            </li>
            <li>
              <a data-nav href="/technologyService/selectionCategory">
                {menuTitle(menu, "/technologyService/selectionCategory") ?? t("menu.selectionCategory")}
              </a>
            </li>
            <li>
              <a data-nav href="/downloadService">
                {menuTitle(menu, "/downloadService") ?? t("menu.downloadService")}
              </a>
            </li>
            <li>
              <a data-nav href="/gdre">
                {menuTitle(menu, "/gdre") ?? tb("title")}
              </a>
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
                  {/* opening a notice marks it read and leads to where its action is (the order
                      with the proposed date and agree / disagree): a post, one click, JS or not */}
                  <Form method="post" action="/order/myMessage" className="inline-form">
                    <input type="hidden" name="id" value={n.id} />
                    <button type="submit" name="intent" value="open" className="link-button notice-link" data-testid="footer-notice">
                      {n.title}
                    </button>
                  </Form>
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
