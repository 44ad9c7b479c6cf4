import { Heading, Text } from "@chakra-ui/react";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { RootData } from "~/root";
import { ChineseOnly } from "./ChineseOnly";

/**
 * A Chinese-only service page (customer support, after-sales, customized tool quotation): what
 * the service is and how to reach the people behind it. The online request forms of these
 * services are not part of the shop yet; the hotline and e-mail are real.
 */
export function ServicePage({ titleKey, textKey }: { titleKey: string; textKey: string }) {
  const { t, i18n } = useTranslation();
  const { hotline, contactEmail } = useRouteLoaderData<RootData>("root")!.site;
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <article className="card" style={{ maxWidth: "48rem", margin: "0 auto" }}>
      <nav aria-label="breadcrumb">
        <ol className="breadcrumbs">
          <li>
            <Link to="/homePage">{t("menu.home")}</Link>
          </li>
          <li>{t(titleKey)}</li>
        </ol>
      </nav>
      <Heading as="h1" size="xl" color="brand.700" mb="3">
        {t(titleKey)}
      </Heading>
      <Text lineHeight="tall" mb="4">
        {t(textKey)}
      </Text>
      <Text>
        {t("service.contact")} {t("footer.hotline")}: <strong>{hotline}</strong> · {t("footer.email")}: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </Text>
    </article>
  );
}
