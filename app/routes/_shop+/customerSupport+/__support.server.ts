import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import { createRequest, getDealerRequest, listDealerRequests, newPostToken } from "~/modules/support/requests.server";
import { SUPPORT_MAX_LINES, SUPPORT_PATHS, type SupportKind } from "~/modules/support/status";
import { setFlash } from "~/utils/cookies.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireRole } from "~/utils/guard.server";

/**
 * The dealer side of sample and tool-body support (decision 050), shared by samplesSupport.* and
 * cutterSupport.*: only the roles customer support (shop) and customer master account (spec §6).
 * Zod stays on the server (decision 041).
 */
export const SUPPORT_ROLES = ["customer_support", "customer_master"];

const required = (max: number) => z.string({ error: "support:request.required" }).trim().min(1, "support:request.required").max(max, "support:request.tooLong");

export const RequestSchema = z.object({
  token: z.string({ error: "support:request.required" }).regex(/^[0-9a-f]{32}$/, "support:request.required"),
  endCustomer: required(200),
  purpose: required(1000),
  supplyMode: z.enum(["loan", "supply"], { error: "support:request.supplyModeRequired" }).optional(),
  lines: z
    .array(
      z
        .object({
          code: z.string().trim().max(60, "support:request.tooLong").default(""),
          qty: z.coerce.number({ error: "support:request.qtyRule" }).int("support:request.qtyRule").min(1, "support:request.qtyRule").max(9999, "support:request.qtyRule").optional(),
        })
        .refine((l) => !l.code || l.qty !== undefined, { message: "support:request.qtyRule", path: ["qty"] }),
    )
    .max(SUPPORT_MAX_LINES)
    .default([]),
});

export async function supportListLoader(request: Request, kind: SupportKind) {
  const db = getDb();
  const user = await requireRole(request, SUPPORT_ROLES, db);
  return { kind, requests: await listDealerRequests(db, user, kind) };
}

export async function supportNewLoader(request: Request, kind: SupportKind) {
  await requireRole(request, SUPPORT_ROLES);
  return { kind, token: newPostToken(), maxLines: SUPPORT_MAX_LINES };
}

export async function supportNewAction(request: Request, kind: SupportKind) {
  const db = getDb();
  const user = await requireRole(request, SUPPORT_ROLES, db);
  const submission = parseWithZod(await readFormData(request), { schema: RequestSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const result = await createRequest(db, user, kind, {
    token: v.token,
    endCustomer: v.endCustomer,
    purpose: v.purpose,
    supplyMode: v.supplyMode ?? null,
    lines: v.lines.filter((l) => l.code).map((l) => ({ code: l.code, qty: l.qty ?? 0 })),
  });
  if (!result.ok) return json({ result: submission.reply({ formErrors: [result.error] }) }, { status: 400 });
  return redirect(`${SUPPORT_PATHS[kind]}/${result.id}`, { headers: { "Set-Cookie": await setFlash("support:request.created") } });
}

export async function supportDetailLoader(request: Request, kind: SupportKind, rawId: string | undefined) {
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
      reason: r.reason,
      trackingNo: r.tracking_no,
      carrier: r.carrier,
      createdAt: r.created_at,
      decidedAt: r.decided_at,
      shippedAt: r.shipped_at,
      userCode: r.user_code,
      userName: r.user_name,
      lines: r.lines.map((l) => ({ code: l.ordering_code, qty: l.qty, nameZh: l.name_zh, nameEn: l.name_en })),
    },
  };
}
