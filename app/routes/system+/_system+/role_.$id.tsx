import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RoleSchema } from "./system.schemas.server";
import { getDb } from "~/db/index.server";
import type { MenuRow } from "~/modules/admin/menu-tree";
import { listMenuRows } from "~/modules/admin/menus.server";
import { getRole, saveRole } from "~/modules/admin/roles.server";
import { FieldError } from "~/components/admin/FieldError";
import { FormError } from "~/components/auth/FormField";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["admin", "auth"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.editRole");

const parseId = (raw: string | undefined) => (raw === "new" ? null : /^\d{1,9}$/.test(raw ?? "") ? Number(raw) : notFound());

/** A role's name, customer flag (izCustomer) and the menus and function codes it is granted (spec §6). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "sys:role:edit", db);
  const id = parseId(params.id);
  const role = id === null ? null : await notFoundWhenMissing(() => getRole(db, id));
  return { role, menus: await listMenuRows(db) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "sys:role:edit", db);
  const id = parseId(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: RoleSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const result = await notFoundWhenMissing(() =>
    saveRole(db, { id: user.id, code: user.code, tenantId: user.tenantId }, id, {
      code: v.code,
      nameZh: v.nameZh,
      nameEn: v.nameEn,
      isCustomer: !!v.isCustomer,
      menuIds: v.menuIds,
    }),
  );
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast("/system/role", "admin:role.saved");
}

export default function RoleEdit() {
  const { role, menus } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("admin");
  const [form, fields] = useForm({ lastResult: actionData?.result });
  const granted = new Set(role?.menuIds ?? []);
  const title = (m: MenuRow) => (i18n.language === "en" ? m.title_en : m.title_zh);
  const tree = (parent: number | null, area: string) => {
    const children = menus.filter((m) => m.parent_id === parent && m.area === area);
    if (!children.length) return null;
    return (
      <ul>
        {children.map((m) => (
          <li key={m.id}>
            <label className="admin-check">
              <input type="checkbox" name="menuIds" value={m.id} defaultChecked={granted.has(m.id)} />
              {title(m)}
              {m.type === "func" ? <span className="code"> {m.func_code}</span> : null}
            </label>
            {tree(m.id, area)}
          </li>
        ))}
      </ul>
    );
  };
  const inputs = [
    ["code", role?.code],
    ["nameZh", role?.name_zh],
    ["nameEn", role?.name_en],
  ] as const;
  return (
    <div className="admin-page">
      <h1>{role ? t("role.editNamed", { name: role.code }) : t("role.add")}</h1>
      <Form method="post" {...getFormProps(form)}>
        <FormError errors={form.errors} id={form.errorId} />
        <div className="admin-form">
          {inputs.map(([name, value]) => (
            <label key={name}>
              {t(`role.fields.${name}`)}
              <input
                name={name}
                defaultValue={value ?? ""}
                required
                aria-invalid={fields[name].errors ? true : undefined}
                aria-describedby={fields[name].errors ? fields[name].errorId : undefined}
              />
              <FieldError errors={fields[name].errors} id={fields[name].errorId} />
            </label>
          ))}
          <label className="admin-check">
            <input type="checkbox" name="isCustomer" value="on" defaultChecked={role ? role.is_customer === 1 : false} />
            {t("role.isCustomer")}
          </label>
        </div>
        {(["shop", "admin"] as const).map((area) => (
          <fieldset key={area} className="admin-grants-set">
            <legend>{t("role.grants", { area: t(`menu.areas.${area}`) })}</legend>
            <div className="admin-grants">{tree(null, area)}</div>
          </fieldset>
        ))}
        <div className="admin-form-actions">
          <button type="submit" className="btn">
            {t("common.save")}
          </button>
          <Link className="btn btn-outline" to="/system/role">
            {t("common.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
