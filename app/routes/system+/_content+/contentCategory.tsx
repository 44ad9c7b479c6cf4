import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { categoryKind, CategorySchema } from "./__contentEdit.server";
import { getDb } from "~/db/index.server";
import { deleteCategory, listCategories, saveCategory } from "~/modules/content/admin.server";
import { AdminInput } from "~/components/admin/AdminField";
import { FormError } from "~/components/auth/FormField";
import type { Result } from "~/modules/result";
import { readFormData } from "~/utils/form.server";
import { notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["adminContent", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, data?.kind === "download" ? "admin:titles.downloadCategories" : "admin:titles.announcementCategories");

/** The announcements' categories (spec §7 public/bulletinCatalog/selectAll) and the downloads' (?kind=download, decision 053). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "cms:category:edit", db);
  const kind = categoryKind.parse(new URL(request.url).searchParams.get("kind"));
  return { kind, categories: await listCategories(db, kind) };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cms:category:edit", db);
  const submission = parseWithZod(await readFormData(request), { schema: CategorySchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  const v = submission.value;
  const r = await notFoundWhenMissing((): Promise<Result<unknown>> =>
    v.intent === "delete" ? deleteCategory(db, actor, v.id) : saveCategory(db, actor, { ...v, id: v.id ?? null }),
  );
  if (!r.ok) return replyWithError(request, submission, r.error);
  const kind = categoryKind.parse(new URL(request.url).searchParams.get("kind"));
  return redirectWithToast(
    `/system/contentCategory${kind === "download" ? "?kind=download" : ""}`,
    v.intent === "delete" ? "adminContent:category.deleted" : "adminContent:category.saved",
  );
}

export default function ContentCategories() {
  const { categories, kind } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("adminContent");
  const [form] = useForm({ lastResult: actionData?.result });
  const firstError = Object.values(form.allErrors).flat()[0];
  return (
    <div className="admin-page">
      <h1>{t("category.title")}</h1>
      <nav aria-label={t("content.kind")}>
        <ul className="admin-tabs">
          {(["announcement", "download"] as const).map((k) => (
            <li key={k}>
              <Link to={k === "download" ? "?kind=download" : "?kind=announcement"} aria-current={k === kind ? "page" : undefined}>
                {t(`content.kinds.${k}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FormError errors={firstError ? [firstError] : undefined} />
      <div className="table-scroll">
        <table className="data-table" data-testid="category-table">
          <thead>
            <tr>
              <th scope="col">{t("category.nameZh")}</th>
              <th scope="col">{t("category.nameEn")}</th>
              <th scope="col">{t("category.sort")}</th>
              <th scope="col">{t("category.items")}</th>
              <th scope="col">{t("common.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {categories.map((c) => (
              <tr key={c.id}>
                <td>
                  <input form={`cat-${c.id}`} name="nameZh" defaultValue={c.nameZh} aria-label={t("category.nameZhOf", { name: c.nameZh })} maxLength={100} />
                </td>
                <td>
                  <input form={`cat-${c.id}`} name="nameEn" defaultValue={c.nameEn} aria-label={t("category.nameEnOf", { name: c.nameZh })} maxLength={100} />
                </td>
                <td>
                  <input
                    form={`cat-${c.id}`}
                    name="sort"
                    defaultValue={c.sort}
                    inputMode="numeric"
                    className="admin-narrow"
                    aria-label={t("category.sortOf", { name: c.nameZh })}
                  />
                </td>
                <td>{c.itemCount}</td>
                <td className="admin-actions">
                  <Form method="post" id={`cat-${c.id}`}>
                    <input type="hidden" name="intent" value="save" />
                    <input type="hidden" name="kind" value={kind} />
                    <input type="hidden" name="id" value={c.id} />
                    <button type="submit" className="link-button">
                      {t("common.save")}
                    </button>
                  </Form>
                  {c.itemCount === 0 ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="id" value={c.id} />
                      <button type="submit" className="link-button" aria-label={t("category.deleteNamed", { name: c.nameZh })}>
                        {t("category.delete")}
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{t("category.add")}</h2>
      <Form method="post" className="admin-form" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="kind" value={kind} />
        <AdminInput label={t("category.nameZh")} name="nameZh" required maxLength={100} />
        <AdminInput label={t("category.nameEn")} name="nameEn" required maxLength={100} />
        <AdminInput label={t("category.sort")} name="sort" inputMode="numeric" defaultValue="0" />
        <div className="admin-form-actions">
          <button type="submit" className="btn">
            {t("category.add")}
          </button>
        </div>
      </Form>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
