import { useForm } from "@conform-to/react";
import { formatDateTime, formatMoney, shopToday } from "~/i18n/format";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DeskActionSchema, OrderNoSchema } from "./__orderDesk.server";
import { getDb } from "~/db/index.server";
import { toLanguage } from "~/i18n/config";
import {
  cancelDeskOrder,
  confirmOrder,
  DESK_CONFLICTS,
  getDeskOrder,
  markPurchaseApplication,
  proposeDates,
  type DeskActor,
  type DeskResult,
} from "~/modules/desk/desk.server";
import { recordShipment } from "~/modules/desk/shipments.server";
import { newSubmitToken } from "~/modules/orders/submit.server";
import { DISAGREED_REASON, staffActions } from "~/modules/orders/status";
import { FieldError } from "~/components/admin/FieldError";
import { FormError } from "~/components/auth/FormField";
import { readFormData } from "~/utils/form.server";
import { forbidden, notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["adminOrders", "order", "auth"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.orderDesk");

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
  return {
    ...found,
    actions: staffActions(found.order.status),
    canEdit: staff.funcCodes.has("ord:order:edit"),
    canShip: staff.funcCodes.has("ord:delivery:edit"),
    token: newSubmitToken(),
    today: shopToday(),
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
  if (submission.status !== "success") return replyInvalid(request, submission);
  const value = submission.value;
  const actor = actorOf(staff);
  const result: DeskResult = await notFoundWhenMissing(() => {
    switch (value.intent) {
      case "confirm":
        return confirmOrder(db, actor, orderNo);
      case "propose":
        return proposeDates(
          db,
          actor,
          orderNo,
          Object.entries(value.date).map(([lineId, date]) => ({ lineId: Number(lineId), date })),
        );
      case "purchase":
        return markPurchaseApplication(db, actor, orderNo);
      case "cancel":
        return cancelDeskOrder(db, actor, orderNo, value.reason);
      case "ship":
        return recordShipment(db, actor, orderNo, {
          token: value.token,
          shipDate: value.shipDate,
          carrier: value.carrier,
          trackingNo: value.trackingNo,
          packingSlipNo: value.packingSlipNo,
          batchNo: value.batchNo,
          lines: Object.entries(value.qty).map(([lineId, qty]) => ({ lineId: Number(lineId), qty })),
        });
    }
  });
  // the order moved on since the page was drawn: 409; a wrong entry: 400
  if (!result.ok) return replyWithError(request, submission, result.error, { status: DESK_CONFLICTS.has(result.error.key) ? 409 : 400 });
  const { key, values, already } = result.value;
  // a repeated post says so ("done.confirm_already", i18next's context)
  return redirectWithToast(`/system/orders/${encodeURIComponent(orderNo)}`, { key, values: already ? { ...values, context: "already" } : values });
}

export default function DeskOrder() {
  const { order, lines, shipments, actions, canEdit, canShip, token, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminOrders");
  const { t: to } = useTranslation("order");
  const lang = toLanguage(i18n.language);
  const en = lang === "en";
  // one reply for the page's forms: the posted values by name ("qty.12") and the errors under their fields
  const [form] = useForm({ lastResult: actionData?.result });
  const flat = (v: unknown, name = ""): [string, unknown][] =>
    v && typeof v === "object" ? Object.entries(v).flatMap(([k, x]) => flat(x, name ? `${name}.${k}` : k)) : [[name, v]];
  const payload = Object.fromEntries(flat(form.initialValue));
  const fieldError = (name: string) => <FieldError errors={form.allErrors[name]} id={`${name}-error`} />;
  const described = (name: string) => (form.allErrors[name] ? `${name}-error` : undefined);
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
      <FormError errors={form.errors} />
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

      {canShip && actions.ship && openLines.length > 0 ? (
        <ShipmentForm openLines={openLines} token={token} today={today} payload={payload} fieldError={fieldError} described={described} />
      ) : null}

      <ShipmentsTable shipments={shipments} />

      {canEdit && actions.cancel ? (
        <section aria-labelledby="desk-cancel">
          <h2 id="desk-cancel">{cancelLabel}</h2>
          <Form method="post" className="admin-form" noValidate>
            <label>
              {t("details.cancelReason")}
              <textarea
                name="reason"
                required
                maxLength={300}
                rows={2}
                aria-describedby={described("reason")}
                defaultValue={(payload.reason as string | undefined) ?? ""}
              />
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
      {!actions.confirm && !actions.propose && !actions.purchase && !actions.ship && !actions.cancel ? (
        <p className="admin-muted">{t("details.noActions")}</p>
      ) : null}
    </div>
  );
}

/** Parts of the order desk's order page (/system/orders/<no>, decision 044). */
type DeskOrder = SerializeFrom<typeof loader>;

/** The order's header facts: customer, account, PO no., dates, amount, consignee, remark, cancel reason. */
function OrderFacts({ order }: { order: DeskOrder["order"] }) {
  const { t, i18n } = useTranslation("adminOrders");
  const { t: to } = useTranslation("order");
  const lang = toLanguage(i18n.language);
  const en = lang === "en";
  return (
    <dl className="details-list">
      <dt>{t("field.customer")}</dt>
      <dd>
        {order.customer_code} {en ? order.customer_name_en : order.customer_name_zh}
      </dd>
      <dt>{t("field.user")}</dt>
      <dd>
        {order.user_code} {order.user_name}
      </dd>
      <dt>{t("field.poNo")}</dt>
      <dd>{order.po_no || "—"}</dd>
      <dt>{t("field.date")}</dt>
      <dd>{formatDateTime(order.created_at)}</dd>
      <dt>{t("field.deliveryDate")}</dt>
      <dd>{order.expected_delivery_date}</dd>
      <dt>{t("field.payable")}</dt>
      <dd>{formatMoney(order.payable_amount, order.currency, lang)}</dd>
      <dt>{t("field.consignee")}</dt>
      <dd>
        {order.consignee} {order.phone}
      </dd>
      <dt>{t("field.address")}</dt>
      <dd className="cell-wrap">{order.address_text}</dd>
      {order.remark ? (
        <>
          <dt>{t("field.remark")}</dt>
          <dd className="cell-wrap">{order.remark}</dd>
        </>
      ) : null}
      {order.cancel_reason ? (
        <>
          <dt>{t("field.cancelReason")}</dt>
          <dd className="cell-wrap" data-testid="cancel-reason">
            {order.cancel_reason === DISAGREED_REASON ? to("orders.disagreedReason") : order.cancel_reason}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * Records a shipment: the shipment's facts, then every open line with its quantity to ship beside
 * it, filled in with what is still open (ship all that is open); a blank quantity ships nothing of
 * that line. The server checks each quantity whatever is posted.
 */
function ShipmentForm(props: {
  openLines: DeskOrder["lines"];
  token: string;
  today: string;
  payload: Record<string, unknown>;
  fieldError: (name: string) => ReactNode;
  described: (name: string) => string | undefined;
}) {
  const { openLines, token, today, payload, fieldError, described } = props;
  const { t } = useTranslation("adminOrders");
  return (
    <section aria-labelledby="desk-ship">
      <h2 id="desk-ship">{t("details.ship")}</h2>
      <p className="admin-muted" id="desk-ship-hint">
        {t("details.shipHint")}
      </p>
      {/* keyed by the page's token: after a shipment (JavaScript on) the form starts again from what is open now */}
      <Form key={token} method="post" className="admin-form desk-ship-form" noValidate data-testid="ship-form">
        <input type="hidden" name="token" value={token} />
        <label>
          {t("field.shipDate")}
          <input
            type="date"
            name="shipDate"
            required
            defaultValue={(payload.shipDate as string | undefined) ?? today}
            aria-describedby={described("shipDate")}
          />
          {fieldError("shipDate")}
        </label>
        {(["carrier", "trackingNo", "packingSlipNo", "batchNo"] as const).map((f) => (
          <label key={f}>
            {t(`field.${f}`)}
            <input name={f} required maxLength={60} defaultValue={(payload[f] as string | undefined) ?? ""} aria-describedby={described(f)} />
            {fieldError(f)}
          </label>
        ))}
        <div className="admin-form-wide">
          <table className="data-table desk-ship-lines" data-testid="ship-lines">
            <caption>{t("field.shipQty")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("field.lineNo")}</th>
                <th scope="col">{t("field.code")}</th>
                <th scope="col" className="num">
                  {t("field.qty")}
                </th>
                <th scope="col" className="num">
                  {t("field.shipped")}
                </th>
                <th scope="col" className="num">
                  {t("field.open")}
                </th>
                <th scope="col">{t("field.shipQty")}</th>
              </tr>
            </thead>
            <tbody>
              {openLines.map((l) => {
                const name = `qty.${l.id}`;
                const open = l.qty - l.shipped_qty;
                return (
                  <tr key={l.id} data-testid="ship-line" data-line-no={l.line_no}>
                    <td data-label={t("field.lineNo")}>{l.line_no}</td>
                    <td data-label={t("field.code")} className="code">
                      {l.ordering_code}
                    </td>
                    <td data-label={t("field.qty")} className="num">
                      {l.qty}
                    </td>
                    <td data-label={t("field.shipped")} className="num">
                      {l.shipped_qty}
                    </td>
                    <td data-label={t("field.open")} className="num">
                      {open}
                    </td>
                    <td data-label={t("field.shipQty")}>
                      <input
                        type="number"
                        name={name}
                        min={0}
                        max={open}
                        step={1}
                        inputMode="numeric"
                        defaultValue={(payload[name] as string | undefined) ?? String(open)}
                        aria-label={t("details.shipQtyLine", { line: l.line_no })}
                        aria-invalid={described(name) ? true : undefined}
                        aria-describedby={described(name) ?? "desk-ship-hint"}
                        data-testid={`ship-qty-${l.line_no}`}
                      />
                      {fieldError(name)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="admin-form-actions">
          <button type="submit" name="intent" value="ship" className="btn" data-testid="desk-ship">
            {t("details.ship")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The shipments recorded so far, one row per shipped line. */
function ShipmentsTable({ shipments }: { shipments: DeskOrder["shipments"] }) {
  const { t } = useTranslation("adminOrders");
  return (
    <section aria-labelledby="desk-shipments">
      <h2 id="desk-shipments">{t("details.shipments")}</h2>
      {shipments.length === 0 ? (
        <p className="admin-muted">{t("details.noShipments")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="desk-shipments">
            <thead>
              <tr>
                <th scope="col">{t("field.shipDate")}</th>
                <th scope="col">{t("field.lineNo")}</th>
                <th scope="col">{t("field.code")}</th>
                <th scope="col" className="num">
                  {t("field.qty")}
                </th>
                <th scope="col">{t("field.carrier")}</th>
                <th scope="col">{t("field.trackingNo")}</th>
                <th scope="col">{t("field.packingSlipNo")}</th>
                <th scope="col">{t("field.batchNo")}</th>
              </tr>
            </thead>
            <tbody>
              {shipments.map((s) => (
                <tr key={s.id} data-testid="desk-shipment">
                  <td>{s.ship_date}</td>
                  <td>{s.line_no}</td>
                  <td className="code">{s.ordering_code}</td>
                  <td className="num">{s.qty}</td>
                  <td>{s.carrier}</td>
                  <td className="code">{s.tracking_no}</td>
                  <td className="code">{s.packing_slip_no}</td>
                  <td className="code">{s.batch_no}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
