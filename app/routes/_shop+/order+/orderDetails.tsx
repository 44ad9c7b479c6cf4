import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Can } from "~/components/Can";
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getFormProps, useForm } from "@conform-to/react";
import { FormError } from "~/components/auth/FormField";
import { OrderFacts } from "~/components/orders/OrderFacts";
import { StatusTag } from "~/components/orders/StatusTag";
import { getDb } from "~/db/index.server";
import { readFormData } from "~/utils/form.server";
import type { Language } from "~/i18n/config";
import { formatMoney } from "~/i18n/format";
import { hasPermission, notFound, notFoundWhenMissing, requirePermission, requireUser } from "~/utils/guard.server";
import { redirectWithToast, replyWithError } from "~/utils/reply.server";
import {
  agreeOrder,
  cancelOrder,
  CANCEL_REASON_MAX,
  deleteOrder,
  disagreeOrder,
  getOrder,
  mayChangeOrder,
  NOT_YOURS,
  reAddToCart,
} from "~/modules/orders/orders.server";
import { customerActions, DISAGREED_REASON } from "~/modules/orders/status";
import { deliveryProposal } from "~/modules/orders/proposal";
import ordersCss from "~/styles/orders.css";
import { pageMeta } from "~/utils/meta";
import { OrderActionSchema, OrderNoSchema } from "./__forms.server";
import { Trail } from "~/components/Trail";

export const handle = { i18n: ["order"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.orderDetails");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orderNo = OrderNoSchema.safeParse(new URL(request.url).searchParams.get("orderNo") ?? "");
  if (!orderNo.success) notFound();
  const found = await getOrder(getDb(), user, orderNo.data);
  if (!found) notFound();
  const { order, lines } = found;
  // what the status allows, what the account's roles allow, and whose order it is (decision 056)
  const byStatus = customerActions(order.status);
  const may = (code: string) => mayChangeOrder(user, order) && hasPermission(user, code);
  const actions = {
    cancel: byStatus.cancel && may(CODE_OF.cancel),
    delete: byStatus.delete && may(CODE_OF.delete),
    agree: byStatus.agree && may(CODE_OF.agree),
    disagree: byStatus.disagree && may(CODE_OF.disagree),
  };
  // the dates the dealer is asked to agree to, stated where he agrees (issue 29 item 1)
  const proposal = actions.agree || actions.disagree ? deliveryProposal(order, lines) : null;
  // the reason a disagreement leaves is a code: the page says it in words
  const disagreed = order.cancel_reason === DISAGREED_REASON;
  return { order, lines, actions, proposal, disagreed, canOrder: user.canOrder && hasPermission(user, CODE_OF.reAdd), reasonMax: CANCEL_REASON_MAX };
}

/** The function code of each of the page's buttons (the menu tables, roles-menus.ts). */
const CODE_OF = { cancel: "order:cancel", delete: "order:delete", agree: "order:confirm", disagree: "order:confirm", reAdd: "cart:add" } as const;

/** Refusals that are not bad input: another account's order (403), a state that no longer allows it (409). */
const STATUS_OF: Record<string, number> = {
  [NOT_YOURS]: 403,
  "order:orders.shippedNoCancel": 409,
  "order:orders.notAllowed": 409,
  "order:orders.changedMeanwhile": 409,
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const orderNo = OrderNoSchema.safeParse(new URL(request.url).searchParams.get("orderNo") ?? "");
  if (!orderNo.success) notFound();
  const submission = parseWithZod(await readFormData(request), { schema: OrderActionSchema });
  const self = `/order/orderDetails?orderNo=${encodeURIComponent(orderNo.data)}`;
  if (submission.status !== "success") return redirect(self);
  const { intent } = submission.value;
  requirePermission(user, CODE_OF[intent]);
  if (intent === "reAdd") {
    const report = await reAddToCart(db, user, orderNo.data);
    if (!report) notFound();
    const ok = report.filter((r) => r.ok).length;
    const firstError = report.find((r) => !r.ok)?.error;
    if (ok === 0 && firstError) return redirectWithToast("/shopCart", { ...firstError, kind: "error" });
    return redirectWithToast("/shopCart", { key: "order:orders.reAdded", values: { count: ok, bad: report.length - ok } });
  }
  const result = await notFoundWhenMissing(() =>
    intent === "cancel"
      ? cancelOrder(db, user, orderNo.data, submission.value.intent === "cancel" ? submission.value.reason : "")
      : intent === "delete"
        ? deleteOrder(db, user, orderNo.data)
        : intent === "agree"
          ? agreeOrder(db, user, orderNo.data)
          : disagreeOrder(db, user, orderNo.data),
  );
  if (!result.ok) return replyWithError(request, submission, result.error, { status: STATUS_OF[result.error.key] ?? 400 });
  return redirectWithToast(intent === "delete" ? "/order/order" : self, result.value);
}

export default function OrderDetailsPage() {
  const { order, lines, actions, proposal, disagreed, canOrder, reasonMax } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const { t, i18n } = useTranslation("order");
  const lang = i18n.language as Language;
  const cancelled = order.status === "cancelled";
  const money = (n: number) => formatMoney(n, order.currency, lang);
  // the cancel form's reason with its error while the form is offered; other refusals above the facts
  const cancelResult = result?.initialValue?.intent === "cancel" && actions.cancel ? result : undefined;
  const [cancelForm, cancelFields] = useForm({ id: "cancel", lastResult: cancelResult, shouldRevalidate: "onInput" });
  const cancelError = cancelFields.reason.errors ?? cancelForm.errors;
  const otherErrors = cancelResult ? undefined : (result?.error?.[""] ?? undefined);
  return (
    <div className="order-details">
      <Trail items={[{ to: "/order/order", label: t("orders.title") }, { label: order.order_no }]} />
      <div className="page-head">
        <h1 className="page-title">
          {t("orders.details")} <span className="code">{order.order_no}</span> <StatusTag status={order.status} />
        </h1>
        <Can funcCode="order:export">
          <a
            className="btn btn-outline"
            href={`/order/export?kind=details&orderNo=${encodeURIComponent(order.order_no)}`}
            download
            data-testid="export-details"
          >
            {t("orders.export")}
          </a>
        </Can>
      </div>
      {/* a cancel refused after the order shipped: the cancel panel is gone, the message shows here */}
      <FormError errors={otherErrors} />
      {(actions.agree || actions.disagree) && (
        <section className="card proposal" aria-labelledby="proposal-title" data-testid="date-proposal">
          <h2 id="proposal-title" className="section-title">
            {t("orders.agreeHint")}
          </h2>
          {proposal && (
            <>
              <p className="message message-warning" data-testid="proposed-date">
                {t(order.status === "date_proposed" ? "orders.proposal.desk" : "orders.proposal.review", { date: proposal.date, wanted: proposal.wanted })}
              </p>
              <div className="table-scroll">
                <table className="data-table stack-table" data-testid="proposal-lines">
                  <thead>
                    <tr>
                      <th scope="col" className="num">
                        {t("orders.lineNo")}
                      </th>
                      <th scope="col">{t("cart.code")}</th>
                      <th scope="col">{t("orders.proposal.requested")}</th>
                      <th scope="col">{t("orders.proposal.proposed")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {proposal.lines.map((l) => (
                      <tr key={l.lineNo}>
                        <td className="num" data-label={t("orders.lineNo")}>
                          {l.lineNo}
                        </td>
                        <td className="code" data-label={t("cart.code")}>
                          {l.code}
                        </td>
                        <td data-label={t("orders.proposal.requested")}>{l.requested ?? "—"}</td>
                        <td data-label={t("orders.proposal.proposed")} data-col="proposed">
                          <strong>{l.proposed}</strong>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <p className="muted small">{t("orders.proposal.choice")}</p>
          <div className="order-actions">
            {actions.agree && <IntentButton intent="agree" label={t("orders.agree")} primary />}
            {actions.disagree && <IntentButton intent="disagree" label={t("orders.disagree")} />}
          </div>
        </section>
      )}
      <section className="card">
        <OrderFacts order={order} />
        {order.cancel_reason && (
          <p className="muted" data-testid="cancel-reason">
            {t("orders.cancelReasonShown", { reason: disagreed ? t("orders.disagreedReason") : order.cancel_reason })}
          </p>
        )}
      </section>

      <div className="order-actions">
        {canOrder && <IntentButton intent="reAdd" label={t("orders.reAdd")} />}
        {actions.delete && <IntentButton intent="delete" label={t("orders.delete")} />}
        {actions.cancel && (
          <details className="inline-details" open={!!cancelError}>
            <summary className="btn btn-outline">{t("orders.cancel")}</summary>
            <Form method="post" className="cancel-panel" {...getFormProps(cancelForm)}>
              <label className="field">
                <span className="required">{t("orders.cancelReason")}</span>
                <textarea name={cancelFields.reason.name} rows={3} maxLength={reasonMax} required aria-invalid={!!cancelError || undefined} />
              </label>
              {cancelError && (
                <p className="field-error" role="alert">
                  {cancelError[0]}
                </p>
              )}
              <div>
                <button className="btn" name="intent" value="cancel">
                  {t("orders.confirmCancel")}
                </button>
              </div>
            </Form>
          </details>
        )}
        {lang === "zh" && (
          <Link
            className="btn btn-outline"
            to={`/afterSalesService/askAfterSales?orderNo=${encodeURIComponent(order.order_no)}`}
            data-testid="order-after-sales"
          >
            {t("orders.afterSales")}
          </Link>
        )}
      </div>

      <h2 className="section-title">{t("orders.lines")}</h2>
      <div className="table-scroll">
        <table className="data-table stack-table" data-testid="order-lines">
          <thead>
            <tr>
              <th className="num">{t("orders.lineNo")}</th>
              <th>{t("cart.code")}</th>
              <th className="num">{t("orders.qty")}</th>
              <th className="num">{t("orders.unitPrice")}</th>
              <th className="num">{t("orders.discount")}</th>
              <th className="num">{t("orders.amount")}</th>
              <th>{t("orders.esd")}</th>
              <th>{t("orders.shipDate")}</th>
              <th className="num">{t("orders.shippedQty")}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.id}>
                <td className="num" data-label={t("orders.lineNo")}>
                  {l.line_no}
                </td>
                <td data-label={t("cart.code")}>
                  <span className="code">{l.ordering_code}</span>
                  <div className="muted small">{lang === "en" ? l.name_en : l.name_zh}</div>
                </td>
                <td className="num" data-label={t("orders.qty")}>
                  {l.qty}
                </td>
                <td className="num" data-label={t("orders.unitPrice")}>
                  {money(l.unit_price)}
                </td>
                <td className="num" data-label={t("orders.discount")}>
                  {money(l.discount_amount)}
                </td>
                <td className="num" data-label={t("orders.amount")}>
                  {money(l.amount)}
                </td>
                {/* a cancelled order ships nothing: no dates to expect */}
                <td data-label={t("orders.esd")}>{cancelled ? "—" : (l.esd ?? "—")}</td>
                <td data-label={t("orders.shipDate")}>{cancelled ? "—" : (l.ship_date ?? "—")}</td>
                <td className="num" data-label={t("orders.shippedQty")}>
                  {l.shipped_qty}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <Link to="/order/order">{t("orders.back")}</Link>
      </p>
    </div>
  );
}

/** One of the order's buttons: a form of its own posting its intent (works without JavaScript). */
function IntentButton({ intent, label, primary = false }: { intent: string; label: string; primary?: boolean }) {
  return (
    <Form method="post">
      <button className={primary ? "btn" : "btn btn-outline"} name="intent" value={intent}>
        {label}
      </button>
    </Form>
  );
}
