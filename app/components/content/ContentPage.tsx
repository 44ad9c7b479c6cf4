import { Box, Heading, Text } from "@chakra-ui/react";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/i18n/format";
import { LinkedText } from "./LinkedText";
import type { ContentItem } from "~/modules/content/content.server";

/** A list of content items (announcements, research, downloads ...) or one item. */
export function ContentPage({
  title,
  intro,
  items,
  item,
  basePath,
  children,
  finishedIds,
  itemActions,
  hideEmpty,
}: {
  title: string;
  intro?: string;
  items: ContentItem[];
  item: ContentItem | null;
  basePath: string;
  children?: React.ReactNode;
  /** items the signed-in account has finished (online training), marked in the list */
  finishedIds?: number[];
  /** shown under one item (e.g. the training's "mark as finished" form) */
  itemActions?: React.ReactNode;
  /** the children show the list (downloads by category): no "nothing here" line */
  hideEmpty?: boolean;
}) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation("adminContent");
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
            {item.category ? <span className="content-category"> · {item.category}</span> : null}
          </Text>
          {item.body.split(/\n+/).map((p, i) => (
            <Text key={i} mb="3" lineHeight="tall">
              <LinkedText text={p} />
            </Text>
          ))}
          {item.file ? (
            <p>
              <a className="btn" href={`/downloadService/file?id=${item.id}`} download={item.file.name} data-testid="content-download">
                {tc(item.kind === "download" || item.kind === "training" ? "shop.download" : "shop.attachment", {
                  name: item.file.name,
                  kb: Math.ceil(item.file.size / 1024),
                })}
              </a>
            </p>
          ) : null}
          {item.videoUrl ? (
            <p>
              <a href={item.videoUrl} rel="noopener noreferrer" target="_blank" data-testid="content-video">
                {tc("shop.watchVideo")}
              </a>
            </p>
          ) : null}
          {itemActions}
          {item.children.length ? (
            <>
              <Heading as="h2" size="md" mt="4" mb="2">
                {tc("shop.subSolutions")}
              </Heading>
              <ul className="announcements">
                {item.children.map((c) => (
                  <li key={c.id}>
                    <Link to={`${basePath}?id=${c.id}`}>{c.title}</Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
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
            hideEmpty ? null : (
              <Text color="fg.muted">{t("content.empty")}</Text>
            )
          ) : (
            <ul className="announcements">
              {items.map((a) => (
                <li key={a.id}>
                  <Link to={`${basePath}?id=${a.id}`}>{a.title}</Link>
                  {finishedIds?.includes(a.id) ? <span className="content-finished">✓ {t("content.trainingFinished")}</span> : null}
                  {a.category ? <span className="content-category">{a.category}</span> : null}
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
