import { newSubmitToken } from "~/modules/orders/submit.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import { listMarketingItems } from "~/modules/support/marketing-items.server";
import { createMarketingRequest, createRequest, getDealerRequest, listDealerRequests } from "~/modules/support/requests.server";
import { SUPPORT_MAX_LINES, SUPPORT_PAGE_SIZE, SUPPORT_PATHS, type SupportKind } from "~/modules/support/status";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireRole } from "~/utils/guard.server";

/**
 * The dealer side of sample and tool-body support (decision 050), shared by samplesSupport.* and
 * cutterSupport.*: only the roles customer support (shop) and customer master account (spec §6).
 * Zod stays on the server (decision 041).
 */
export const SUPPORT_ROLES = ["customer_support", "customer_master"];

export const required = (max: number) =>
  z.string({ error: "support:request.required" }).trim().min(1, "support:request.required").max(max, "support:request.tooLong");
export const isoDate = z.string({ error: "support:reserve.dateRule" }).regex(/^\d{4}-\d\d-\d\d$/, "support:reserve.dateRule");

/** The ordering-code lines of a dealer's form: at most `maxLines`; an empty line is no line, a code needs a whole quantity of 1 to `maxQty` (else `qtyError`). */
export const codeLines = (maxLines: number, maxQty: number, qtyError: string) =>
  z
    .array(
      z
        .object({
          code: z.string().trim().max(60, "support:request.tooLong").default(""),
          qty: z.coerce.number({ error: qtyError }).int(qtyError).min(1, qtyError).max(maxQty, qtyError).optional(),
        })
        .refine((l) => !l.code || l.qty !== undefined, { message: qtyError, path: ["qty"] }),
    )
    .max(maxLines)
    .default([]);

export const RequestSchema = z.object({
  token: z.string({ error: "support:request.required" }).regex(/^[A-Za-z0-9_-]{16,64}$/, "support:request.required"),
  endCustomer: required(200),
  purpose: required(1000),
  supplyMode: z.enum(["loan", "supply"], { error: "support:request.supplyModeRequired" }).optional(),
  lines: codeLines(SUPPORT_MAX_LINES, 9999, "support:request.qtyRule"),
});

/** `?page=` of the dealer's lists (a wrong value is the first page) */
export const PageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1) });
export const pageOf = (request: Request) => PageQuerySchema.parse({ page: new URL(request.url).searchParams.get("page") ?? undefined }).page;

export async function supportListLoader<K extends SupportKind>(request: Request, kind: K) {
  const db = getDb();
  const user = await requireRole(request, SUPPORT_ROLES, db);
  const page = pageOf(request);
  const { rows, total } = await listDealerRequests(db, user, kind, page);
  return { kind, requests: rows, total, page, pageSize: SUPPORT_PAGE_SIZE };
}

export async function supportNewLoader<K extends SupportKind>(request: Request, kind: K) {
  await requireRole(request, SUPPORT_ROLES);
  return { kind, token: newSubmitToken(), maxLines: SUPPORT_MAX_LINES };
}

export async function supportNewAction(request: Request, kind: SupportKind) {
  const db = getDb();
  const user = await requireRole(request, SUPPORT_ROLES, db);
  const submission = parseWithZod(await readFormData(request), { schema: RequestSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const result = await createRequest(db, user, kind, {
    token: v.token,
    endCustomer: v.endCustomer,
    purpose: v.purpose,
    supplyMode: v.supplyMode ?? null,
    lines: v.lines.filter((l) => l.code).map((l) => ({ code: l.code, qty: l.qty ?? 0 })),
  });
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast(`${SUPPORT_PATHS[kind]}/${result.value.id}`, "support:request.created");
}

export async function supportDetailLoader<K extends SupportKind>(request: Request, kind: K, rawId: string | undefined) {
  const db = getDb();
  const user = await requireRole(request, SUPPORT_ROLES, db);
  const id = rawId && /^\d{1,9}$/.test(rawId) ? Number(rawId) : notFound();
  const r = await notFoundWhenMissing(() => getDealerRequest(db, user, kind, id));
  return {
    kind,
    request: {
      id: r.id,
      requestNo: r.request_no,
      status: r.status,
      endCustomer: r.end_customer,
      purpose: r.purpose,
      supplyMode: r.supply_mode,
      wantedDate: r.wanted_date ?? null,
      reason: r.reason,
      trackingNo: r.tracking_no,
      carrier: r.carrier,
      createdAt: r.created_at,
      decidedAt: r.decided_at,
      shippedAt: r.shipped_at,
      userCode: r.user_code,
      userName: r.user_name,
      lines: [
        ...r.lines.map((l) => ({ code: l.ordering_code, qty: l.qty, nameZh: l.name_zh, nameEn: l.name_en })),
        ...r.items.map((l) => ({ code: "", qty: l.qty, nameZh: l.name_zh, nameEn: l.name_en })),
      ],
    },
  };
}

/** Marketing support's request form (decision 052): a quantity per offered item, empty or 0 for none. */
export const MarketingSchema = z.object({
  token: RequestSchema.shape.token,
  endCustomer: required(200),
  purpose: required(1000),
  wantedDate: isoDate,
  items: z
    .array(
      z.object({
        id: z.coerce.number({ error: "support:marketing.unknownItem" }).int().positive("support:marketing.unknownItem"),
        qty: z.coerce
          .number({ error: "support:marketing.qtyRule" })
          .int("support:marketing.qtyRule")
          .min(0, "support:marketing.qtyRule")
          .max(500, "support:marketing.qtyRange")
          .optional(),
      }),
    )
    .max(100)
    .default([]),
});

export async function marketingNewLoader(request: Request) {
  const db = getDb();
  const user = await requireRole(request, SUPPORT_ROLES, db);
  const items = await listMarketingItems(db, user.tenantId, { activeOnly: true });
  return { token: newSubmitToken(), items: items.map((i) => ({ id: i.id, nameZh: i.name_zh, maxQty: i.max_qty })) };
}

export async function marketingNewAction(request: Request) {
  const db = getDb();
  const user = await requireRole(request, SUPPORT_ROLES, db);
  const submission = parseWithZod(await readFormData(request), { schema: MarketingSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const result = await createMarketingRequest(db, user, {
    token: v.token,
    endCustomer: v.endCustomer,
    purpose: v.purpose,
    wantedDate: v.wantedDate,
    items: v.items.map((i) => ({ itemId: i.id, qty: i.qty ?? 0 })),
  });
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast(`${SUPPORT_PATHS.marketing}/${result.value.id}`, "support:request.created");
}
