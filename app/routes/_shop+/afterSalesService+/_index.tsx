import { Heading, SimpleGrid, Text } from "@chakra-ui/react";
import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { ChineseOnly } from "~/components/content/ChineseOnly";
import { DealerPageLink } from "~/components/layout/DealerPageLink";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.afterSalesService");

/** After-sales service (Chinese only): satisfaction survey and customer feedback. */
export default function AfterSalesService() {
  const { t, i18n } = useTranslation();
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <section>
      <Heading as="h1" size="xl" color="brand.700" mb="4">
        {t("menu.afterSalesService")}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <div className="card">
          <DealerPageLink className="card-title" to="/afterSalesService/satisfication">
            {t("menu.satisfication")}
          </DealerPageLink>
          <Text color="fg.muted" fontSize="sm">
            {t("content.satisficationIntro")}
          </Text>
        </div>
        <div className="card">
          <DealerPageLink className="card-title" to="/afterSalesService/askAfterSales">
            {t("menu.askAfterSales")}
          </DealerPageLink>
          <Text color="fg.muted" fontSize="sm">
            {t("content.askAfterSalesIntro")}
          </Text>
        </div>
      </SimpleGrid>
    </section>
  );
}
