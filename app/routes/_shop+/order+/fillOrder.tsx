import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { FillOrderLines, ShippingAddressSection, type FillOrderError } from "~/components/orders/FillOrderParts";
import { useRuleText } from "~/components/orders/RuleMessage";
import { getDb } from "~/db/index.server";
import { readFormData } from "~/utils/form.server";
import type { Language } from "~/i18n/config";
import { formatMoney, shopToday } from "~/i18n/format";
import { requirePermission, requireUser } from "~/utils/guard.server";
import { getCart } from "~/modules/cart/cart.server";
import { redirectWithToast } from "~/utils/reply.server";
import { PAYMENT_METHODS, paymentDeadline } from "~/modules/orders/totals";
import { createAddress, listAddresses } from "~/modules/addresses/addresses.server";
import { chooseAddress } from "~/modules/addresses/rules";
import { addressText, creditInfo, lineDates, newSubmitToken, submitOrder } from "~/modules/orders/submit.server";
import ordersCss from "~/styles/orders.css";
import { pageMeta } from "~/utils/meta";
import { FillOrderSchema } from "./__forms.server";
import { Trail } from "~/components/Trail";

export const handle = { i18n: ["order"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.fillInTheOrder");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  // the page is the submit operation: an account without order permission gets the spec's message
  if (!user.canOrder) return { canOrder: false as const };
  requirePermission(user, "order:submit");
  const cart = await getCart(db, user);
  const lines = cart.lines.filter((l) => l.selected);
  if (lines.length === 0) throw await redirectWithToast("/shopCart", { key: "order:fill.nothingSelected", kind: "error" });
  const [addresses, credit] = await Promise.all([listAddresses(db, user), creditInfo(db, user)]);
  const today = shopToday();
  const esd = lineDates(cart, today);
  const chosen = chooseAddress(addresses, Number(new URL(request.url).searchParams.get("addressId")));
  return {
    canOrder: true as const,
    token: newSubmitToken(),
    today,
    currency: cart.tenant.currency,
    totals: cart.totals,
    freeShippingAmount: cart.tenant.free_shipping_amount,
    invalid: cart.invalidSelected,
    lines: lines.map((l) => ({
      id: l.id,
      code: l.offer?.orderingCode ?? "",
      thumb: l.offer?.thumb ?? "generic",
      nameZh: l.offer?.nameZh ?? "",
      nameEn: l.offer?.nameEn ?? "",
      qty: l.qty,
      unit: l.priced?.unit ?? null,
      amount: l.priced?.amount ?? null,
      discount: l.priced?.discount ?? 0,
      esd: esd.get(l.id)!,
      error: l.error ?? l.stockError,
      gift: l.gift && { orderingCode: l.gift.orderingCode, nameZh: l.gift.nameZh, nameEn: l.gift.nameEn, qty: l.gift.qty, allowance: l.gift.allowance },
    })),
    addresses: addresses.map((a) => ({ id: a.id, consignee: a.consignee, phone: a.phone, text: addressText(a) })),
    chosenAddressId: chosen?.id ?? null,
    credit,
    deadlines: Object.fromEntries(PAYMENT_METHODS.map((m) => [m, paymentDeadline(m, today, credit.paymentTerms)])),
  };
}

type ActionErrors = { errors: FillOrderError[]; form: "submit" | "address" };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const submission = parseWithZod(await readFormData(request), { schema: FillOrderSchema });
  requirePermission(user, submission.payload.intent === "addAddress" ? "address:edit" : "order:submit");
  if (submission.status !== "success") {
    const form = submission.payload.intent === "addAddress" ? "address" : "submit";
    // address messages are the address book's (auth namespace), the order's carry their namespace
    const errors = Object.entries(submission.error ?? {}).map(([field, messages]) => ({
      key: form === "address" ? `auth:${messages?.[0] ?? "validation.required"}` : (messages?.[0] ?? "order:fill.tokenInvalid"),
      field,
    }));
    return json<ActionErrors>({ form, errors }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "addAddress") {
    const { intent: _intent, ...address } = value;
    const created = await createAddress(db, user, address);
    if (!created.ok) return json<ActionErrors>({ form: "address", errors: [{ key: created.error.key }] }, { status: 400 });
    return redirectWithToast(`/order/fillOrder?addressId=${created.value}`, "order:fill.addressSaved");
  }
  const result = await submitOrder(db, user, {
    token: value.token,
    addressId: value.addressId,
    paymentMethod: value.paymentMethod,
    expectedDeliveryDate: value.expectedDeliveryDate,
    poNo: value.poNo,
    remark: value.remark,
    shipDates: Object.fromEntries(Object.entries(value.shipDates).map(([lineId, date]) => [Number(lineId), date])),
  });
  if (!result.ok) {
    // the cart was ordered or changed meanwhile (another window): the cart page shows what is left
    if (result.errors.some((e) => e.key === "order:fill.cartChanged")) {
      return redirectWithToast("/shopCart", { key: "order:fill.cartChanged", kind: "error" });
    }
    return json<ActionErrors>({ form: "submit", errors: result.errors }, { status: 400 });
  }
  const key = result.status === "to_be_confirmed" ? "order:fill.submittedReview" : "order:fill.submitted";
  return redirectWithToast(`/order/order?tab=open&orderNo=${encodeURIComponent(result.orderNo)}`, { key, values: { orderNo: result.orderNo } });
}

export default function FillOrderPage() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("order");
  const lang = i18n.language as Language;
  const actionData = useActionData<typeof action>() as ActionErrors | undefined;
  const ruleText = useRuleText();
  const nav = useNavigation();
  if (!data.canOrder) {
    return (
      <div>
        <h1 className="page-title">{t("fill.title")}</h1>
        <p className="message message-error" role="alert" data-testid="no-order-permission">
          {t("common:errors.noOrderPermission")}
        </p>
      </div>
    );
  }
  const money = (n: number | null) => (n === null ? "—" : formatMoney(n, data.currency, lang));
  const submitErrors = actionData?.form === "submit" ? actionData.errors : [];
  const addressErrors = actionData?.form === "address" ? actionData.errors : [];
  const fieldError = (f: string) => submitErrors.find((e) => e.field === f);
  // errors of fields the form shows beside them; the rest (an expired token, a forged field) on top
  const besideFields = ["addressId", "paymentMethod", "expectedDeliveryDate", "poNo", "remark"];
  const generalErrors = submitErrors.filter((e) => !e.lineId && (!e.field || !besideFields.includes(e.field)));
  const lineError = (id: number) => submitErrors.find((e) => e.lineId === id);
  return (
    <div className="fill-order">
      <Trail items={[{ to: "/shopCart", label: t("cart.title") }, { label: t("fill.title") }]} />
      <h1 className="page-title">{t("fill.title")}</h1>
      {generalErrors.map((e, i) => (
        <p key={i} className="message message-error" role="alert">
          {ruleText(e, data.currency)}
        </p>
      ))}
      {submitErrors.some((e) => e.lineId) && (
        <p className="message message-error" role="alert">
          {t("common:errors.cannotOrderSelected")}
        </p>
      )}
      <div className="fill-layout">
        <div className="fill-main">
          <ShippingAddressSection
            addresses={data.addresses}
            chosenAddressId={data.chosenAddressId}
            error={fieldError("addressId")}
            addressErrors={addressErrors}
          />

          <Form method="post" id="order-form" className="card" aria-busy={nav.state !== "idle"}>
            <input type="hidden" name="token" value={data.token} />
            <h2 className="section-title required">{t("fill.paymentMethod")}</h2>
            <fieldset className="payment-list">
              <legend className="visually-hidden">{t("fill.paymentMethod")}</legend>
              {PAYMENT_METHODS.map((m) => (
                <label key={m} className="payment-option">
                  <input type="radio" name="paymentMethod" value={m} defaultChecked={m === "on_account"} required />
                  <span>
                    {t(`fill.payment.${m}`)}
                    <span className="muted small">
                      {" "}
                      · {t("fill.paymentDeadline")} {data.deadlines[m]}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
            {fieldError("paymentMethod") && (
              <p className="field-error" role="alert">
                {ruleText(fieldError("paymentMethod"), data.currency)}
              </p>
            )}
            <p className="credit-box" data-testid="credit">
              {t("fill.availableCredit")}: <strong>{money(data.credit.available)}</strong>{" "}
              <span className="muted">({t("fill.creditLimit", { limit: money(data.credit.creditLimit), open: money(data.credit.openPayable) })})</span>
            </p>
            <div className="form-grid" style={{ marginTop: 12 }}>
              <label className="field">
                <span className="required">{t("fill.expectedDeliveryDate")}</span>
                <input type="date" name="expectedDeliveryDate" min={data.today} required aria-invalid={!!fieldError("expectedDeliveryDate") || undefined} />
                {fieldError("expectedDeliveryDate") && <span className="error">{ruleText(fieldError("expectedDeliveryDate"))}</span>}
              </label>
              <label className="field">
                <span>{t("fill.poNo")}</span>
                <input name="poNo" maxLength={60} aria-invalid={!!fieldError("poNo") || undefined} />
                {fieldError("poNo") && <span className="error">{ruleText(fieldError("poNo"))}</span>}
              </label>
              <label className="field">
                <span>{t("fill.remark")}</span>
                <input name="remark" maxLength={500} aria-invalid={!!fieldError("remark") || undefined} />
                {fieldError("remark") && <span className="error">{ruleText(fieldError("remark"))}</span>}
              </label>
            </div>
            <h2 className="section-title" style={{ marginTop: 16 }}>
              {t("fill.lines")}
            </h2>
            <FillOrderLines lines={data.lines} today={data.today} money={money} lineError={lineError} />
            <p className="muted small">{t("fill.reviewHint")}</p>
          </Form>
        </div>
        <aside className="card summary" aria-labelledby="summary-title">
          <h2 id="summary-title" className="section-title">
            {t("fill.summary")}
          </h2>
          <dl data-testid="summary">
            <dt>{t("cart.goods")}</dt>
            <dd>{money(data.totals.goods)}</dd>
            <dt>{t("cart.discount")}</dt>
            <dd>−{money(data.totals.discount)}</dd>
            <dt>{t("cart.shipping")}</dt>
            <dd>{money(data.totals.shipping)}</dd>
            <dt>{t("cart.payable")}</dt>
            <dd className="payable">{money(data.totals.payable)}</dd>
          </dl>
          <p className="muted small">{t("cart.freeShipping", { amount: money(data.freeShippingAmount) })}</p>
          <button className="btn btn-primary btn-lg" form="order-form" name="intent" value="submit" disabled={nav.state === "submitting"}>
            {t("fill.submit")}
          </button>
          <p style={{ marginTop: 10 }}>
            <Link to="/shopCart">{t("fill.backToCart")}</Link>
          </p>
        </aside>
      </div>
    </div>
  );
}
