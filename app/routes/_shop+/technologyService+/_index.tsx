import { Heading, SimpleGrid, Text } from "@chakra-ui/react";
import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { DealerPageLink } from "~/components/layout/DealerPageLink";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.technicalService");

/** Technical service: online training, customized tool quotation (Chinese only), product selection. */
export default function TechnologyService() {
  const { t, i18n } = useTranslation();
  const entries = [
    { to: "/technologyService/onLineTraining", title: t("menu.onLineTraining"), text: t("content.trainingIntro") },
    ...(i18n.language === "en" ? [] : [{ to: "/technologyService/cutterOffer", title: t("menu.cutterOffer"), text: t("content.cutterOfferIntro") }]),
    { to: "/technologyService/selectionCategory", title: t("menu.selectionCategory"), text: t("content.selectionIntro") },
  ];
  return (
    <section>
      <Heading as="h1" size="xl" color="brand.700" mb="4">
        {t("menu.technologyService")}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {entries.map((e) => (
          <div key={e.to} className="card">
            <DealerPageLink className="card-title" to={e.to}>
              {e.title}
            </DealerPageLink>
            <Text color="fg.muted" fontSize="sm">
              {e.text}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </section>
  );
}
