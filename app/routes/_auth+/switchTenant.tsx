import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import { readFormData } from "~/utils/form.server";
import { requireSignedIn } from "~/utils/guard.server";
import { rotateSession } from "~/utils/session.server";
import { sessionTtl } from "~/modules/auth/sessions.server";
import { userHasTenant } from "~/modules/auth/tenants.server";
import { safeRedirect } from "~/utils/redirect";
import { redirectWithToast } from "~/utils/reply.server";

const SwitchTenantSchema = z.object({
  dataareaid: z.coerce.number().int().positive().max(2_147_483_647),
  redirectTo: z.string().max(2000).optional(),
});

/**
 * The company switch (spec §7 /login/switchTenantId): a new session token on the chosen tenant
 * and the success message. Confirming without a choice (or with a company not the user's)
 * does nothing and goes back.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireSignedIn(request, db);
  const form = await readFormData(request);
  const back = safeRedirect(form.get("redirectTo"), "/homePage");
  const submission = parseWithZod(form, { schema: SwitchTenantSchema });
  if (submission.status !== "success") return redirect(back);
  const tenantId = submission.value.dataareaid;
  if (tenantId === user.tenantId || !(await userHasTenant(db, user.id, tenantId))) return redirect(back);
  const headers = new Headers();
  // the new session lasts as long as a sign-in of this kind of user: 4 h for staff, not the 12 h default
  headers.append("Set-Cookie", await rotateSession(db, request, { userId: user.id, tenantId, clientIp: context.clientIp, ttlMs: sessionTtl(user.isStaff) }));
  return redirectWithToast(back, "common:errors.switchCompanySuccess", { headers });
}

export const loader = () => redirect("/homePage");
