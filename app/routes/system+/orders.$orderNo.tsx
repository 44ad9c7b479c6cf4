import { shopToday } from "~/i18n/format";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OrderFacts, ShipmentForm, ShipmentsTable } from "./__DeskOrderViews";
import { DeskActionSchema, OrderNoSchema } from "./__orderDesk.server";
import { getDb } from "~/db/index.server";
import { toLanguage } from "~/i18n/config";
import { cancelDeskOrder, confirmOrder, getDeskOrder, markPurchaseApplication, proposeDates, type DeskActor, type DeskResult } from "~/modules/desk/desk.server";
import { recordShipment } from "~/modules/desk/shipments.server";
import { newSubmitToken } from "~/modules/orders/submit.server";
import { staffActions } from "~/modules/orders/status";
import { readFormData } from "~/utils/form.server";
import { forbidden, notFound, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminOrders", "order"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.orderDesk");

const DONE = ["confirm", "propose_date", "create_purchase_application", "cancel", "cancel_rest", "ship"] as const;

function orderNoParam(value: string | undefined): string {
  const parsed = OrderNoSchema.safeParse(value ?? "");
  if (!parsed.success) notFound();
  return parsed.data;
}

const actorOf = (staff: { id: number; code: string; tenantId: number }): DeskActor => ({ id: staff.id, code: staff.code, tenantId: staff.tenantId });

/** One order of the signed-in company entity: its lines, shipments and the desk's actions (issue 17). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "ord:order:view", db);
  const orderNo = orderNoParam(params.orderNo);
  const found = await getDeskOrder(db, actorOf(staff), orderNo);
  if (!found) notFound();
  const search = new URL(request.url).searchParams;
  const done = DONE.find((d) => d === search.get("done")) ?? null;
  return {
    ...found,
    actions: staffActions(found.order.status),
    canEdit: staff.funcCodes.has("ord:order:edit"),
    canShip: staff.funcCodes.has("ord:delivery:edit"),
    token: newSubmitToken(),
    today: shopToday(),
    done,
    already: done !== null && search.get("already") === "1",
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, null, db);
  const orderNo = orderNoParam(params.orderNo);
  const form = await readFormData(request);
  // shipping is the delivery desk's code, every other step the order desk's: refused before the form is read further
  if (!staff.funcCodes.has(form.get("intent") === "ship" ? "ord:delivery:edit" : "ord:order:edit")) forbidden();
  const submission = parseWithZod(form, { schema: DeskActionSchema });
  if (submission.status !== "success") {
    return json({ error: "adminOrders:error.form", values: {}, fields: submission.error ?? {}, payload: submission.payload }, { status: 400 });
  }
  const value = submission.value;
  const actor = actorOf(staff);
  let result: DeskResult;
  switch (value.intent) {
    case "confirm":
      result = await confirmOrder(db, actor, orderNo);
      break;
    case "propose":
      result = await proposeDates(db, actor, orderNo, Object.entries(value.date).map(([lineId, date]) => ({ lineId: Number(lineId), date })));
      break;
    case "purchase":
      result = await markPurchaseApplication(db, actor, orderNo);
      break;
    case "cancel":
      result = await cancelDeskOrder(db, actor, orderNo, value.reason);
      break;
    case "ship":
      result = await recordShipment(db, actor, orderNo, {
        token: value.token,
        shipDate: value.shipDate,
        carrier: value.carrier,
        trackingNo: value.trackingNo,
        packingSlipNo: value.packingSlipNo,
        batchNo: value.batchNo,
        lines: Object.entries(value.qty).map(([lineId, qty]) => ({ lineId: Number(lineId), qty: qty === "" ? 0 : qty })),
      });
      break;
  }
  if (!result.ok) {
    if (result.status === 404) notFound();
    return json({ error: result.key, values: result.values ?? {}, fields: {}, payload: submission.payload }, { status: result.status });
  }
  const event = value.intent === "propose" ? "propose_date" : value.intent === "purchase" ? "create_purchase_application" : result.key === "adminOrders:done.cancel_rest" ? "cancel_rest" : value.intent;
  return redirect(`/system/orders/${encodeURIComponent(orderNo)}?done=${event}${result.already ? "&already=1" : ""}`);
}

export default function DeskOrder() {
  const { order, lines, shipments, actions, canEdit, canShip, token, today, done, already } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminOrders");
  const { t: to } = useTranslation("order");
  const lang = toLanguage(i18n.language);
  const en = lang === "en";
  const payload = (actionData?.payload ?? {}) as Record<string, unknown>;
  const fieldError = (name: string) => {
    const e = (actionData?.fields as Record<string, string[] | null> | undefined)?.[name]?.[0];
    return e ? (
      <span className="field-error" id={`${name}-error`}>
        {t(e)}
      </span>
    ) : null;
  };
  const described = (name: string) => ((actionData?.fields as Record<string, unknown> | undefined)?.[name] ? `${name}-error` : undefined);
  const agreed = order.status === "submitted" && lines.some((l) => l.requested_date);
  const openLines = lines.filter((l) => l.qty > l.shipped_qty);
  const reviewing = canEdit && (actions.propose || actions.confirm);
  const cancelLabel = t(order.status === "partly_shipped" ? "details.cancelRest" : "details.cancel");
  return (
    <div className="admin-page desk-page">
      <p>
        <Link to="/system/orders">← {t("details.back")}</Link>
      </p>
      <div className="page-head">
        <h1>{order.order_no}</h1>
        <span className={`status status-${order.status}`} data-testid="desk-status">
          {to(`status.${order.status}`)}
        </span>
      </div>
      {done ? (
        <p className="message message-success" role="status" data-testid="done">
          {t(`done.${done}`, { orderNo: order.order_no })} {already ? t("done.already") : null}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="message message-error" role="alert" data-testid="error">
          {t(actionData.error, actionData.values)}
        </p>
      ) : null}
      {order.status === "date_proposed" ? <p className="message message-warning">{t("details.waiting")}</p> : null}
      {agreed ? <p className="message message-warning">{t("details.agreed")}</p> : null}
      <OrderFacts order={order} />

      <h2 id="desk-lines">{reviewing ? t("details.dates") : t("details.lines")}</h2>
      {reviewing && actions.propose ? <p className="admin-muted">{t("details.datesHint")}</p> : null}
      <Form method="post" id="dates-form" aria-labelledby="desk-lines">
        <div className="table-scroll">
          <table className="data-table" data-testid="desk-lines">
            <thead>
              <tr>
                <th scope="col">{t("field.lineNo")}</th>
                <th scope="col">{t("field.code")}</th>
                <th scope="col">{t("field.name")}</th>
                <th scope="col" className="num">
                  {t("field.qty")}
                </th>
                <th scope="col" className="num">
                  {t("field.shipped")}
                </th>
                <th scope="col" className="num">
                  {t("field.open")}
                </th>
                <th scope="col">{t("field.esd")}</th>
                <th scope="col">{t("field.requested")}</th>
                <th scope="col">{t("field.shipDate")}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.id} data-testid="desk-line" data-line-no={l.line_no}>
                  <td>{l.line_no}</td>
                  <td className="code">{l.ordering_code}</td>
                  <td className="cell-wrap">{en ? l.name_en : l.name_zh}</td>
                  <td className="num">{l.qty}</td>
                  <td className="num">{l.shipped_qty}</td>
                  <td className="num">{l.qty - l.shipped_qty}</td>
                  <td>{l.esd ?? "—"}</td>
                  <td>{l.requested_date ?? l.ship_date ?? "—"}</td>
                  <td>
                    {reviewing && actions.propose && l.unit_price > 0 ? (
                      <input
                        type="date"
                        name={`date.${l.id}`}
                        defaultValue={(payload[`date.${l.id}`] as string | undefined) ?? l.ship_date ?? ""}
                        min={today}
                        aria-label={t("details.proposedDate", { line: l.line_no })}
                        data-testid={`date-${l.line_no}`}
                      />
                    ) : (
                      (l.ship_date ?? "—")
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {reviewing ? (
          <div className="admin-form-actions">
            {actions.confirm ? (
              <button type="submit" name="intent" value="confirm" className="btn" data-testid="desk-confirm">
                {t("details.confirm")}
              </button>
            ) : null}
            {actions.propose ? (
              <button type="submit" name="intent" value="propose" className="btn btn-outline" data-testid="desk-propose">
                {t("details.propose")}
              </button>
            ) : null}
          </div>
        ) : null}
      </Form>

      {canEdit && actions.purchase ? (
        <Form method="post" className="admin-inline-form">
          <button type="submit" name="intent" value="purchase" className="btn btn-outline" data-testid="desk-purchase">
            {t("details.purchase")}
          </button>
        </Form>
      ) : null}

      {canShip && actions.ship && openLines.length > 0 ? <ShipmentForm openLines={openLines} token={token} today={today} payload={payload} fieldError={fieldError} described={described} /> : null}

      <ShipmentsTable shipments={shipments} />

      {canEdit && actions.cancel ? (
        <section aria-labelledby="desk-cancel">
          <h2 id="desk-cancel">{cancelLabel}</h2>
          <Form method="post" className="admin-form" noValidate>
            <label>
              {t("details.cancelReason")}
              <textarea name="reason" required maxLength={300} rows={2} aria-describedby={described("reason")} defaultValue={(payload.reason as string | undefined) ?? ""} />
              {fieldError("reason")}
            </label>
            <div className="admin-form-actions">
              <button type="submit" name="intent" value="cancel" className="btn btn-danger-solid" data-testid="desk-cancel">
                {cancelLabel}
              </button>
            </div>
          </Form>
        </section>
      ) : null}
      {!actions.confirm && !actions.propose && !actions.purchase && !actions.ship && !actions.cancel ? <p className="admin-muted">{t("details.noActions")}</p> : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
