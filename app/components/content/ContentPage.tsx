import { Box, Heading, Text } from "@chakra-ui/react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/i18n/format";
import type { ContentItem } from "~/modules/content/content.server";

/** A list of content items (announcements, research, downloads ...) or one item. */
export function ContentPage({
  title,
  intro,
  items,
  item,
  basePath,
  children,
}: {
  title: string;
  intro?: string;
  items: ContentItem[];
  item: ContentItem | null;
  basePath: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box as="article" className="card" maxW="60rem" mx="auto">
      <nav aria-label="breadcrumb">
        <ol className="breadcrumbs">
          <li>
            <Link to="/homePage">{t("menu.home")}</Link>
          </li>
          <li>{item ? <Link to={basePath}>{title}</Link> : title}</li>
          {item ? <li>{item.title}</li> : null}
        </ol>
      </nav>
      <Heading as="h1" size="xl" color="brand.700" mb="2">
        {item ? item.title : title}
      </Heading>
      {item ? (
        <>
          <Text color="fg.muted" fontSize="sm" mb="4">
            <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
          </Text>
          {item.body.split(/\n+/).map((p, i) => (
            <Text key={i} mb="3" lineHeight="tall">
              {p}
            </Text>
          ))}
        </>
      ) : (
        <>
          {intro ? (
            <Text color="fg.muted" mb="4">
              {intro}
            </Text>
          ) : null}
          {children}
          {items.length === 0 ? (
            <Text color="fg.muted">{t("content.empty")}</Text>
          ) : (
            <ul className="announcements">
              {items.map((a) => (
                <li key={a.id}>
                  <Link to={`${basePath}?id=${a.id}`}>{a.title}</Link>
                  <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Box>
  );
}
