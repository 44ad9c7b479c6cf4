import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReservationDecisionSchema } from "./__supportAdmin.server";
import { Can } from "~/components/Can";
import { ReservationLinesTable, ReservationUsesTable } from "~/components/support/LineTables";
import { RefuseForm } from "~/components/support/StaffParts";
import { ReservationStatus } from "~/components/support/StatusTags";
import { ReservationOutcome } from "~/components/support/SupportFacts";
import { FormError } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { approveReservation, getStaffReservation, refuseReservation, releaseReservation } from "~/modules/support/reservations.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["support"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.stockReservationDetails");

const idOf = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : notFound());

/** One stock reservation of the entity (decision 052): approve it (reserving stock, possibly less), refuse it with a reason, release it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:reserve:view", db);
  const r = await notFoundWhenMissing(() => getStaffReservation(db, { id: user.id, code: user.code, tenantId: user.tenantId }, idOf(params.id)));
  return { reservation: r, canEdit: user.funcCodes.has("svc:reserve:edit") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:reserve:edit", db);
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  const id = idOf(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: ReservationDecisionSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const result = await notFoundWhenMissing(() =>
    v.intent === "approve"
      ? approveReservation(db, actor, id, new Map(v.lines.map((l) => [l.id, l.qty])))
      : v.intent === "refuse"
        ? refuseReservation(db, actor, id, v.reason)
        : releaseReservation(db, { cause: "staff", actor }, id),
  );
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast(`/system/support/reservations/${id}`, `support:reserve.${result.value.status}`);
}

export default function Reservation() {
  const { reservation: r, canEdit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("support");
  const en = i18n.language === "en";
  const [form, fields] = useForm({ id: "reserve-decision", lastResult: actionData?.result });
  // the approved quantities' errors (lines[i].qty) above the form, with the reservation's own
  const lineErrors = Object.entries(form.allErrors)
    .filter(([name]) => name.startsWith("lines"))
    .flatMap(([, e]) => e);
  return (
    <div className="admin-page">
      <h1>{t("reserve.detailsNamed", { no: r.reservation_no })}</h1>
      <FormError errors={form.errors?.length ? form.errors : lineErrors.length ? lineErrors : undefined} id={form.errorId} />
      <dl className="support-facts" data-testid="reserve-detail">
        <dt>{t("reserve.status")}</dt>
        <dd>
          <ReservationStatus status={r.status} testId="reserve-status" />
        </dd>
        <dt>{t("request.customer")}</dt>
        <dd>
          {r.customer_code} {en ? r.customer_name_en : r.customer_name_zh}
        </dd>
        <dt>{t("request.applicant")}</dt>
        <dd>
          {r.user_name} ({r.user_code}) · {formatDateTime(r.created_at)}
        </dd>
        <dt>{t("reserve.endCustomer")}</dt>
        <dd>{r.end_customer}</dd>
        <dt>{t("reserve.project")}</dt>
        <dd>{r.project}</dd>
        <dt>{t("reserve.period")}</dt>
        <dd>{t("reserve.periodValue", { from: r.starts_on, to: r.ends_on })}</dd>
        <ReservationOutcome
          remark={r.remark}
          decidedAt={r.decided_at}
          decidedBy={r.decided_by_code ?? ""}
          reason={r.reason}
          releasedAt={r.released_at}
          releaseCause={r.release_cause}
        />
      </dl>
      <Form method="post" data-testid="reserve-approve" id="reserve-approve">
        <input type="hidden" name="intent" value="approve" />
        <ReservationLinesTable
          lines={r.lines.map((l) => ({
            id: l.id,
            code: l.ordering_code,
            name: en ? l.name_en : l.name_zh,
            qty: l.qty,
            approved: l.approved_qty,
            ordered: l.ordered_qty,
            remaining: l.remaining,
            available: l.available,
          }))}
          decided={r.status !== "submitted" && r.status !== "withdrawn"}
          approval={{ editable: canEdit && r.status === "submitted" }}
        />
      </Form>
      <ReservationUsesTable
        uses={r.uses.map((u) => ({ code: u.ordering_code, orderNo: u.order_no, qty: u.qty, at: u.created_at }))}
        orderHref={(no) => `/system/orders/${encodeURIComponent(no)}`}
      />
      <Can funcCode="svc:reserve:edit">
        {r.status === "submitted" ? (
          <div className="support-actions">
            <div>
              <h2>{t("reserve.decide")}</h2>
              <p className="admin-muted">{t("reserve.approveHint")}</p>
              <button type="submit" form="reserve-approve" className="btn">
                {t("reserve.approve")}
              </button>
            </div>
            <RefuseForm testId="reserve-refuse" button={t("reserve.refuse")} errors={fields.reason.errors} />
          </div>
        ) : null}
        {r.status === "approved" ? (
          <Form method="post" className="admin-form" data-testid="reserve-release">
            <input type="hidden" name="intent" value="release" />
            <p className="admin-muted">{t("reserve.releaseHint")}</p>
            <div className="admin-form-actions">
              <button type="submit" className="btn btn-outline">
                {t("reserve.release")}
              </button>
            </div>
          </Form>
        ) : null}
      </Can>
      <p>
        <Link to="/system/support/reservations">{t("reserve.back")}</Link>
      </p>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
