import { newSubmitToken } from "~/modules/orders/submit.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import { RESERVATION_MAX_LINES, RESERVATION_PAGE_SIZE, RESERVATION_PATH } from "~/modules/support/reservation-status";
import {
  createReservation,
  getDealerReservation,
  listDealerReservations,
  releaseReservation,
  withdrawReservation,
} from "~/modules/support/reservations.server";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireRole } from "~/utils/guard.server";
import { codeLines, isoDate, pageOf, RequestSchema, required, SUPPORT_ROLES } from "./__support.server";

/**
 * The dealer side of stock reservation, 备库 (decision 052): standbyLibrary._index, .new, .$id.
 * The customer-support roles only; another customer's reservation is not found.
 */
export const ReservationSchema = z.object({
  token: RequestSchema.shape.token,
  endCustomer: required(200),
  project: required(200),
  startsOn: isoDate,
  endsOn: isoDate,
  remark: z.string().trim().max(1000, "support:request.tooLong").optional(),
  lines: codeLines(RESERVATION_MAX_LINES, 100_000, "support:reserve.qtyRange"),
});

export const DealerReservationActionSchema = z.object({ intent: z.enum(["withdraw", "release"]) });

export async function reservationListLoader(request: Request) {
  const db = getDb();
  const user = await requireRole(request, SUPPORT_ROLES, db);
  const page = pageOf(request);
  const { rows, total } = await listDealerReservations(db, user, page);
  return { rows, total, page, pageSize: RESERVATION_PAGE_SIZE };
}

export async function reservationNewLoader(request: Request) {
  await requireRole(request, SUPPORT_ROLES);
  return { token: newSubmitToken(), maxLines: RESERVATION_MAX_LINES };
}

export async function reservationNewAction(request: Request) {
  const db = getDb();
  const user = await requireRole(request, SUPPORT_ROLES, db);
  const submission = parseWithZod(await readFormData(request), { schema: ReservationSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const result = await createReservation(db, user, { ...v, lines: v.lines.filter((l) => l.code).map((l) => ({ code: l.code, qty: l.qty ?? 0 })) });
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast(`${RESERVATION_PATH}/${result.value.id}`, "support:reserve.created");
}

const idOf = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : notFound());

export async function reservationDetailLoader(request: Request, rawId: string | undefined) {
  const db = getDb();
  const user = await requireRole(request, SUPPORT_ROLES, db);
  const r = await notFoundWhenMissing(() => getDealerReservation(db, user, idOf(rawId)));
  return {
    reservation: {
      id: r.id,
      no: r.reservation_no,
      status: r.status,
      endCustomer: r.end_customer,
      project: r.project,
      startsOn: r.starts_on,
      endsOn: r.ends_on,
      remark: r.remark,
      reason: r.reason,
      createdAt: r.created_at,
      decidedAt: r.decided_at,
      releasedAt: r.released_at,
      releaseCause: r.release_cause,
      userCode: r.user_code,
      userName: r.user_name,
      lines: r.lines.map((l) => ({
        id: l.id,
        code: l.ordering_code,
        name: l.name_zh,
        qty: l.qty,
        approved: l.approved_qty,
        ordered: l.ordered_qty,
        remaining: l.remaining,
      })),
      uses: r.uses.map((u) => ({ code: u.ordering_code, orderNo: u.order_no, qty: u.qty, at: u.created_at })),
    },
  };
}

export async function reservationDetailAction(request: Request, rawId: string | undefined) {
  const db = getDb();
  const user = await requireRole(request, SUPPORT_ROLES, db);
  const id = idOf(rawId);
  const submission = parseWithZod(await readFormData(request), { schema: DealerReservationActionSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const result = await notFoundWhenMissing(() =>
    submission.value.intent === "withdraw" ? withdrawReservation(db, user, id) : releaseReservation(db, { cause: "dealer", dealer: user }, id),
  );
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast(`${RESERVATION_PATH}/${id}`, `support:reserve.${result.value.status}`);
}
