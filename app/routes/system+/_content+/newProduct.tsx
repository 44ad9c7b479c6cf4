import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewProductSchema } from "./__promotionEdit.server";
import { AdminInput } from "~/components/admin/AdminField";
import { FormError } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import { listFlaggedProducts, setProductFlag } from "~/modules/promotions/admin.server";
import { readFormData } from "~/utils/form.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["adminContent"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.newProducts");

/** New and hot products of the home page and /newOrHot (spec §7 /newProductSettings). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "pro:newProduct:edit", db);
  const [fresh, hot] = await Promise.all([listFlaggedProducts(db, "new"), listFlaggedProducts(db, "hot")]);
  return { lists: { new: fresh, hot } };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "pro:newProduct:edit", db);
  const submission = parseWithZod(await readFormData(request), { schema: NewProductSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const r = await setProductFlag(db, { id: user.id, code: user.code, tenantId: user.tenantId }, submission.value);
  if (!r.ok) return replyWithError(request, submission, r.error);
  return redirectWithToast("/system/newProduct", submission.value.on ? "adminContent:newProduct.added" : "adminContent:newProduct.removed");
}

export default function NewProductSettings() {
  const { lists } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminContent");
  const en = i18n.language === "en";
  // the page's forms (add to either list, take off) share one answer: its error above the lists
  const [form] = useForm({ lastResult: actionData?.result, shouldValidate: "onSubmit" });
  return (
    <div className="admin-page">
      <h1>{t("newProduct.title")}</h1>
      <p className="admin-muted">{t("newProduct.hint")}</p>
      <FormError errors={Object.values(form.allErrors).flat()} id={form.errorId} />
      {(["new", "hot"] as const).map((which) => (
        <section key={which} aria-labelledby={`${which}-heading`} className="admin-section">
          <h2 id={`${which}-heading`}>{t(`newProduct.${which}`, { count: lists[which].length })}</h2>
          <Form method="post" className="admin-toolbar">
            <input type="hidden" name="which" value={which} />
            <input type="hidden" name="on" value="1" />
            <AdminInput id={`${which}-code`} label={t("newProduct.code")} name="code" required maxLength={60} data-testid={`${which}-code`} />
            <button type="submit" className="btn">
              {t("newProduct.add")}
            </button>
          </Form>
          <div className="table-scroll">
            <table className="data-table" data-testid={`${which}-table`}>
              <thead>
                <tr>
                  <th scope="col">{t("newProduct.code")}</th>
                  <th scope="col">{t("newProduct.name")}</th>
                  <th scope="col">{t("common.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {lists[which].map((p) => (
                  <tr key={p.id}>
                    <td className="code">{p.code}</td>
                    <td>{en ? p.nameEn : p.nameZh}</td>
                    <td>
                      <Form method="post">
                        <input type="hidden" name="which" value={which} />
                        <input type="hidden" name="on" value="0" />
                        <input type="hidden" name="code" value={p.code} />
                        <button type="submit" className="link-button" aria-label={t("newProduct.removeNamed", { code: p.code })}>
                          {t("newProduct.remove")}
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
