import { Link } from "@remix-run/react";
import type { Language } from "~/i18n/config";
import { formatDateTime, formatMoney } from "~/i18n/format";
import type { ListContext, ListItem } from "~/modules/catalogue/listing.server";
import type { PromotionKind, PromotionState } from "~/modules/promotions/rules";
import { Countdown } from "./Countdown";
import { ProductTable } from "./ProductTable";
import { useCachedT } from "~/i18n/useCachedT";

interface Promo {
  id: number;
  kind: PromotionKind;
  title: string;
  startsAt: string;
  endsAt: string;
  state: PromotionState;
  discountBp: number | null;
  minQty: number | null;
  minAmount: number | null;
  perCustomerLimit: number | null;
  giftProductCode: string | null;
  giftQty: number | null;
}

function Conditions({ p, currency, lang }: { p: Promo; currency: string; lang: Language }) {
  const t = useCachedT("catalogue");
  const parts: string[] = [];
  if (p.discountBp) parts.push(t("promotion.discount", { pct: p.discountBp / 100 }));
  if (p.minQty) parts.push(t("promotion.minQty", { minQty: p.minQty }));
  if (p.minAmount) parts.push(t("promotion.minAmount", { amount: formatMoney(p.minAmount, currency, lang) }));
  if (p.perCustomerLimit) parts.push(t("promotion.limit", { limit: p.perCustomerLimit }));
  if (p.giftProductCode && p.giftQty) parts.push(t("promotion.gift", { qty: p.giftQty, code: p.giftProductCode }));
  return parts.length ? <p className="promo-conditions">{parts.join(" · ")}</p> : null;
}

function When({ p, now }: { p: Promo; now: string }) {
  const t = useCachedT("catalogue");
  return (
    <p className="promo-when">
      <span className="muted">
        {formatDateTime(p.startsAt)} – {formatDateTime(p.endsAt)}
      </span>{" "}
      {p.state === "upcoming" ? (
        <Countdown until={p.startsAt} now={now} label={t("promotion.startsIn")} />
      ) : p.state === "active" ? (
        <Countdown until={p.endsAt} now={now} label={t("promotion.endsIn")} />
      ) : (
        <span>{t("promotion.ended")}</span>
      )}
    </p>
  );
}

export function PromotionListView({
  d,
  flash,
}: {
  d: { signedIn: boolean; promotions: (Promo & { itemCount: number })[]; now: string; currency: string; lang: Language };
  flash: boolean;
}) {
  const t = useCachedT("catalogue");
  const base = flash ? "/rushToPurchase" : "/promotion";
  return (
    <div className="catalogue-page">
      <header className="page-head">
        <h1>{flash ? t("promotion.rushTitle") : t("promotion.title")}</h1>
        <p className="muted">{flash ? t("promotion.rushIntro") : t("promotion.intro")}</p>
      </header>
      {!d.signedIn ? (
        <p className="message message-warning">
          <Link to={`/shop_login?redirect=${base}`}>{t("promotion.loginHint")}</Link>
        </p>
      ) : d.promotions.length === 0 ? (
        <p className="muted">{t("promotion.none")}</p>
      ) : (
        <div className="promo-grid">
          {d.promotions.map((p) => (
            <article key={p.id} className={`card promo-card promo-${p.state}`}>
              <h2>
                <span className={`tag tag-${p.kind}`}>{t(`tags.${p.kind}`)}</span> <Link to={`${base}/promotionItem?id=${p.id}`}>{p.title}</Link>
              </h2>
              <When p={p} now={d.now} />
              <Conditions p={p} currency={d.currency} lang={d.lang} />
              <p>
                <span className="muted">{t("promotion.items", { count: p.itemCount })}</span>{" "}
                <Link className="btn btn-outline" to={`${base}/promotionItem?id=${p.id}`}>
                  {t("promotion.view")}
                </Link>
              </p>
            </article>
          ))}
        </div>
      )}
    </div>
  );
}

export function PromotionItemView({
  d,
  flash,
}: {
  d: { promotion: Promo; flashLeft: Record<string, number | null>; items: ListItem[]; ctx: ListContext; redirectTo: string; now: string; lang: Language };
  flash: boolean;
}) {
  const t = useCachedT("catalogue");
  const p = d.promotion;
  const base = flash ? "/rushToPurchase" : "/promotion";
  // only running promotions can be bought under; the list still shows the products
  const items = p.state === "active" ? d.items : d.items.map((i) => ({ ...i, promotionItemId: null }));
  return (
    <div className="catalogue-page">
      <nav aria-label="breadcrumb">
        <ol className="breadcrumbs">
          <li>
            <Link to="/homePage">{t("home")}</Link>
          </li>
          <li>
            <Link to={base}>{flash ? t("promotion.backRush") : t("promotion.back")}</Link>
          </li>
          <li>
            <span aria-current="page">{p.title}</span>
          </li>
        </ol>
      </nav>
      <header className="page-head promo-head">
        <h1>
          <span className={`tag tag-${p.kind}`}>{t(`tags.${p.kind}`)}</span> {p.title}
        </h1>
        <When p={p} now={d.now} />
        <Conditions p={p} currency={d.ctx.currency} lang={d.lang} />
      </header>
      {flash && d.ctx.stockVisible ? (
        <ul className="flash-left">
          {d.items.map((i) => {
            const left = d.flashLeft[String(i.id)];
            return left === null || left === undefined ? null : (
              <li key={i.id}>
                <span className="code">{i.code}</span> {left > 0 ? t("promotion.flashLeft", { count: left }) : t("promotion.soldOut")}
              </li>
            );
          })}
        </ul>
      ) : null}
      <ProductTable items={items} ctx={d.ctx} redirectTo={d.redirectTo} lang={d.lang} />
    </div>
  );
}
