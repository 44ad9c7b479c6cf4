import type { ChangeEvent } from "react";
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
import { AdminInput } from "~/components/admin/AdminField";
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
      wholeGroupIds: v.wholeGroupIds,
    }),
  );
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast("/system/role", "admin:role.saved");
}

/**
 * The "whole group" box is a command, not a state (it always starts clear; the count shows the
 * state): with JavaScript it ticks or clears every box of its group at once; without it the server
 * grants the whole group when the box is ticked (saveRole's wholeGroupIds).
 */
function tickWholeGroup(event: ChangeEvent<HTMLInputElement>) {
  const box = event.currentTarget;
  box
    .closest("section")
    ?.querySelectorAll<HTMLInputElement>('input[name="menuIds"]')
    .forEach((input) => (input.checked = box.checked));
}

export default function RoleEdit() {
  const { role, menus } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("admin");
  const [form, fields] = useForm({ lastResult: actionData?.result });
  const granted = new Set(role?.menuIds ?? []);
  const title = (m: MenuRow) => (i18n.language === "en" ? m.title_en : m.title_zh);
  const childrenOf = (parent: number | null, area: string) => menus.filter((m) => m.parent_id === parent && m.area === area);
  const descendants = (m: MenuRow): MenuRow[] => childrenOf(m.id, m.area).flatMap((c) => [c, ...descendants(c)]);
  const tree = (parent: number, area: string) => {
    const children = childrenOf(parent, area);
    if (!children.length) return null;
    return (
      <ul>
        {children.map((m) => (
          <li key={m.id}>
            <label className="admin-check">
              <input type="checkbox" name="menuIds" value={m.id} defaultChecked={granted.has(m.id)} />
              <span>{title(m)}</span>
              {m.type === "func" ? <code className="admin-grant-code">{m.func_code}</code> : null}
            </label>
            {tree(m.id, area)}
          </li>
        ))}
      </ul>
    );
  };
  /** A top-level menu as a card: its own box, "the whole group" box and the tree under it. */
  const group = (m: MenuRow) => {
    const rows = [m, ...descendants(m)];
    const grantedCount = rows.filter((r) => granted.has(r.id)).length;
    return (
      <section key={m.id} className="admin-grant-group" aria-labelledby={`grant-group-${m.id}`}>
        <header>
          <label className="admin-check admin-grant-group-title">
            <input type="checkbox" name="menuIds" value={m.id} defaultChecked={granted.has(m.id)} />
            <span id={`grant-group-${m.id}`}>{title(m)}</span>
          </label>
          <span className="admin-muted">{t("role.grantedCount", { granted: grantedCount, total: rows.length })}</span>
        </header>
        {rows.length > 1 ? (
          <label className="admin-check admin-grant-all">
            <input type="checkbox" name="wholeGroupIds" value={m.id} onChange={tickWholeGroup} />
            {t("role.wholeGroup")}
          </label>
        ) : null}
        {tree(m.id, m.area)}
      </section>
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
            <AdminInput key={name} label={t(`role.fields.${name}`)} name={name} defaultValue={value ?? ""} required errors={fields[name].errors} />
          ))}
          <label className="admin-check">
            <input type="checkbox" name="isCustomer" value="on" defaultChecked={role ? role.is_customer === 1 : false} />
            {t("role.isCustomer")}
          </label>
        </div>
        {(["shop", "admin"] as const).map((area) => (
          <fieldset key={area} className="admin-grants-set">
            <legend>{t("role.grants", { area: t(`menu.areas.${area}`) })}</legend>
            <div className="admin-grant-groups">{childrenOf(null, area).map(group)}</div>
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
