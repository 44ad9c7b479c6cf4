import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewUserSchema } from "./system.schemas.server";
import { getDb } from "~/db/index.server";
import { assignableRoles, createUser, listTenants } from "~/modules/admin/users.server";
import { publicBaseUrl, resetDeps } from "~/modules/auth/reset-deps.server";
import { getLanguage } from "~/i18n/i18n.server";
import { AdminInput, fromConform } from "~/components/admin/AdminField";
import { FieldError } from "~/components/admin/FieldError";
import { FormError } from "~/components/auth/FormField";
import { readFormData } from "~/utils/form.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["adminUsers", "auth"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.newUser");

const kindParam = (url: URL) => (url.searchParams.get("kind") === "dealer" ? "dealer" : "staff");

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "sys:user:edit", db);
  const kind = kindParam(new URL(request.url));
  const [roles, tenants] = await Promise.all([assignableRoles(db, kind), listTenants(db)]);
  return { kind, roles, tenants };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "sys:user:edit", db);
  const submission = parseWithZod(await readFormData(request), { schema: NewUserSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const value = submission.value;
  // The link mail goes out in the language the administrator works in (the new user has none yet).
  const lang = await getLanguage(request, staff.language);
  const outcome = await createUser(db, { id: staff.id, code: staff.code, tenantId: staff.tenantId }, value, { ...resetDeps(lang), baseUrl: publicBaseUrl() });
  if (!outcome.ok) return replyWithError(request, submission, outcome.error);
  const { id, mailed } = outcome.value;
  return redirectWithToast(`/system/user/${id}`, mailed ? "adminUsers:done.created" : { key: "adminUsers:done.createdNoMail", kind: "error" });
}

export default function NewUser() {
  const { kind, roles, tenants } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminUsers");
  const en = i18n.language === "en";
  const [form, fields] = useForm({ lastResult: actionData?.result, shouldValidate: "onSubmit" });
  const errorOf = (errors: string[] | undefined, errorId: string) => <FieldError errors={errors} id={errorId} />;
  const checked = (values: unknown, value: number) => (Array.isArray(values) ? values.includes(String(value)) : values === String(value));
  return (
    <div className="admin-page">
      <p>
        <Link to="/system/user">← {t("details.back")}</Link>
      </p>
      <h1>{t("new.title")}</h1>
      <nav className="row-actions" aria-label={t("new.kind")}>
        {(["staff", "dealer"] as const).map((k) =>
          k === kind ? (
            <span key={k} className="btn" aria-current="page">
              {t(`new.${k}`)}
            </span>
          ) : (
            <Link key={k} to={`?kind=${k}`} className="btn btn-outline">
              {t(`new.${k}`)}
            </Link>
          ),
        )}
      </nav>
      <Form method="post" {...getFormProps(form)} className="admin-form">
        <input type="hidden" name="kind" value={kind} />
        <FormError errors={form.errors} id={form.errorId} />
        <AdminInput
          label={t("field.code")}
          {...fromConform(fields.code)}
          hint={t(kind === "staff" ? "new.staffCodeHint" : "new.dealerCodeHint")}
          required
          maxLength={9}
          autoComplete="off"
        />
        {kind === "dealer" ? <AdminInput label={t("field.customerCode")} {...fromConform(fields.customerCode)} required maxLength={20} /> : null}
        <AdminInput label={t("field.name")} {...fromConform(fields.name)} required maxLength={50} />
        <AdminInput label={t("field.email")} {...fromConform(fields.email)} type="email" required maxLength={100} />
        <AdminInput label={t("field.mobile")} {...fromConform(fields.mobile)} type="tel" maxLength={20} />
        <fieldset aria-describedby={fields.roleIds.errors?.length ? fields.roleIds.errorId : undefined}>
          <legend>{t(kind === "staff" ? "details.staffRoles" : "details.dealerRoles")}</legend>
          {roles.map((r) => (
            <label key={r.id} className="check">
              <input type="checkbox" name={fields.roleIds.name} value={r.id} defaultChecked={checked(fields.roleIds.initialValue, r.id)} />{" "}
              {en ? r.name_en : r.name_zh} ({r.code})
            </label>
          ))}
          {errorOf(fields.roleIds.errors, fields.roleIds.errorId)}
        </fieldset>
        <fieldset aria-describedby={fields.tenantIds.errors?.length ? fields.tenantIds.errorId : undefined}>
          <legend>{t("field.tenants")}</legend>
          {tenants.map((tn) => (
            <label key={tn.id} className="check">
              <input type="checkbox" name={fields.tenantIds.name} value={tn.id} defaultChecked={checked(fields.tenantIds.initialValue, tn.id)} /> {tn.code}{" "}
              {en ? tn.name_en : tn.name_zh}
            </label>
          ))}
          <span className="hint">{t("new.tenantsHint")}</span>
          {errorOf(fields.tenantIds.errors, fields.tenantIds.errorId)}
        </fieldset>
        <p className="hint">{t("new.passwordHint")}</p>
        <button type="submit" className="btn">
          {t("new.submit")}
        </button>
      </Form>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
