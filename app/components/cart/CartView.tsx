import { Form, Link, useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/i18n/config";
import { formatMoney } from "~/i18n/format";
import type { CartView as Cart, LineReport } from "~/modules/cart/cart.server";
import type { RuleError } from "~/modules/cart/rules";
import { useRuleText } from "~/components/orders/RuleMessage";
import { Can } from "~/components/Can";
import { GiftName } from "./GiftName";
import { Thumbnail } from "~/components/catalogue/Thumbnail";

type Line = Cart["lines"][number];
interface Props {
  cart: Cart;
  canOrder: boolean;
  canSeePrice: boolean;
  confirmPromotions: boolean;
  variant: "table" | "cards";
}

/** The cart page (table or card view): one plain form, so every button works without JavaScript. */
export function CartView({ cart, canOrder, canSeePrice, confirmPromotions, variant }: Props) {
  const { t, i18n } = useTranslation("order");
  const lang = i18n.language as Language;
  const ruleText = useRuleText();
  const money = (n: number | null | undefined) => (n === null || n === undefined || !canSeePrice ? "—" : formatMoney(n, cart.tenant.currency, lang));
  const submit = useSubmit();
  const nav = useNavigation();
  const busy = nav.state !== "idle";
  const otherView = variant === "table" ? "/shopCart/shopCard" : "/shopCart";

  const onToggle = (e: React.ChangeEvent<HTMLInputElement>) => {
    const fd = new FormData(e.currentTarget.form!);
    fd.set("intent", "select");
    submit(fd, { method: "post", preventScrollReset: true });
  };

  return (
    <div className="cart-page">
      <div className="page-head">
        <h1 className="page-title">{t("cart.title")}</h1>
        <Link to={otherView} className="btn btn-outline">
          {variant === "table" ? t("cart.cardView") : t("cart.tableView")}
        </Link>
      </div>
      {!canOrder && (
        <p className="message message-warning" role="alert" data-testid="no-order-permission">
          {t("common:errors.noOrderPermission")}
        </p>
      )}
      {confirmPromotions && (
        <div className="confirm-box" role="alertdialog" aria-labelledby="abandon-title">
          <p id="abandon-title">
            <strong>{t("common:errors.abandonPromotion")}</strong>
          </p>
          <Form method="post" className="confirm-actions">
            {cart.lines
              .filter((l) => l.selected)
              .map((l) => (
                <input key={l.id} type="hidden" name="lineId" value={l.id} />
              ))}
            <input type="hidden" name="confirmAbandon" value="1" />
            <button className="btn" name="intent" value="checkout">
              {t("cart.abandonYes")}
            </button>
            <Link className="btn btn-outline" to={variant === "table" ? "/shopCart" : "/shopCart/shopCard"}>
              {t("cart.abandonNo")}
            </Link>
          </Form>
        </div>
      )}
      {cart.lines.length === 0 ? (
        <div className="card empty-cart">
          <p>{t("cart.empty")}</p>
          <Link to="/homePage" className="btn">
            {t("cart.continue")}
          </Link>
        </div>
      ) : (
        <Form method="post" preventScrollReset id="cart-form" aria-busy={busy}>
          {variant === "table" ? (
            <div className="table-scroll">
              <table className="data-table cart-table">
                <thead>
                  <tr>
                    <th scope="col" className="check-col">
                      <span className="visually-hidden">{t("cart.select")}</span>
                    </th>
                    <th scope="col">{t("cart.code")}</th>
                    <th scope="col" className="num">
                      {t("cart.unitPrice")}
                    </th>
                    <th scope="col">{t("cart.qty")}</th>
                    <th scope="col">{t("cart.promotion")}</th>
                    <th scope="col" className="num">
                      {t("cart.amount")}
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">{t("orders.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {cart.lines.map((l) => [
                    <tr key={l.id} data-testid="cart-line" data-code={l.offer?.orderingCode} className={l.error ? "line-invalid" : undefined}>
                      <td className="check-col">
                        <input
                          key={String(l.selected)}
                          type="checkbox"
                          name="lineId"
                          value={l.id}
                          defaultChecked={l.selected}
                          onChange={onToggle}
                          aria-label={`${t("cart.select")} ${l.offer?.orderingCode ?? ""}`}
                        />
                      </td>
                      <td>
                        <LineInfo line={l} ruleText={ruleText} />
                      </td>
                      <td className="num">
                        <UnitPrice line={l} money={money} />
                      </td>
                      <td>
                        <QtyField line={l} />
                      </td>
                      <td>
                        <PromotionField line={l} money={money} />
                      </td>
                      <td className="num">
                        {money(l.priced?.amount)}
                        {l.priced && l.priced.discount > 0 && <div className="muted small">−{money(l.priced.discount)}</div>}
                      </td>
                      <td>
                        <RowActions line={l} />
                      </td>
                    </tr>,
                    l.gift && (
                      // the free gift the line's promotion gives, with its quantity (computed by the cart)
                      <tr key={`gift-${l.id}`} className="gift-row" data-testid="gift-line" data-code={l.gift.orderingCode}>
                        <td className="check-col" />
                        <td>
                          <GiftName gift={l.gift} />
                        </td>
                        <td className="num">{money(0)}</td>
                        <td>
                          <GiftQtyField line={l} gift={l.gift} />
                        </td>
                        <td className="muted small">{l.promotion && (lang === "en" ? l.promotion.titleEn : l.promotion.titleZh)}</td>
                        <td className="num">{money(0)}</td>
                        <td />
                      </tr>
                    ),
                  ])}
                </tbody>
              </table>
            </div>
          ) : (
            <ul className="cart-cards">
              {cart.lines.map((l) => (
                <li key={l.id} className={`card cart-card${l.error ? " line-invalid" : ""}`} data-testid="cart-line" data-code={l.offer?.orderingCode}>
                  <label className="cart-card-check">
                    <input key={String(l.selected)} type="checkbox" name="lineId" value={l.id} defaultChecked={l.selected} onChange={onToggle} />
                    <span className="visually-hidden">{t("cart.select")}</span>
                  </label>
                  <LineInfo line={l} ruleText={ruleText} />
                  <dl className="cart-card-facts">
                    <dt>{t("cart.unitPrice")}</dt>
                    <dd>
                      <UnitPrice line={l} money={money} />
                    </dd>
                    <dt>{t("cart.amount")}</dt>
                    <dd>{money(l.priced?.amount)}</dd>
                  </dl>
                  <QtyField line={l} />
                  <PromotionField line={l} money={money} />
                  {l.gift && (
                    <div className="gift-note" data-testid="gift-line" data-code={l.gift.orderingCode}>
                      <GiftName gift={l.gift} />
                      <GiftQtyField line={l} gift={l.gift} />
                    </div>
                  )}
                  <RowActions line={l} />
                </li>
              ))}
            </ul>
          )}
          <div className="cart-bar">
            <div className="cart-bar-actions">
              <button className="btn btn-outline" name="intent" value={cart.allSelected ? "unselectAll" : "selectAll"}>
                {cart.allSelected ? t("cart.unselectAll") : t("cart.selectAll")}
              </button>
              <button className="btn btn-outline js-hide" name="intent" value="select">
                {t("cart.applySelection")}
              </button>
              <Can funcCode="cart:delete">
                <button className="btn btn-outline" name="intent" value="deleteSelected">
                  {t("cart.deleteSelected")}
                </button>
                <Can funcCode="favourite:add">
                  <button className="btn btn-outline" name="intent" value="moveSelected">
                    {t("cart.moveSelected")}
                  </button>
                </Can>
              </Can>
            </div>
            <p className="cart-selected">{t("cart.selectedCount", { n: cart.selectedCount })}</p>
            <dl className="cart-totals" data-testid="cart-totals">
              <div>
                <dt>{t("cart.goods")}</dt>
                <dd>{money(cart.totals.goods)}</dd>
              </div>
              <div>
                <dt>{t("cart.discount")}</dt>
                <dd>−{money(cart.totals.discount)}</dd>
              </div>
              <div>
                <dt>{t("cart.shipping")}</dt>
                <dd>{money(cart.totals.shipping)}</dd>
              </div>
              <div className="payable">
                <dt>{t("cart.payable")}</dt>
                <dd data-testid="payable">{money(cart.totals.payable)}</dd>
              </div>
            </dl>
            <p className="muted small free-hint">{t("cart.freeShipping", { amount: money(cart.tenant.free_shipping_amount) })}</p>
            {canOrder ? (
              <button className="btn btn-primary btn-lg" name="intent" value="checkout">
                {t("cart.checkout")}
              </button>
            ) : null}
          </div>
        </Form>
      )}
      {/* One form per line for the line's own buttons (quantity, promotion, delete, move): the
          row's fields join it with the form attribute, so they sit in the table yet post apart
          from the cart form and its selection. */}
      {cart.lines.map((l) => (
        <Form key={l.id} method="post" preventScrollReset id={lineFormId(l)}>
          <input type="hidden" name="lineId" value={l.id} />
        </Form>
      ))}
      <Can funcCode="cart:add">
        <QuickOrder />
      </Can>
    </div>
  );
}

function LineInfo({ line, ruleText }: { line: Line; ruleText: (e: RuleError | null) => string }) {
  const { t, i18n } = useTranslation("order");
  const o = line.offer;
  if (!o) return <span className="message-inline error">{t("common:errors.itemUnavailable")}</span>;
  return (
    <div className="line-info with-thumb">
      <Thumbnail shape={o.thumb} />
      <div>
        {line.madeToOrder ? (
          <span className="code">{o.orderingCode}</span>
        ) : (
          <Link className="code" to={`/item?code=${encodeURIComponent(o.orderingCode)}`}>
            {o.orderingCode}
          </Link>
        )}
        <div className="muted small">
          {i18n.language === "en" ? o.nameEn : o.nameZh} · {t("cart.moqMpq", { moq: o.moq, mpq: o.mpq })} ·{" "}
          {/* an accepted quotation's non-standard item (decision 051): made to order, no stock */}
          {line.madeToOrder ? t("quotation:cart.madeToOrder", { days: o.leadTimeDays }) : `${t("cart.stock")} ${o.stock}`}
        </div>
        {line.error && (
          <div className="line-error" role="alert">
            {ruleText(line.error)}
          </div>
        )}
        {!line.error && line.stockError && <div className="line-error">{ruleText(line.stockError)}</div>}
      </div>
    </div>
  );
}

const lineFormId = (line: Line) => `cart-line-${line.id}`;

function QtyField({ line }: { line: Line }) {
  const { t } = useTranslation("order");
  return (
    <div className="qty-form">
      <label className="visually-hidden" htmlFor={`qty_${line.id}`}>
        {t("cart.qty")}
      </label>
      <input id={`qty_${line.id}`} form={lineFormId(line)} name="qty" type="number" inputMode="numeric" min={0} defaultValue={line.qty} key={line.qty} />
      <Can funcCode="cart:add">
        <button className="btn btn-outline" form={lineFormId(line)} name="intent" value="qty">
          {t("cart.change")}
        </button>
      </Can>
    </div>
  );
}

/**
 * The free-gift pieces the dealer takes: at most what the promotion gives, fewer or none (spec §5);
 * posted with the line's form, judged again by the cart module (decision 074).
 */
function GiftQtyField({ line, gift }: { line: Line; gift: NonNullable<Line["gift"]> }) {
  const { t } = useTranslation("order");
  return (
    <div className="qty-form gift-qty-form">
      <label className="visually-hidden" htmlFor={`gift_${line.id}`}>
        {t("cart.giftQty")}
      </label>
      <input
        id={`gift_${line.id}`}
        data-testid="gift-qty"
        form={lineFormId(line)}
        name="giftQty"
        type="number"
        inputMode="numeric"
        min={0}
        max={gift.allowance}
        defaultValue={gift.qty}
        key={`${gift.qty}/${gift.allowance}`}
        aria-describedby={`gift_hint_${line.id}`}
      />
      <Can funcCode="cart:add">
        <button className="btn btn-outline" form={lineFormId(line)} name="intent" value="gift">
          {t("cart.change")}
        </button>
      </Can>
      <p id={`gift_hint_${line.id}`} className="muted small">
        {t("cart.giftUpTo", { n: gift.allowance })}
      </p>
    </div>
  );
}

function PromotionField({ line, money }: { line: Line; money: (n: number | null | undefined) => string }) {
  const { t, i18n } = useTranslation("order");
  if (line.options.length === 0) return <span className="muted no-promo">—</span>;
  return (
    <div className="qty-form promo-field">
      <label className="visually-hidden" htmlFor={`promo_${line.id}`}>
        {t("cart.promotion")}
      </label>
      <select
        id={`promo_${line.id}`}
        form={lineFormId(line)}
        name="promotionItemId"
        defaultValue={line.promotionItemId ?? "none"}
        key={line.promotionItemId ?? "none"}
      >
        <option value="none">{t("cart.noPromotion")}</option>
        {line.options.map((o) => (
          <option key={o.promotionItemId} value={o.promotionItemId} disabled={!o.active || (o.flashStock !== null && o.flashSold >= o.flashStock)}>
            {(i18n.language === "en" ? o.titleEn : o.titleZh) + " · " + money(o.unit)}
            {o.flashStock !== null ? ` · ${t("cart.left", { n: Math.max(0, o.flashStock - o.flashSold) })}` : ""}
          </option>
        ))}
      </select>
      <Can funcCode="cart:add">
        <button className="btn btn-outline" form={lineFormId(line)} name="intent" value="promotion">
          {t("cart.apply")}
        </button>
      </Can>
      {line.promotionSource === "best" && line.promotion && <p className="muted small promo-note">{t("cart.bestChosen")}</p>}
    </div>
  );
}

/** The unit price the line is charged: under a promotion the promotion's, the dealer's own struck through. */
function UnitPrice({ line, money }: { line: Line; money: (n: number | null | undefined) => string }) {
  const p = line.priced;
  if (!p || p.unit === p.baseUnit) return <>{money(line.offer?.unitPrice)}</>;
  return (
    <>
      <del className="muted small">{money(p.baseUnit)}</del> <span data-testid="promo-unit">{money(p.unit)}</span>
    </>
  );
}

function RowActions({ line }: { line: Line }) {
  const { t } = useTranslation("order");
  return (
    <div className="row-actions">
      <Can funcCode="cart:delete">
        <button className="link-button" form={lineFormId(line)} name="intent" value="delete">
          {t("cart.delete")}
        </button>
        <Can funcCode="favourite:add">
          <button className="link-button" form={lineFormId(line)} name="intent" value="move">
            {t("cart.moveSelected")}
          </button>
        </Can>
      </Can>
    </div>
  );
}

function QuickOrder() {
  const { t } = useTranslation("order");
  const ruleText = useRuleText();
  const action = useActionData<{ quick?: { report: LineReport[]; error: RuleError | null } }>();
  const quick = action?.quick;
  const ok = quick?.report.filter((r) => r.ok).length ?? 0;
  const bad = (quick?.report.length ?? 0) - ok;
  return (
    <section className="card quick-order" aria-labelledby="quick-title">
      <h2 id="quick-title" className="section-title">
        {t("quick.title")}
      </h2>
      <p className="muted small">{t("quick.hint")}</p>
      <Form method="post" preventScrollReset>
        <label htmlFor="quick-text" className="visually-hidden">
          {t("quick.label")}
        </label>
        <textarea id="quick-text" name="text" rows={4} placeholder={"CNMG120408-DM YBC252, 20\nPCLNR2525M12\t1"} className="textarea" />
        <button className="btn" name="intent" value="quick">
          {t("quick.submit")}
        </button>
      </Form>
      {quick?.error && (
        <p className="message message-error" role="alert">
          {ruleText(quick.error)}
        </p>
      )}
      {quick && quick.report.length > 0 && (
        <div data-testid="quick-report">
          <p className={`message ${bad ? "message-warning" : "message-success"}`} role="status">
            {t("quick.report", { count: ok, bad })}
          </p>
          <table className="data-table">
            <thead>
              <tr>
                <th>{t("quick.line")}</th>
                <th>{t("cart.code")}</th>
                <th className="num">{t("cart.qty")}</th>
                <th>{t("import.result")}</th>
              </tr>
            </thead>
            <tbody>
              {quick.report.map((r) => (
                <tr key={r.lineNo} className={r.ok ? undefined : "line-invalid"}>
                  <td>{r.lineNo}</td>
                  <td className="code">{r.code}</td>
                  <td className="num">{r.qty ?? "—"}</td>
                  <td>{r.ok ? t("quick.added") : ruleText(r.error)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
