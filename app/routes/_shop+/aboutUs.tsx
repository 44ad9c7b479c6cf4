import { Heading, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getSiteConfig } from "~/modules/site/site.server";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.aboutUs");

export function loader(_: LoaderFunctionArgs) {
  const { hotline, contactEmail } = getSiteConfig();
  return { hotline, contactEmail };
}

/** About the company, and the sales network (Chinese only). */
export default function AboutUs() {
  const { hotline, contactEmail } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <article className="card">
      <Heading as="h1" size="xl" color="brand.700" mb="3">
        {t("menu.aboutCompany")}
      </Heading>
      <Text lineHeight="tall" mb="3">
        {t("footer.intro")}
      </Text>
      <Text lineHeight="tall" mb="6">
        {t("content.aboutMore")}
      </Text>
      <Text>
        {t("footer.hotline")}: <strong>{hotline}</strong> · {t("footer.email")}: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      </Text>
      {i18n.language !== "en" ? (
        <section id="sales-network">
          <Heading as="h2" size="lg" color="brand.700" mt="8" mb="3">
            {t("menu.salesNetwork")}
          </Heading>
          <ul className="card-links">
            {(t("content.salesNetwork", { returnObjects: true }) as string[]).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
