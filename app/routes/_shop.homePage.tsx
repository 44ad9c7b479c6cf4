import { Box, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getDb } from "~/db/index.server";
import { formatDate } from "~/i18n/format";
import { getLanguage } from "~/i18n/i18n.server";
import { getOptionalSessionUser } from "~/modules/auth/session.server";
import { getCatalogueMenu } from "~/modules/catalogue/menu.server";
import { listContent } from "~/modules/content/content.server";

export const meta: MetaFunction = () => [{ title: "首页 · Home · 经销商门户 Dealer Portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await getOptionalSessionUser(request);
  const lang = await getLanguage(request, user?.language);
  const [catalogue, announcements] = await Promise.all([
    getCatalogueMenu(db, lang),
    listContent(db, { kind: "announcement", lang, tenantId: user?.tenantId, limit: 5 }),
  ]);
  return { catalogue, announcements };
}

export default function HomePage() {
  const { catalogue, announcements } = useLoaderData<typeof loader>();
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
                    <Link
                      to={`/product/productSecond?catalogueCode=${encodeURIComponent(l2.code)}&parentCode=${encodeURIComponent(l1.code)}`}
                    >
                      {l2.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </Box>
          ))}
        </SimpleGrid>
      </Box>
      <Box as="aside" aria-labelledby="announcements-heading" className="card">
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
