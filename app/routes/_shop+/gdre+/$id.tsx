import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StateTag } from "~/components/bidding/StateTag";
import { FileFacts } from "~/components/content/FileFacts";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { getLanguage } from "~/i18n/i18n.server";
import { getPublicBidding } from "~/modules/bidding/bidding.server";
import biddingCss from "~/styles/bidding.css";
import { pageMeta } from "~/utils/meta";
import { getOptionalDealer } from "~/utils/session.server";
import { biddingId } from "./__bidding.server";
import { Trail } from "~/components/Trail";

export const handle = { i18n: ["bidding"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: biddingCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.rareEarthBidding");

/** One published tender with its documents (decision 053); a draft or an unknown id is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = biddingId.safeParse(params.id);
  const user = await getOptionalDealer(request);
  const lang = await getLanguage(request, user?.language);
  const bidding = id.success ? await getPublicBidding(getDb(), { id: id.data, lang }) : null;
  if (!bidding) throw new Response("Not Found", { status: 404 });
  return { bidding };
}

export default function BiddingDetails() {
  const { bidding: b } = useLoaderData<typeof loader>();
  const { t } = useTranslation("bidding");
  const { t: tc } = useTranslation();
  return (
    <article className="bidding-page card">
      <Trail items={[{ to: "/homePage", label: tc("menu.home") }, { to: "/gdre", label: t("title") }, { label: b.title }]} />
      <h1 className="page-title" data-testid="bidding-title">
        {b.title}
      </h1>
      <dl className="bidding-facts">
        <dt>{t("number")}</dt>
        <dd className="code">{b.biddingNo}</dd>
        <dt>{t("state")}</dt>
        <dd>
          <StateTag state={b.state} />
        </dd>
        <dt>{t("publishedAt")}</dt>
        <dd>
          <time dateTime={b.publishedAt}>{formatDateTime(b.publishedAt)}</time>
        </dd>
        <dt>{t("opensAt")}</dt>
        <dd>
          <time dateTime={b.opensAt}>{formatDateTime(b.opensAt)}</time>
        </dd>
        <dt>{t("closesAt")}</dt>
        <dd>
          <time dateTime={b.closesAt}>{formatDateTime(b.closesAt)}</time>
        </dd>
        <dt>{t("contact")}</dt>
        <dd data-testid="bidding-contact">{b.contact}</dd>
      </dl>
      <div className="bidding-body">
        {b.body.split(/\n+/).map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <h2 className="section-title">{t("documents")}</h2>
      {b.documents.length === 0 ? (
        <p className="muted">{t("noDocuments")}</p>
      ) : (
        <ul className="bidding-docs" data-testid="bidding-documents">
          {b.documents.map((d) => (
            <li key={d.id}>
              <a href={`/gdre/document/${d.id}`} download={d.name} aria-label={t("download", { name: d.name })}>
                {d.name}
              </a>
              <FileFacts type={d.type} size={d.size} />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
