import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DecisionSchema } from "./__supportAdmin.server";
import { Can } from "~/components/Can";
import { REQUEST_KIND } from "~/components/support/labels";
import { RequestLinesTable } from "~/components/support/LineTables";
import { RefuseForm } from "~/components/support/StaffParts";
import { RequestStatus } from "~/components/support/StatusTags";
import { DecisionFacts } from "~/components/support/SupportFacts";
import { FieldError } from "~/components/admin/FieldError";
import { FormError } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { decideRequest, getStaffRequest } from "~/modules/support/requests.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["support"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.supportRequest");

const requestId = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : notFound());

/** One sample or tool-body request of the entity (decision 050): approve or refuse it with a reason, then record the shipment. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:support:view", db);
  const r = await notFoundWhenMissing(() => getStaffRequest(db, { id: user.id, code: user.code, tenantId: user.tenantId }, requestId(params.id)));
  return { request: r };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:support:edit", db);
  const id = requestId(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: DecisionSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const result = await notFoundWhenMissing(() =>
    decideRequest(db, { id: user.id, code: user.code, tenantId: user.tenantId }, id, v.intent, {
      reason: v.intent === "refuse" ? v.reason : undefined,
      trackingNo: v.intent === "ship" ? v.trackingNo : undefined,
      carrier: v.intent === "ship" ? v.carrier : undefined,
    }),
  );
  if (!result.ok) return replyWithError(request, submission, result.error);
  const done = { approve: "approved", refuse: "refused", ship: "shipped" }[v.intent];
  return redirectWithToast(`/system/support/${id}`, `support:request.${done}`);
}

export default function SupportRequest() {
  const { request: r } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("support");
  const en = i18n.language === "en";
  const [form, fields] = useForm({ id: "support-decision", lastResult: actionData?.result });
  return (
    <div className="admin-page">
      <h1>{t("request.detailsNamed", { no: r.request_no })}</h1>
      <FormError errors={form.errors} id={form.errorId} />
      <dl className="support-facts" data-testid="support-detail">
        <dt>{t("request.status")}</dt>
        <dd>
          <RequestStatus status={r.status} testId="support-status" />
        </dd>
        <dt>{t("request.kind")}</dt>
        <dd>{t(REQUEST_KIND[r.kind] ?? r.kind)}</dd>
        <dt>{t("request.customer")}</dt>
        <dd>
          {r.customer_code} {en ? r.customer_name_en : r.customer_name_zh}
        </dd>
        <dt>{t("request.applicant")}</dt>
        <dd>
          {r.user_name} ({r.user_code})
        </dd>
        <dt>{t("request.createdAt")}</dt>
        <dd>{formatDateTime(r.created_at)}</dd>
        <dt>{t("request.endCustomer")}</dt>
        <dd>{r.end_customer}</dd>
        <dt>{t("request.purpose")}</dt>
        <dd>{r.purpose}</dd>
        {r.wanted_date ? (
          <>
            <dt>{t("marketing.wantedDate")}</dt>
            <dd>{r.wanted_date}</dd>
          </>
        ) : null}
        {r.supply_mode ? (
          <>
            <dt>{t("request.supplyMode")}</dt>
            <dd>{t(r.supply_mode === "loan" ? "request.supplyLoan" : "request.supplySupply")}</dd>
          </>
        ) : null}
        <DecisionFacts decidedAt={r.decided_at} decidedBy={r.decided_by_code ?? ""} reason={r.reason} />
        {r.tracking_no ? (
          <>
            <dt>{t("request.trackingNo")}</dt>
            <dd data-testid="support-tracking">
              {r.carrier ? `${r.carrier} ` : ""}
              {r.tracking_no}
            </dd>
          </>
        ) : null}
      </dl>
      <RequestLinesTable
        lines={[
          ...r.lines.map((l) => ({ code: l.ordering_code, name: en ? l.name_en : l.name_zh, qty: l.qty })),
          // marketing items have no ordering code
          ...r.items.map((l) => ({ code: "—", name: en ? l.name_en : l.name_zh, qty: l.qty })),
        ]}
      />
      <Can funcCode="svc:support:edit">
        {r.status === "submitted" ? (
          <div className="support-actions">
            <Form method="post" data-testid="support-approve">
              <h2>{t("request.decide")}</h2>
              <input type="hidden" name="intent" value="approve" />
              <button type="submit" className="btn">
                {t("request.approve")}
              </button>
            </Form>
            <RefuseForm testId="support-refuse" button={t("request.refuse")} errors={fields.reason.errors} />
          </div>
        ) : null}
        {r.status === "approved" ? (
          <Form method="post" className="admin-form" data-testid="support-ship">
            <h2>{t("request.shipment")}</h2>
            <input type="hidden" name="intent" value="ship" />
            <label>
              {t("request.carrier")}
              <input name="carrier" maxLength={60} {...(fields.carrier.errors ? { "aria-invalid": true, "aria-describedby": fields.carrier.errorId } : {})} />
              <FieldError errors={fields.carrier.errors} id={fields.carrier.errorId} />
            </label>
            <label>
              {t("request.trackingNo")}
              <input
                name="trackingNo"
                maxLength={60}
                required
                {...(fields.trackingNo.errors ? { "aria-invalid": true, "aria-describedby": fields.trackingNo.errorId } : {})}
              />
              <FieldError errors={fields.trackingNo.errors} id={fields.trackingNo.errorId} />
            </label>
            <div className="admin-form-actions">
              <button type="submit" className="btn">
                {t("request.ship")}
              </button>
            </div>
          </Form>
        ) : null}
      </Can>
      <p>
        <Link to="/system/support">{t("request.back")}</Link>
      </p>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
