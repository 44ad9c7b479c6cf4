import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NewToolTypeSchema } from "./__quotationToolType.server";
import { ToolTypeForm } from "./__ToolTypeForms";
import { getDb } from "~/db/index.server";
import { LIMITS } from "~/modules/quotation/tool-type-rules";
import { createToolType, listToolTypesForEditing } from "~/modules/quotation/tool-type-editor.server";
import quotationCss from "~/styles/quotation.css";
import { readFormData } from "~/utils/form.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["quotation"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: quotationCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.toolTypesAndAttributes");

/** The tool types a dealer's quotation request offers (decision 051): every type, active or not, and a form to add one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "svc:quoteType:edit", db);
  return { types: await listToolTypesForEditing(db) };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:quoteType:edit", db);
  const submission = parseWithZod(await readFormData(request), { schema: NewToolTypeSchema });
  if (submission.status !== "success") return replyInvalid(request, submission, { values: LIMITS });
  const r = await createToolType(db, { id: user.id, code: user.code, tenantId: user.tenantId }, submission.value);
  if (!r.ok) return replyWithError(request, submission, r.error);
  return redirectWithToast(`/system/quotationToolType/${r.value.id}`, "quotation:types.flash.created");
}

export default function ToolTypes() {
  const { types } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("quotation");
  const en = i18n.language === "en";
  return (
    <div className="admin-page">
      <h1>{t("types.title")}</h1>
      <p className="admin-muted">{t("types.intro")}</p>
      {types.length === 0 ? (
        <p className="admin-muted">{t("types.empty")}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("types.table")}>
          <table className="data-table" data-testid="type-table">
            <thead>
              <tr>
                <th scope="col" className="num">
                  {t("types.sort")}
                </th>
                <th scope="col">{t("types.code")}</th>
                <th scope="col">{t("types.nameZh")}</th>
                <th scope="col">{t("types.nameEn")}</th>
                <th scope="col">{t("types.state")}</th>
                <th scope="col" className="num">
                  {t("types.attributeCount")}
                </th>
                <th scope="col" className="num">
                  {t("types.requestCount")}
                </th>
                <th scope="col">{t("types.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {types.map((ty) => (
                <tr key={ty.id} data-code={ty.code}>
                  <td className="num">{ty.sort}</td>
                  <td className="code">{ty.code}</td>
                  <td>{ty.nameZh}</td>
                  <td>{ty.nameEn}</td>
                  <td>
                    <span className={`qt-status ${ty.active ? "qt-status-quoted" : "qt-status-cancelled"}`}>{t(ty.active ? "types.on" : "types.off")}</span>
                  </td>
                  <td className="num">{ty.attributes}</td>
                  <td className="num">{ty.requests}</td>
                  <td>
                    <Link to={`/system/quotationToolType/${ty.id}`}>
                      {t("types.edit")}
                      <span className="visually-hidden"> {en ? ty.nameEn : ty.nameZh}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>{t("types.add")}</h2>
      <ToolTypeForm type={null} lastResult={actionData?.result} submitLabel={t("types.create")} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
