import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ParameterSchema } from "./system.schemas.server";
import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { inMaintenance, listParameters, saveParameter } from "~/modules/admin/parameters.server";
import { AdminInput } from "~/components/admin/AdminField";
import { FormError } from "~/components/auth/FormField";
import { readFormData } from "~/utils/form.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["admin", "auth"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.systemParameters");

/** System parameters by code (spec §7 /basesysparameters): the landing page, the maintenance window and others. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "sys:param:view", db);
  return { parameters: await listParameters(db), maintenance: await inMaintenance(db) };
}

/** Adds a parameter; its value is checked by its code's rule. */
export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "sys:param:edit", db);
  const submission = parseWithZod(await readFormData(request), { schema: ParameterSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const result = await saveParameter(db, { id: user.id, code: user.code, tenantId: user.tenantId }, { ...submission.value, isNew: true });
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast("/system/parameter", "admin:param.saved");
}

export default function ParameterList() {
  const { parameters, maintenance } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const [form] = useForm({ lastResult: actionData?.result });
  const firstError = Object.values(form.allErrors).flat()[0];
  return (
    <div className="admin-page">
      <h1>{t("param.title")}</h1>
      <p data-testid="maintenance-state" className={maintenance ? "admin-status-on" : "admin-status-off"}>
        {maintenance ? t("param.maintenanceOn") : t("param.maintenanceOff")}
      </p>
      <div className="table-scroll">
        <table className="data-table" data-testid="parameter-table">
          <thead>
            <tr>
              <th scope="col">{t("param.code")}</th>
              <th scope="col">{t("param.value")}</th>
              <th scope="col">{t("param.description")}</th>
              <th scope="col">{t("common.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {parameters.map((p) => (
              <tr key={p.code}>
                <td className="code">{p.code}</td>
                <td>
                  <code>{p.value}</code>
                </td>
                <td>{p.description}</td>
                <td>
                  <Can funcCode="sys:param:edit">
                    <Link to={`/system/parameter/${encodeURIComponent(p.code)}`} aria-label={t("param.editNamed", { code: p.code })}>
                      {t("common.edit")}
                    </Link>
                  </Can>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Can funcCode="sys:param:edit">
        <h2>{t("param.add")}</h2>
        <p className="admin-muted">{t("param.addHint")}</p>
        <FormError errors={firstError ? [firstError] : undefined} />
        <Form method="post" className="admin-form" {...getFormProps(form)}>
          <AdminInput label={t("param.code")} name="code" required errors={form.allErrors.code} />
          <AdminInput label={t("param.value")} name="value" errors={form.allErrors.value} />
          <AdminInput label={t("param.description")} name="description" errors={form.allErrors.description} />
          <div className="admin-form-actions">
            <button type="submit" className="btn">
              {t("param.add")}
            </button>
          </div>
        </Form>
      </Can>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
