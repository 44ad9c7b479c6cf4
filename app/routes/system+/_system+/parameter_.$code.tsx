import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ParameterEditSchema } from "./system.schemas.server";
import { getDb } from "~/db/index.server";
import { isoToLocal, localToIso, LANDING_PAGE, MAINTENANCE_WINDOW, maintenanceWindowSchema } from "~/modules/admin/parameters";
import { getParameter, inMaintenance, saveParameter } from "~/modules/admin/parameters.server";
import { AdminInput } from "~/components/admin/AdminField";
import { FormError } from "~/components/auth/FormField";
import { readFormData } from "~/utils/form.server";
import { notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["admin", "auth"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.editParameter");

/** Edit one parameter by code (spec §7 /basesysparameters/findByCode, /update). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "sys:param:edit", db);
  const parameter = await notFoundWhenMissing(() => getParameter(db, params.code ?? ""));
  let window: { startTime: string; endTime: string } | null = null;
  if (parameter.code === MAINTENANCE_WINDOW) {
    const parsed = maintenanceWindowSchema.safeParse(
      (() => {
        try {
          return JSON.parse(parameter.value);
        } catch {
          return null;
        }
      })(),
    );
    window = parsed.success ? { startTime: isoToLocal(parsed.data.startTime), endTime: isoToLocal(parsed.data.endTime) } : { startTime: "", endTime: "" };
  }
  return { parameter, isLandingPage: parameter.code === LANDING_PAGE, window, maintenance: await inMaintenance(db) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "sys:param:edit", db);
  const parameter = await notFoundWhenMissing(() => getParameter(db, params.code ?? ""));
  const submission = parseWithZod(await readFormData(request), { schema: ParameterEditSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const value = v.kind === "window" ? JSON.stringify({ startTime: localToIso(v.startTime), endTime: localToIso(v.endTime) }) : v.value;
  const result = await saveParameter(
    db,
    { id: user.id, code: user.code, tenantId: user.tenantId },
    { code: parameter.code, value, description: v.description, isNew: false },
  );
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast(`/system/parameter/${encodeURIComponent(parameter.code)}`, "admin:param.saved");
}

export default function ParameterEdit() {
  const { parameter, isLandingPage, window, maintenance } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const [form] = useForm({ lastResult: actionData?.result });
  const firstError = Object.values(form.allErrors).flat()[0];
  return (
    <div className="admin-page">
      <h1>{t("param.editNamed", { code: parameter.code })}</h1>
      {isLandingPage ? <p className="admin-muted">{t("param.landingHint")}</p> : null}
      {window ? (
        <p data-testid="maintenance-state" className={maintenance ? "admin-status-on" : "admin-status-off"}>
          {maintenance ? t("param.maintenanceOn") : t("param.maintenanceOff")}
        </p>
      ) : null}
      {/* the form's one message, whichever field it is about: the fields are few and each says what it wants */}
      <FormError errors={firstError ? [firstError] : undefined} />
      <Form method="post" className="admin-form" {...getFormProps(form)}>
        {window ? (
          <>
            <input type="hidden" name="kind" value="window" />
            <AdminInput
              label={t("param.startTime")}
              name="startTime"
              type="datetime-local"
              defaultValue={window.startTime}
              required
              errors={form.allErrors.startTime}
            />
            <AdminInput
              label={t("param.endTime")}
              name="endTime"
              type="datetime-local"
              defaultValue={window.endTime}
              required
              errors={form.allErrors.endTime}
            />
            <p className="admin-muted">{t("param.chinaTime")}</p>
          </>
        ) : (
          <>
            <input type="hidden" name="kind" value="value" />
            <AdminInput label={t("param.value")} name="value" defaultValue={parameter.value} errors={form.allErrors.value} />
          </>
        )}
        <AdminInput label={t("param.description")} name="description" defaultValue={parameter.description} errors={form.allErrors.description} />
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
