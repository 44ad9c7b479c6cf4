import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MenuSchema } from "./system.schemas.server";
import { getDb } from "~/db/index.server";
import { getMenuRow, listMenuRows, saveMenu } from "~/modules/admin/menus.server";
import { AdminInput, AdminSelect } from "~/components/admin/AdminField";
import { FormError } from "~/components/auth/FormField";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["admin", "auth"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.editMenu");

const parseId = (raw: string | undefined) => (raw === "new" ? null : /^\d{1,9}$/.test(raw ?? "") ? Number(raw) : notFound());

/** Add or edit one menu node with every field of spec §3 (/basemenu/add, /update, /basemenufunc/add, /update). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "sys:menu:edit", db);
  const id = parseId(params.id);
  const url = new URL(request.url);
  const row = id === null ? null : await notFoundWhenMissing(() => getMenuRow(db, id));
  const area = row?.area ?? (url.searchParams.get("area") === "admin" ? "admin" : "shop");
  const parentParam = Number(url.searchParams.get("parent"));
  const parents = (await listMenuRows(db)).filter((r) => r.area === area && r.type === "menu" && r.id !== id);
  return { row, area, parentId: row ? row.parent_id : parents.some((p) => p.id === parentParam) ? parentParam : null, parents };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "sys:menu:edit", db);
  const id = parseId(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: MenuSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const result = await notFoundWhenMissing(() =>
    saveMenu(db, { id: user.id, code: user.code, tenantId: user.tenantId }, id, {
      parentId: v.parentId ?? null,
      area: v.area,
      type: v.type,
      name: v.name,
      titleZh: v.titleZh,
      titleEn: v.titleEn,
      href: v.href || null,
      funcCode: v.funcCode || null,
      icon: v.icon || null,
      redirect: v.redirect || null,
      activeMenu: v.activeMenu || null,
      sort: v.sort,
      hidden: !!v.hidden,
      alwaysShow: !!v.alwaysShow,
      noCache: !!v.noCache,
      breadcrumb: !!v.breadcrumb,
      affix: !!v.affix,
      zhOnly: !!v.zhOnly,
    }),
  );
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast(`/system/menu?area=${v.area}`, "admin:menu.saved");
}

export default function MenuEdit() {
  const { row, area, parentId, parents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const [form] = useForm({ lastResult: actionData?.result });
  const flags = [
    ["hidden", row?.hidden],
    ["alwaysShow", row?.always_show],
    ["noCache", row?.no_cache],
    ["breadcrumb", row ? row.breadcrumb : 1],
    ["affix", row?.affix],
    ["zhOnly", row?.zh_only],
  ] as const;
  return (
    <div className="admin-page">
      <h1>{row ? t("menu.editNamed", { name: row.title_zh }) : t("menu.new")}</h1>
      <FormError errors={form.errors} id={form.errorId} />
      <Form method="post" className="admin-form" {...getFormProps(form)}>
        <input type="hidden" name="area" value={area} />
        <AdminSelect
          label={t("menu.parent")}
          name="parentId"
          defaultValue={parentId ?? ""}
          options={[{ value: "", label: t("menu.noParent") }, ...parents.map((p) => ({ value: String(p.id), label: `${p.title_zh} / ${p.title_en}` }))]}
        />
        <AdminSelect
          label={t("menu.type")}
          name="type"
          defaultValue={row?.type ?? "menu"}
          options={(["menu", "func"] as const).map((type) => ({ value: type, label: t(`menu.types.${type}`) }))}
        />
        {(
          [
            ["name", row?.name, true],
            ["titleZh", row?.title_zh, true],
            ["titleEn", row?.title_en, true],
            ["href", row?.href, false],
            ["funcCode", row?.func_code, false],
            ["icon", row?.icon, false],
            ["redirect", row?.redirect, false],
            ["activeMenu", row?.active_menu, false],
          ] as const
        ).map(([name, value, required]) => (
          <AdminInput key={name} label={t(`menu.fields.${name}`)} name={name} defaultValue={value ?? ""} required={required} errors={form.allErrors[name]} />
        ))}
        <AdminInput label={t("menu.sort")} name="sort" type="number" defaultValue={row?.sort ?? 100} min={0} errors={form.allErrors.sort} />
        {flags.map(([name, on]) => (
          <label key={name} className="admin-check">
            <input type="checkbox" name={name} value="on" defaultChecked={on === 1} />
            {t(`menu.fields.${name}`)}
          </label>
        ))}
        <div className="admin-form-actions">
          <button type="submit" className="btn">
            {t("common.save")}
          </button>
          <Link className="btn btn-outline" to={`/system/menu?area=${area}`}>
            {t("common.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
