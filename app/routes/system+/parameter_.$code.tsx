import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EditSchema } from "./__parameterEdit.server";
import { getDb } from "~/db/index.server";
import { isoToLocal, localToIso, LANDING_PAGE, MAINTENANCE_WINDOW, maintenanceWindowSchema } from "~/modules/admin/parameters";
import { getParameter, inMaintenance, saveParameter } from "~/modules/admin/parameters.server";
import { setFlash } from "~/utils/cookies.server";
import { readFormData } from "~/utils/form.server";
import { notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.editParameter");

/** Edit one parameter by code (spec §7 /basesysparameters/findByCode, /update). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "sys:param:edit", db);
  const parameter = await notFoundWhenMissing(() => getParameter(db, params.code ?? ""));
  let window: { startTime: string; endTime: string } | null = null;
  if (parameter.code === MAINTENANCE_WINDOW) {
    const parsed = maintenanceWindowSchema.safeParse((() => { try { return JSON.parse(parameter.value); } catch { return null; } })());
    window = parsed.success ? { startTime: isoToLocal(parsed.data.startTime), endTime: isoToLocal(parsed.data.endTime) } : { startTime: "", endTime: "" };
  }
  return { parameter, isLandingPage: parameter.code === LANDING_PAGE, window, maintenance: await inMaintenance(db) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "sys:param:edit", db);
  const parameter = await notFoundWhenMissing(() => getParameter(db, params.code ?? ""));
  const submission = parseWithZod(await readFormData(request), { schema: EditSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const value = v.kind === "window" ? JSON.stringify({ startTime: localToIso(v.startTime), endTime: localToIso(v.endTime) }) : v.value;
  const result = await saveParameter(db, { id: user.id, code: user.code, tenantId: user.tenantId }, { code: parameter.code, value, description: v.description, isNew: false });
  if (!result.ok) return json({ result: submission.reply({ formErrors: [result.error] }) }, { status: 400 });
  return redirect(`/system/parameter/${encodeURIComponent(parameter.code)}`, { headers: { "Set-Cookie": await setFlash("admin:param.saved") } });
}

export default function ParameterEdit() {
  const { parameter, isLandingPage, window, maintenance } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const firstError = Object.values(actionData?.result.error ?? {}).flat()[0];
  return (
    <div className="admin-page">
      <h1>{t("param.editNamed", { code: parameter.code })}</h1>
      {isLandingPage ? <p className="admin-muted">{t("param.landingHint")}</p> : null}
      {window ? (
        <p data-testid="maintenance-state" className={maintenance ? "admin-status-on" : "admin-status-off"}>
          {maintenance ? t("param.maintenanceOn") : t("param.maintenanceOff")}
        </p>
      ) : null}
      {firstError ? (
        <p className="message message-error" role="alert">
          {t(firstError)}
        </p>
      ) : null}
      <Form method="post" className="admin-form" noValidate>
        {window ? (
          <>
            <input type="hidden" name="kind" value="window" />
            <label>
              {t("param.startTime")}
              <input type="datetime-local" name="startTime" defaultValue={window.startTime} required />
            </label>
            <label>
              {t("param.endTime")}
              <input type="datetime-local" name="endTime" defaultValue={window.endTime} required />
            </label>
            <p className="admin-muted">{t("param.chinaTime")}</p>
          </>
        ) : (
          <>
            <input type="hidden" name="kind" value="value" />
            <label>
              {t("param.value")}
              <input name="value" defaultValue={parameter.value} />
            </label>
          </>
        )}
        <label>
          {t("param.description")}
          <input name="description" defaultValue={parameter.description} />
        </label>
        <div className="admin-form-actions">
          <button type="submit" className="btn">
            {t("common.save")}
          </button>
          <Link className="btn btn-outline" to="/system/parameter">
            {t("common.back")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
