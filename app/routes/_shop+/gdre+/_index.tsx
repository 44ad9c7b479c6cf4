import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/Pager";
import { getDb } from "~/db/index.server";
import { getLanguage } from "~/i18n/i18n.server";
import { formatDateTime } from "~/i18n/format";
import { listPublicBiddings } from "~/modules/bidding/bidding.server";
import { BIDDING_PAGE_SIZE, BIDDING_STATES } from "~/modules/bidding/state";
import { StateTag } from "~/components/bidding/StateTag";
import biddingCss from "~/styles/bidding.css";
import ordersCss from "~/styles/orders.css";
import { pageMeta } from "~/utils/meta";
import { getOptionalDealer } from "~/utils/session.server";
import { BiddingFilterSchema } from "./__bidding.server";
import { Trail } from "~/components/Trail";

export const handle = { i18n: ["bidding"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ordersCss },
  { rel: "stylesheet", href: biddingCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.rareEarthBidding");

/** The public list of tenders (spec §2 /gdre): open ones first, by state, paged; no sign-in needed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalDealer(request);
  const lang = await getLanguage(request, user?.language);
  const filter = BiddingFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const page = filter.page ?? 1;
  const { rows, total } = await listPublicBiddings(getDb(), { lang, state: filter.state, page });
  return { rows, total, state: filter.state ?? null, page };
}

export default function BiddingList() {
  const { rows, total, state, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("bidding");
  const { t: tc } = useTranslation();
  return (
    <div className="bidding-page">
      <Trail items={[{ to: "/homePage", label: tc("menu.home") }, { label: t("title") }]} />
      <h1 className="page-title">{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <nav className="tabs" aria-label={t("filterLabel")} data-testid="bidding-filter">
        <Link to="/gdre" aria-current={state === null ? "page" : undefined}>
          {t("all")}
        </Link>
        {BIDDING_STATES.map((s) => (
          <Link key={s} to={`/gdre?state=${s}`} aria-current={state === s ? "page" : undefined}>
            {t(`states.${s}`)}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="card muted">{t("empty")}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("tableLabel")}>
          <table className="data-table stack-table" data-testid="bidding-table">
            <thead>
              <tr>
                <th scope="col">{t("titleCol")}</th>
                <th scope="col">{t("number")}</th>
                <th scope="col">{t("state")}</th>
                <th scope="col">{t("opensAt")}</th>
                <th scope="col">{t("closesAt")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} data-testid="bidding-row" data-state={r.state}>
                  <td data-label={t("titleCol")}>
                    <Link to={`/gdre/${r.id}`}>{r.title}</Link>
                  </td>
                  <td data-label={t("number")} className="code">
                    {r.biddingNo}
                  </td>
                  <td data-label={t("state")}>
                    <StateTag state={r.state} />
                  </td>
                  <td data-label={t("opensAt")}>
                    <time dateTime={r.opensAt}>{formatDateTime(r.opensAt)}</time>
                  </td>
                  <td data-label={t("closesAt")}>
                    <time dateTime={r.closesAt}>{formatDateTime(r.closesAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="list-total">{t("total", { count: total })}</p>
      <Pager page={page} pageSize={BIDDING_PAGE_SIZE} total={total} />
    </div>
  );
}
