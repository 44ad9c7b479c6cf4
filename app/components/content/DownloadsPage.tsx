import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/i18n/format";
import type { ContentItem, DownloadGroup } from "~/modules/content/content.server";
import { ContentPage } from "./ContentPage";
import { FileFacts } from "./FileFacts";

/**
 * The shop's downloads (decision 053): grouped by category, a category filter of plain links
 * (works without JavaScript), each file's type and size; one download with ?id=.
 */
export function DownloadsPage({
  basePath,
  item,
  groups,
  filter,
  categoryId,
}: {
  basePath: string;
  item: ContentItem | null;
  groups: DownloadGroup[];
  filter: { categoryId: number; name: string; count: number }[];
  categoryId: number | null;
}) {
  const { t } = useTranslation();
  const { t: tb } = useTranslation("bidding");
  const other = tb("downloads.other");
  return (
    <ContentPage title={t("content.downloads")} intro={item ? undefined : t("content.downloadsIntro")} items={[]} item={item} basePath={basePath} hideEmpty>
      {filter.length > 1 ? (
        <nav className="tabs" aria-label={tb("downloads.category")} data-testid="download-filter">
          <Link to={basePath} aria-current={categoryId === null ? "page" : undefined}>
            {tb("all")}
          </Link>
          {filter.map((f) => (
            <Link key={f.categoryId} to={`${basePath}?category=${f.categoryId}`} aria-current={categoryId === f.categoryId ? "page" : undefined}>
              {`${f.name || other} (${f.count})`}
            </Link>
          ))}
        </nav>
      ) : null}
      {groups.length === 0 ? <p className="muted">{t("content.empty")}</p> : null}
      {groups.map((g) => (
        <section key={g.categoryId ?? 0} className="download-group" data-testid="download-group" aria-labelledby={`download-group-${g.categoryId ?? 0}`}>
          <h2 id={`download-group-${g.categoryId ?? 0}`}>{g.name ?? other}</h2>
          <ul className="download-list">
            {g.items.map((d) => (
              <li key={d.id} data-testid="download-item">
                <Link className="download-title" to={`${basePath}?id=${d.id}`}>
                  {d.title}
                </Link>
                {d.file ? (
                  <>
                    <a href={`/downloadService/file?id=${d.id}`} download={d.file.name} aria-label={tb("downloads.fileNamed", { name: d.file.name })}>
                      {tb("downloads.file")}
                    </a>
                    <FileFacts type={d.file.type} size={d.file.size} />
                  </>
                ) : null}
                <time dateTime={d.publishedAt}>{formatDate(d.publishedAt)}</time>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </ContentPage>
  );
}
