import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ItemQuerySchema, MarketingItemSchema } from "./__supportAdmin.server";
import { AdminInput } from "~/components/admin/AdminField";
import { FormError } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import { listMarketingItems, saveMarketingItem } from "~/modules/support/marketing-items.server";
import { readFormData } from "~/utils/form.server";
import { notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["support"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.marketingItems");

/** The entity's marketing items (decision 052): the list, one item added or edited at a time (`?edit=id`). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:marketing:edit", db);
  const q = ItemQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const items = await listMarketingItems(db, user.tenantId);
  return { items, editing: items.find((i) => i.id === q.edit) ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:marketing:edit", db);
  const submission = parseWithZod(await readFormData(request), { schema: MarketingItemSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const result = await notFoundWhenMissing(() =>
    saveMarketingItem(db, { id: user.id, code: user.code, tenantId: user.tenantId }, v.id ?? null, {
      nameZh: v.nameZh,
      nameEn: v.nameEn,
      maxQty: v.maxQty,
      sort: v.sort,
      active: v.active === "on",
    }),
  );
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast("/system/support/items", "support:items.saved");
}

export default function MarketingItems() {
  const { items, editing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("support");
  const en = i18n.language === "en";
  const [form, fields] = useForm({ id: "item-form", lastResult: actionData?.result });
  const given = (form.initialValue ?? {}) as Record<string, string | undefined>;
  const value = (field: "nameZh" | "nameEn" | "maxQty" | "sort", fromItem: string | number | undefined) =>
    given[field] ?? (fromItem === undefined ? undefined : String(fromItem));
  return (
    <div className="admin-page">
      <h1>{t("items.title")}</h1>
      <p className="admin-muted">{t("items.intro")}</p>
      {items.length === 0 ? (
        <p className="admin-muted">{t("items.empty")}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("items.table")}>
          <table className="data-table" data-testid="items-table">
            <thead>
              <tr>
                <th scope="col">{t("items.sort")}</th>
                <th scope="col">{t("items.nameZh")}</th>
                <th scope="col">{t("items.nameEn")}</th>
                <th scope="col" className="num">
                  {t("items.maxQty")}
                </th>
                <th scope="col">{t("items.state")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("items.save")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.id}>
                  <td>{i.sort}</td>
                  <td>{i.name_zh}</td>
                  <td>{i.name_en}</td>
                  <td className="num">{i.max_qty}</td>
                  <td>{t(i.active ? "items.on" : "items.off")}</td>
                  <td>
                    <Link to={`?edit=${i.id}`}>{t("items.editNamed", { name: en ? i.name_en : i.name_zh })}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Form method="post" className="admin-form" data-testid="item-form" key={editing?.id ?? "new"} {...getFormProps(form)}>
        <h2 className="admin-form-wide">{editing ? t("items.editNamed", { name: en ? editing.name_en : editing.name_zh }) : t("items.add")}</h2>
        <FormError errors={form.errors} id={form.errorId} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <AdminInput
          label={t("items.nameZh")}
          name="nameZh"
          defaultValue={value("nameZh", editing?.name_zh)}
          required
          maxLength={100}
          errors={fields.nameZh.errors}
        />
        <AdminInput
          label={t("items.nameEn")}
          name="nameEn"
          defaultValue={value("nameEn", editing?.name_en)}
          required
          maxLength={100}
          errors={fields.nameEn.errors}
        />
        <AdminInput
          label={t("items.maxQty")}
          name="maxQty"
          type="number"
          min={1}
          max={500}
          defaultValue={value("maxQty", editing?.max_qty) ?? "10"}
          required
          errors={fields.maxQty.errors}
        />
        <AdminInput
          label={t("items.sort")}
          name="sort"
          type="number"
          min={0}
          max={9999}
          defaultValue={value("sort", editing?.sort) ?? "0"}
          errors={fields.sort.errors}
        />
        <label className="admin-check">
          <input type="checkbox" name="active" defaultChecked={editing ? editing.active === 1 : true} />
          {t("items.active")}
        </label>
        <div className="admin-form-actions">
          <button type="submit" className="btn">
            {t("items.save")}
          </button>
          {editing ? (
            <Link to="/system/support/items" className="btn btn-outline">
              {t("request.cancel")}
            </Link>
          ) : null}
        </div>
      </Form>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
