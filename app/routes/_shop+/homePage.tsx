import { Box, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getDb } from "~/db/index.server";
import { formatDate } from "~/i18n/format";
import { getLanguage } from "~/i18n/i18n.server";
import { getOptionalDealer } from "~/utils/session.server";
import { getCatalogueMenu } from "~/modules/catalogue/menu.server";
import { listNewOrHot } from "~/modules/catalogue/catalogue.server";
import { listContent } from "~/modules/content/content.server";
import { listPromotions } from "~/modules/promotions/promotions.server";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.home");

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await getOptionalDealer(request);
  const lang = await getLanguage(request, user?.language);
  const [catalogue, announcements, newProducts, flash, sales] = await Promise.all([
    getCatalogueMenu(db, lang),
    listContent(db, { kind: "announcement", lang, tenantId: user?.tenantId, limit: 5 }),
    listNewOrHot(db, { which: "new", lang, page: 1, pageSize: 8 }),
    // promotions belong to a company (tenant): shown once signed in
    user ? listPromotions(db, { tenantId: user.tenantId, lang, flash: true, limit: 4 }) : [],
    user ? listPromotions(db, { tenantId: user.tenantId, lang, flash: false, limit: 4 }) : [],
  ]);
  const promotions = [
    ...flash.map((p) => ({ id: p.id, title: p.title, endsAt: p.endsAt, href: `/rushToPurchase/promotionItem?id=${p.id}`, kind: p.kind })),
    ...sales.map((p) => ({ id: p.id, title: p.title, endsAt: p.endsAt, href: `/promotion/promotionItem?id=${p.id}`, kind: p.kind })),
  ];
  const newItems = newProducts.rows.map((r) => ({ code: r.orderingCode, name: r.name, specification: r.specification }));
  return { catalogue, announcements, newItems, promotions, signedIn: !!user };
}

export default function HomePage() {
  const { catalogue, announcements, newItems, promotions, signedIn } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Box display="grid" gridTemplateColumns={{ base: "1fr", lg: "3fr 1fr" }} gap="6">
      <Box as="section" aria-labelledby="catalogue-heading">
        <Heading as="h1" id="catalogue-heading" size="xl" color="brand.700">
          {t("home.catalogue")}
        </Heading>
        <Text color="fg.muted" mb="4">
          {t("home.catalogueHint")}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
          {catalogue.map((l1) => (
            <Box key={l1.code} className="card" data-testid="catalogue-entry">
              <Link className="card-title" to={`/product/productFirst?catalogueCode=${encodeURIComponent(l1.code)}`}>
                {l1.label}
              </Link>
              <ul className="card-links">
                {l1.children.slice(0, 6).map((l2) => (
                  <li key={l2.code}>
                    <Link to={`/product/productSecond?catalogueCode=${encodeURIComponent(l2.code)}&parentCode=${encodeURIComponent(l1.code)}`}>{l2.label}</Link>
                  </li>
                ))}
              </ul>
            </Box>
          ))}
        </SimpleGrid>
      </Box>
      <Box as="section" aria-labelledby="new-heading" className="card" gridColumn={{ lg: "1 / 2" }}>
        <div className="section-head">
          <Heading as="h2" id="new-heading" size="md" color="brand.700">
            {t("home.newProducts")}
          </Heading>
          <Link to="/newOrHot?tab=new">{t("home.more")} →</Link>
        </div>
        <ul className="home-products">
          {newItems.map((p) => (
            <li key={p.code}>
              <Link to={`/item?code=${encodeURIComponent(p.code)}`} className="code">
                {p.code}
              </Link>
              <span>{p.name}</span>
              <small>{p.specification}</small>
            </li>
          ))}
        </ul>
      </Box>
      <Box as="section" aria-labelledby="promotions-heading" className="card">
        <div className="section-head">
          <Heading as="h2" id="promotions-heading" size="md" color="brand.700">
            {t("home.promotions")}
          </Heading>
          <Link to="/promotion">{t("home.more")} →</Link>
        </div>
        {!signedIn ? (
          <Text color="fg.muted" fontSize="sm">
            <Link to="/shop_login?redirect=%2FhomePage">{t("home.promotionsLogin")}</Link>
          </Text>
        ) : promotions.length === 0 ? (
          <Text color="fg.muted">{t("home.noPromotions")}</Text>
        ) : (
          <ul className="announcements">
            {promotions.map((p) => (
              <li key={`${p.kind}-${p.id}`}>
                <Link to={p.href}>
                  <span className={`tag tag-${p.kind}`}>{t(`home.kind.${p.kind}`)}</span> {p.title}
                </Link>
                <time dateTime={p.endsAt}>{formatDate(p.endsAt)}</time>
              </li>
            ))}
          </ul>
        )}
      </Box>
      <Box as="aside" aria-labelledby="announcements-heading" className="card" gridRow={{ lg: "1" }} gridColumn={{ lg: "2" }}>
        <Heading as="h2" id="announcements-heading" size="md" color="brand.700" mb="3">
          {t("home.announcements")}
        </Heading>
        {announcements.length === 0 ? (
          <Text color="fg.muted">{t("home.noAnnouncements")}</Text>
        ) : (
          <ul className="announcements">
            {announcements.map((a) => (
              <li key={a.id}>
                <Link to={`/announcement?id=${a.id}`}>{a.title}</Link>
                <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>
              </li>
            ))}
          </ul>
        )}
      </Box>
    </Box>
  );
}
