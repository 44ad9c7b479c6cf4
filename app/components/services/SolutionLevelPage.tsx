import { Heading, Text } from "@chakra-ui/react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/i18n/format";
import type { ContentItem } from "~/modules/content/content.server";
import type { CatalogueLink } from "~/modules/services/solutions.server";

interface Data {
  industry: { id: number; title: string };
  parent: { id: number; title: string } | null;
  item: ContentItem;
  catalogue: CatalogueLink[];
  details: ContentItem[];
}

const paragraphs = (body: string) => body.split(/\n+/).filter(Boolean);

/** The second or third level of an industry solution, with the catalogue nodes its texts name. */
export function SolutionLevelPage({ data, level }: { data: Data; level: 2 | 3 }) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation("services");
  const { industry, item, catalogue, details } = data;
  return (
    <article className="card services-page" data-testid={`solution-level-${level}`}>
      <nav aria-label={ts("breadcrumb")}>
        <ol className="breadcrumbs">
          <li>
            <Link to="/homePage">{t("menu.home")}</Link>
          </li>
          <li>
            <Link to="/industrySolution">{t("menu.industrySolution")}</Link>
          </li>
          {level === 3 ? (
            <li>
              <Link to={`/solutionSecond/second?industry=${industry.id}`}>{industry.title}</Link>
            </li>
          ) : null}
          <li>{item.title}</li>
        </ol>
      </nav>
      <Heading as="h1" size="xl" color="brand.700" mb="2">
        {item.title}
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
      </Text>
      {paragraphs(item.body).map((p, i) => (
        <Text key={i} mb="3" lineHeight="tall">
          {p}
        </Text>
      ))}
      {level === 2 ? (
        <section aria-labelledby="solution-children">
          <Heading as="h2" size="md" mt="4" mb="2" id="solution-children">
            {ts("solution.second")}
          </Heading>
          {item.children.length ? (
            <ul className="announcements" data-testid="solution-children">
              {item.children.map((c) => (
                <li key={c.id}>
                  <Link to={`/solutionSecond/third?industry=${industry.id}&parentCode=${c.id}`}>{c.title}</Link>
                </li>
              ))}
            </ul>
          ) : (
            <p>{ts("solution.noChildren")}</p>
          )}
        </section>
      ) : (
        <section aria-labelledby="solution-details">
          <Heading as="h2" size="md" mt="4" mb="2" id="solution-details">
            {ts("solution.third")}
          </Heading>
          {details.length ? (
            details.map((d) => (
              <section key={d.id} className="solution-detail" data-testid="solution-detail">
                <Heading as="h3" size="sm" mb="1">
                  {d.title}
                </Heading>
                {paragraphs(d.body).map((p, i) => (
                  <Text key={i} mb="2" lineHeight="tall">
                    {p}
                  </Text>
                ))}
              </section>
            ))
          ) : (
            <p>{ts("solution.noChildren")}</p>
          )}
        </section>
      )}
      <section aria-labelledby="solution-catalogue">
        <Heading as="h2" size="md" mt="4" mb="2" id="solution-catalogue">
          {ts("solution.catalogue")}
        </Heading>
        {catalogue.length ? (
          <ul className="announcements" data-testid="solution-catalogue">
            {catalogue.map((c) => (
              <li key={c.code}>
                <Link to={c.href}>{c.label}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            {ts("solution.noCatalogue")} <Link to="/product">{t("menu.allProducts")}</Link>
          </p>
        )}
      </section>
    </article>
  );
}
