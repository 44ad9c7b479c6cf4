import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubAccountForm } from "~/components/auth/SubAccountForm";
import { getDb } from "~/db/index.server";
import { readFormData } from "~/utils/form.server";
import {
  createSubAccount,
  deleteSubAccount,
  getSubAccount,
  listAccounts,
  NotMasterError,
  suggestSubAccountCode,
  updateSubAccount,
} from "~/modules/accounts/subaccounts.server";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";
import { isMaster, notFoundWhenMissing, requirePermission, requireUser } from "~/utils/guard.server";
import { Can, useHasPermission } from "~/components/Can";
import { pageMeta } from "~/utils/meta";
import { SubAccountActionSchema } from "./__forms.server";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.subAccounts");
export const handle = { watermark: true, i18n: ["auth"] };

const idParam = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/** Sub-account management (spec §2 /order/subAccount, §6): master accounts only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, db);
  const url = new URL(request.url);
  try {
    const accounts = await listAccounts(db, user);
    const editId = idParam(url.searchParams.get("edit"));
    const creating = url.searchParams.get("new") === "1";
    if (editId) requirePermission(user, "subAccount:edit");
    if (creating) requirePermission(user, "subAccount:add");
    const editing = editId ? await notFoundWhenMissing(() => getSubAccount(db, user, editId)) : null;
    // The next free code across all dealers (a code typed by the master could be another dealer's).
    const suggestedCode = creating ? await suggestSubAccountCode(db, user) : null;
    return { notMaster: false as const, accounts, editing, creating, suggestedCode };
  } catch (e) {
    if (e instanceof NotMasterError)
      return json({ notMaster: true as const, accounts: [], editing: null, creating: false, suggestedCode: null }, { status: 403 });
    throw e;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, db);
  const submission = parseWithZod(await readFormData(request), { schema: SubAccountActionSchema });
  // a sub-account is told the spec's reason (only the master edits accounts) before the codes
  const hideFields = ["password", "confirmPassword"];
  const notMaster = () => replyWithError(request, submission, { key: "common:errors.notMaster" }, { status: 403, hideFields });
  if (!isMaster(user)) return notMaster();
  requirePermission(user, submission.payload.intent === "create" ? "subAccount:add" : "subAccount:edit");
  if (submission.status !== "success") return replyInvalid(request, submission, { hideFields, ns: "auth" });
  const value = submission.value;
  try {
    if (value.intent === "delete") {
      await notFoundWhenMissing(() => deleteSubAccount(db, user, value.id));
      return redirectWithToast("/order/subAccount", "auth:subAccount.deleted");
    }
    const outcome = value.intent === "update" ? await notFoundWhenMissing(() => updateSubAccount(db, user, value)) : await createSubAccount(db, user, value);
    if (!outcome.ok) return replyWithError(request, submission, outcome.error, { hideFields });
    const message = value.intent === "update" ? "auth:subAccount.updated" : "auth:subAccount.created";
    return redirectWithToast("/order/subAccount", message);
  } catch (e) {
    if (e instanceof NotMasterError) return notMaster();
    throw e;
  }
}

export default function SubAccounts() {
  const { notMaster, accounts, editing, creating, suggestedCode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const { t: tc } = useTranslation("common");
  const canEdit = useHasPermission("subAccount:edit");
  if (notMaster) {
    return (
      <section className="card auth-card">
        <h1 className="auth-title">{t("subAccount.title")}</h1>
        <p className="message message-warning" role="alert" data-testid="not-master">
          {tc("errors.notMaster")}
        </p>
      </section>
    );
  }
  const showForm = creating || !!editing;
  return (
    <div className="sub-accounts">
      <div className="page-head">
        <h1 className="auth-title">{t("subAccount.title")}</h1>
        {!showForm ? (
          <Can funcCode="subAccount:add">
            <Link to="?new=1" className="btn btn-lg" data-testid="new-sub-account">
              {t("subAccount.add")}
            </Link>
          </Can>
        ) : null}
      </div>
      {showForm ? <SubAccountForm key={editing?.id ?? "new"} account={editing} suggestedCode={suggestedCode} lastResult={actionData?.result} /> : null}
      <div className="table-scroll">
        <table className="data-table stack-table" data-testid="sub-account-table">
          <caption className="visually-hidden">{t("subAccount.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("subAccount.code")}</th>
              <th scope="col">{t("subAccount.name")}</th>
              <th scope="col">{t("subAccount.mobile")}</th>
              <th scope="col">{t("subAccount.email")}</th>
              <th scope="col" className="num">
                {t("subAccount.factorShort")}
              </th>
              <th scope="col">{t("subAccount.permissions")}</th>
              <th scope="col">{t("subAccount.erpAccount")}</th>
              <th scope="col">{t("subAccount.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.id} className={a.isMaster ? "master-row" : undefined} data-testid={`account-${a.code}`}>
                <td className="code" data-label={t("subAccount.code")}>
                  {a.code}
                  {a.isMaster ? <span className="tag tag-master">{t("subAccount.master")}</span> : null}
                </td>
                <td className="cell-wrap" data-label={t("subAccount.name")}>
                  {a.name}
                </td>
                <td data-label={t("subAccount.mobile")}>{a.mobile}</td>
                <td className="cell-wrap" data-label={t("subAccount.email")}>
                  {a.email}
                </td>
                <td className="num" data-label={t("subAccount.factorShort")}>
                  {a.isMaster ? "—" : `${a.priceAdjustmentBp > 0 ? "+" : ""}${a.priceAdjustmentBp / 100} %`}
                </td>
                <td className="cell-wrap" data-label={t("subAccount.permissions")}>
                  {a.isMaster
                    ? t("subAccount.allPermissions")
                    : [a.canOrder && t("subAccount.permOrder"), a.canSeePrice && t("subAccount.permPrice"), a.canSeeStock && t("subAccount.permStock")]
                        .filter(Boolean)
                        .join(" · ") || t("subAccount.noPermissions")}
                </td>
                <td data-label={t("subAccount.erpAccount")}>{a.erpAccount ?? "—"}</td>
                <td>
                  {a.isMaster || !canEdit ? null : (
                    <div className="row-actions">
                      <Link to={`?edit=${a.id}`} className="btn btn-outline" aria-label={`${t("subAccount.edit")} ${a.code}`}>
                        {t("subAccount.edit")}
                      </Link>
                      <details className="confirm-delete">
                        <summary className="btn btn-outline btn-danger">{t("subAccount.delete")}</summary>
                        <Form method="post" action="/order/subAccount" className="confirm-panel">
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="id" value={a.id} />
                          <span>{t("subAccount.confirmDelete", { code: a.code })}</span>
                          <button type="submit" className="btn btn-danger-solid">
                            {t("subAccount.confirmDeleteButton")}
                          </button>
                        </Form>
                      </details>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
