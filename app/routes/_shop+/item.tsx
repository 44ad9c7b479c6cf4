import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumbs } from "~/components/catalogue/Breadcrumbs";
import { Countdown } from "~/components/catalogue/Countdown";
import { InsertDrawingSvg } from "~/components/catalogue/InsertDrawingSvg";
import { NonStandardMark } from "~/components/catalogue/NodeOverview";
import { CartForm, FavStar, PriceText, PromoTags } from "~/components/catalogue/ProductRow";
import { useRowForms } from "~/components/catalogue/useRowForms";
import { useCachedT } from "~/i18n/useCachedT";
import { formatDate, formatMoney } from "~/i18n/format";
import { notFound } from "~/utils/guard.server";
import { getCompatible, getCuttingData, getNodePath, getProductByCode } from "~/modules/catalogue/catalogue.server";
import { insertDrawing } from "~/modules/catalogue/drawing";
import { buildListItems, listContext } from "~/modules/catalogue/listing.server";
import { getOffers } from "~/modules/catalogue/offer.server";
import { nodeHref } from "~/modules/catalogue/links";
import { pageBase, returnPath } from "~/utils/page.server";
import { favouriteSet } from "~/modules/favourites/favourites.server";
import { recordView } from "~/modules/footprint/footprint.server";
import catalogueStyles from "~/styles/catalogue.css";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["catalogue"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, "titles.item", { code: data?.product.orderingCode ?? "", name: data?.product.name ?? "" });

/** /item?code=<ordering code>: product detail with price, stock, cutting data, compatible products, drawing. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { db, user, lang, url } = await pageBase(request);
  const code = (url.searchParams.get("code") ?? "").slice(0, 80);
  if (!code) notFound();
  const product = await getProductByCode(db, code, lang);
  if (!product) notFound();
  const now = new Date();
  const [path, offers, favs, cutting, compatible] = await Promise.all([
    getNodePath(db, product.catalogueCode, lang),
    getOffers(db, user, [product.id], { now }),
    favouriteSet(db, user, [product.id]),
    getCuttingData(db, product),
    getCompatible(db, product, lang),
  ]);
  if (user) await recordView(db, user, product.id, now);
  const offer = offers.get(product.id)!;
  const compatibleItems = await buildListItems(db, user, compatible, lang, now);
  return {
    product,
    crumbs: (path ?? []).map((n) => ({ label: n.label, to: nodeHref(n), nonStandard: n.isNonStandard })),
    nonStandard: !!path?.some((n) => n.isNonStandard),
    offer: {
      price: offer.price,
      onRequest: offer.priceOnRequest,
      stock: offer.stock,
      esd: offer.esd,
      leadTimeDays: offer.leadTimeDays,
      mpq: offer.mpq,
      moq: offer.moq,
      canCart: offer.canAddToCart,
      bestPromoPrice: offer.bestPromoPrice,
      promoTiers: offer.promoTiers,
      tags: offer.tags.map((t) => ({
        kind: t.kind,
        title: lang === "en" ? t.titleEn : t.titleZh,
        endsAt: t.endsAt,
        promoPrice: t.promoPrice,
        promotionId: t.promotionId,
        promotionItemId: t.promotionItemId,
        flashRemaining: t.flashRemaining,
        perCustomerLimit: t.perCustomerLimit,
        minQty: t.minQty,
      })),
    },
    fav: favs.has(product.id),
    cutting,
    compatible: compatibleItems.map((c) => ({ code: c.code, name: c.name, spec: c.spec, price: c.price, onRequest: c.onRequest, stock: c.stock })),
    drawing: insertDrawing({
      shape: product.isoShape,
      size: product.isoSize,
      noseRadius: product.noseRadius,
      kind: product.kind,
      orderingCode: product.orderingCode,
    }),
    ctx: listContext(user),
    redirectTo: returnPath(url),
    now: now.toISOString(),
    lang,
  };
}

export default function ItemPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  const ct = useCachedT("catalogue");
  const forms = useRowForms(ct);
  const p = d.product;
  const fav = forms.isFav(p.id, d.fav);
  const money = (v: number) => formatMoney(v, d.ctx.currency, d.lang);
  const attrs: [string, string][] = [
    [t("detail.kind"), t(`kinds.${p.kind}`, { defaultValue: p.kind })],
    ...(p.grade ? [[t("detail.grade"), p.grade] as [string, string]] : []),
    ...(p.isoShape ? [[t("detail.shape"), p.isoShape] as [string, string]] : []),
    ...(p.isoSize ? [[t("detail.size"), p.isoSize] as [string, string]] : []),
    ...(p.noseRadius ? [[t("detail.noseRadius"), `${p.noseRadius} mm`] as [string, string]] : []),
    ...(p.chipBreaker ? [[t("detail.chipBreaker"), p.chipBreaker] as [string, string]] : []),
    ...(p.materialGroups
      ? [
          [
            t("detail.materialGroups"),
            p.materialGroups
              .split("")
              .map((g) => t(`materials.${g}`, { defaultValue: g }))
              .join(", "),
          ] as [string, string],
        ]
      : []),
    ...Object.entries(p.attributes).map(
      ([k, v]) =>
        [
          t(`attrs.${k}`, { defaultValue: k.replace(/_/g, " ") }),
          // words among the values are translated too ("ball nose" 球头); codes and numbers stay as they are
          typeof v === "boolean" ? t(v ? "attrs.yes" : "attrs.no") : typeof v === "string" ? t(`attrValues.${k}.${v}`, { defaultValue: v }) : String(v ?? ""),
        ] as [string, string],
    ),
    [t("detail.unit"), p.unit],
    [t("detail.status"), p.status === "delisted" ? t("detail.statusDelisted") : t("detail.statusActive")],
  ];
  const feedLabel = d.cutting.operation === "milling" ? t("detail.fz") : t("detail.f");
  return (
    <div className="catalogue-page item-page">
      <Breadcrumbs items={[...d.crumbs, { label: p.orderingCode }]} />
      <div className="item-top">
        <div className="item-main card">
          <h1 className="item-code">
            {p.orderingCode} <NonStandardMark show={d.nonStandard} />
          </h1>
          <p className="item-name">{p.name}</p>
          <p className="item-spec">{p.specification}</p>
          <div className="item-tags">
            <PromoTags tags={d.offer.tags} t={ct} />
          </div>
          <dl className="offer-grid">
            <div>
              <dt>{t("columns.price")}</dt>
              <dd className="item-price" data-testid="item-price">
                <PriceText
                  price={d.offer.price}
                  promoPrice={d.offer.bestPromoPrice}
                  tiers={d.offer.promoTiers}
                  onRequest={d.offer.onRequest}
                  ctx={d.ctx}
                  t={ct}
                  lang={d.lang}
                  signInHref={`/shop_login?redirect=${encodeURIComponent(d.redirectTo)}`}
                />
              </dd>
            </div>
            <div>
              <dt>{t("columns.stock")}</dt>
              <dd data-testid="item-stock">
                {d.offer.stock === null ? <span className="muted">{d.ctx.signedIn ? t("stock.hidden") : "—"}</span> : d.offer.stock}
              </dd>
            </div>
            <div>
              <dt>{t("columns.esd")}</dt>
              <dd>
                {d.offer.esd ? formatDate(d.offer.esd) : "—"}
                {d.offer.esd && d.offer.leadTimeDays !== null && d.offer.stock !== null && d.offer.stock < d.offer.moq ? (
                  <small className="muted"> ({t("stock.leadTime", { days: d.offer.leadTimeDays })})</small>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>{t("columns.mpq")}</dt>
              <dd>{d.offer.mpq}</dd>
            </div>
            <div>
              <dt>{t("columns.moq")}</dt>
              <dd>{d.offer.moq}</dd>
            </div>
          </dl>
          {d.offer.tags
            .filter((x) => x.endsAt)
            .map((x) => (
              <p key={`${x.promotionId}-${x.promotionItemId}`} className="promo-line">
                <span className={`tag tag-${x.kind}`}>{t(`tags.${x.kind}`)}</span>{" "}
                <Link to={x.kind === "flash" ? `/rushToPurchase/promotionItem?id=${x.promotionId}` : `/promotion/promotionItem?id=${x.promotionId}`}>
                  {x.title}
                </Link>{" "}
                {x.minQty ? <span className="muted">{t("promotion.minQty", { minQty: x.minQty })} </span> : null}
                {x.flashRemaining !== null ? <span className="muted">{t("promotion.flashLeft", { count: x.flashRemaining })} </span> : null}
                <Countdown until={x.endsAt!} now={d.now} label={t("promotion.endsIn")} />
              </p>
            ))}
          {d.ctx.signedIn ? (
            <div className="item-actions" onSubmit={forms.onSubmit}>
              {d.offer.canCart && d.ctx.canOrder ? (
                <CartForm
                  // no promotion posted: the cart pre-selects the best one the line qualifies for (decision 065),
                  // so a quantity below a promotion's condition is still added, at the dealer's price
                  p={{ id: p.id, moq: d.offer.moq, mpq: d.offer.mpq, promotionItemId: null }}
                  redirectTo={d.redirectTo}
                  t={ct}
                  busy={forms.busy("cart", p.id)}
                  message={forms.message("cart", p.id)}
                />
              ) : (
                <span className="muted">{!d.ctx.canOrder ? t("cart.noPermission") : t("cart.unavailable")}</span>
              )}
              {d.ctx.canFavourite ? (
                <div className="item-fav">
                  <FavStar id={p.id} fav={fav} priceEmpty={d.offer.onRequest} redirectTo={d.redirectTo} t={ct} error={forms.message("fav", p.id)?.text} />
                  {fav ? t("favourite.remove") : t("favourite.add")}
                </div>
              ) : null}
            </div>
          ) : null}
        </div>
        {d.drawing ? (
          <figure className="item-drawing card">
            <InsertDrawingSvg drawing={d.drawing} title={`${t("detail.drawing")} ${p.orderingCode}`} icText={t("detail.ic")} />
            <figcaption className="muted">{t("detail.drawingNote")}</figcaption>
          </figure>
        ) : null}
      </div>

      <section className="card item-section" aria-labelledby="attrs">
        <h2 id="attrs">{t("detail.attributes")}</h2>
        <dl className="attr-grid">
          {attrs.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="card item-section" aria-labelledby="cutting">
        <h2 id="cutting">{t("detail.cuttingData")}</h2>
        {d.cutting.rows.length ? (
          <div className="table-scroll">
            <table className="data-table cutting-table">
              <thead>
                <tr>
                  <th scope="col">{t("detail.group")}</th>
                  <th scope="col" className="num">
                    {t("detail.vc")}
                  </th>
                  <th scope="col" className="num">
                    {feedLabel}
                  </th>
                  <th scope="col" className="num">
                    {t("detail.ap")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.cutting.rows.map((r) => (
                  <tr key={r.group} className={r.recommended ? "" : "row-muted"}>
                    <th scope="row">
                      <span className={`iso iso-${r.group}`}>{r.group}</span> {t(`materials.${r.group}`).replace(/^[A-Z] /, "")}
                    </th>
                    {r.recommended ? (
                      <>
                        <td className="num">
                          {r.vc![0]}–{r.vc![1]}
                        </td>
                        <td className="num">
                          {r.f![0]}–{r.f![1]}
                        </td>
                        <td className="num">
                          {r.ap![0]}–{r.ap![1]}
                        </td>
                      </>
                    ) : (
                      <td colSpan={3} className="muted">
                        {t("detail.notRecommended")}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="muted">{t("detail.cuttingDataNone")}</p>
        )}
      </section>

      <section className="card item-section" aria-labelledby="compatible">
        <h2 id="compatible">{p.kind === "holder" ? t("detail.compatibleInserts") : t("detail.compatibleHolders")}</h2>
        {d.compatible.length ? (
          <ul className="compat-list">
            {d.compatible.map((c) => (
              <li key={c.code}>
                <Link className="code" to={`/item?code=${encodeURIComponent(c.code)}`}>
                  {c.code}
                </Link>
                <span>{c.name}</span>
                <span className="muted">{c.spec}</span>
                {c.price !== null ? <span className="price">{money(c.price)}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("detail.compatibleNone")}</p>
        )}
      </section>
    </div>
  );
}
