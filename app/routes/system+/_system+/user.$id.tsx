import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UserActionSchema } from "./system.schemas.server";
import { getDb } from "~/db/index.server";
import { toLanguage } from "~/i18n/config";
import { assignableRoles, getUser, lockUser, sendPasswordReset, setRoles, unlockUser } from "~/modules/admin/users.server";
import { publicBaseUrl, resetDeps } from "~/modules/auth/reset-deps.server";
import { FieldError } from "~/components/admin/FieldError";
import { FormError } from "~/components/auth/FormField";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyWithError } from "~/utils/reply.server";
import { formatDateTime } from "~/i18n/format";

export const handle = { i18n: ["adminUsers", "auth"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.userDetails");

/** The page's forms: lock, unlock, send the reset link, the roles. */

function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) notFound();
  return Number(value);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "sys:user:view", db);
  const id = idParam(params.id);
  const user = await notFoundWhenMissing(() => getUser(db, id));
  const roles = await assignableRoles(db, user.kind);
  return {
    user,
    roles,
    canEdit: staff.funcCodes.has("sys:user:edit"),
    isSelf: staff.id === user.id,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "sys:user:edit", db);
  const id = idParam(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: UserActionSchema });
  // the forms are buttons with hidden fields: a post that does not parse was not made by the page
  if (submission.status !== "success") return replyWithError(request, submission, { key: "adminUsers:user.formInvalid" });
  const actor = { id: staff.id, code: staff.code, tenantId: staff.tenantId };
  const value = submission.value;
  const outcome = await notFoundWhenMissing(async () => {
    switch (value.intent) {
      case "lock":
        return lockUser(db, actor, id);
      case "unlock":
        return unlockUser(db, actor, id);
      case "reset": {
        const target = await getUser(db, id);
        return sendPasswordReset(db, actor, id, { ...resetDeps(toLanguage(target.language)), baseUrl: publicBaseUrl() });
      }
      case "roles":
        return setRoles(db, actor, id, value.roleIds);
    }
  });
  if (!outcome.ok) return replyWithError(request, submission, outcome.error);
  const done = { lock: "locked", unlock: "unlocked", reset: "resetSent", roles: "rolesSaved" }[value.intent];
  return redirectWithToast(`/system/user/${id}`, `adminUsers:done.${done}`);
}

export default function UserDetails() {
  const { user, roles, canEdit, isSelf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // one reply for the page's small forms: its error shows above them
  const [form, fields] = useForm({ lastResult: actionData?.result });
  const { t, i18n } = useTranslation("adminUsers");
  const en = i18n.language === "en";
  const held = new Set(user.roles.map((r) => r.id));
  const locked = user.status === "locked";
  return (
    <div className="admin-page">
      <p>
        <Link to="/system/user">← {t("details.back")}</Link>
      </p>
      <h1>
        {user.code} {user.name}
      </h1>
      <FormError errors={form.errors} />
      <dl className="details-list">
        <dt>{t("field.kind")}</dt>
        <dd>{t(`kind.${user.kind}`)}</dd>
        <dt>{t("field.customer")}</dt>
        <dd>
          {user.customer_code} {en ? user.customer_name_en : user.customer_name_zh}
        </dd>
        <dt>{t("field.email")}</dt>
        <dd>{user.email || "—"}</dd>
        <dt>{t("field.mobile")}</dt>
        <dd>{user.mobile || "—"}</dd>
        <dt>{t("field.status")}</dt>
        <dd data-testid="status">{t(`status.${locked ? "locked" : "active"}`)}</dd>
        <dt>{t("field.tenants")}</dt>
        <dd>{user.tenants.map((tn) => `${tn.code} ${en ? tn.name_en : tn.name_zh}${tn.is_default ? ` (${t("details.default")})` : ""}`).join(" · ") || "—"}</dd>
        <dt>{t("field.roles")}</dt>
        <dd>{user.roles.map((r) => (en ? r.name_en : r.name_zh)).join(" · ") || "—"}</dd>
        <dt>{t("field.createdAt")}</dt>
        <dd>{formatDateTime(user.created_at)}</dd>
      </dl>

      {canEdit ? (
        <section aria-labelledby="user-actions">
          <h2 id="user-actions">{t("details.actions")}</h2>
          <div className="row-actions">
            {locked ? (
              <Form method="post">
                <input type="hidden" name="intent" value="unlock" />
                <button type="submit" className="btn">
                  {t("details.unlock")}
                </button>
              </Form>
            ) : isSelf ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="lock" />
                <button type="submit" className="btn btn-outline btn-danger">
                  {t("details.lock")}
                </button>
              </Form>
            )}
            {locked ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="reset" />
                <button type="submit" className="btn btn-outline" disabled={!user.email}>
                  {t("details.sendReset")}
                </button>
              </Form>
            )}
          </div>
          <p className="hint">{t("details.lockHint")}</p>
        </section>
      ) : null}

      {canEdit ? (
        <section aria-labelledby="user-roles">
          <h2 id="user-roles">{t("field.roles")}</h2>
          <Form method="post">
            <input type="hidden" name="intent" value="roles" />
            <fieldset>
              <legend>{t(user.kind === "staff" ? "details.staffRoles" : "details.dealerRoles")}</legend>
              {roles.map((r) => (
                <label key={r.id} className="check">
                  <input type="checkbox" name="roleIds" value={r.id} defaultChecked={held.has(r.id)} /> {en ? r.name_en : r.name_zh} ({r.code})
                </label>
              ))}
              <FieldError errors={fields.roleIds.errors} id={fields.roleIds.errorId} />
            </fieldset>
            <button type="submit" className="btn">
              {t("details.saveRoles")}
            </button>
          </Form>
        </section>
      ) : null}

      {user.kind === "dealer" ? (
        <section aria-labelledby="user-subs">
          <h2 id="user-subs">{t("details.subAccounts")}</h2>
          <p className="hint">{t("details.subAccountsHint")}</p>
          {user.subAccounts.length === 0 ? (
            <p>{t("details.noSubAccounts")}</p>
          ) : (
            <div className="table-scroll">
              <table className="data-table" data-testid="sub-accounts">
                <caption className="visually-hidden">{t("details.subAccounts")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("field.code")}</th>
                    <th scope="col">{t("field.name")}</th>
                    <th scope="col">{t("field.email")}</th>
                    <th scope="col">{t("field.mobile")}</th>
                    <th scope="col">{t("field.status")}</th>
                  </tr>
                </thead>
                <tbody>
                  {user.subAccounts.map((s) => (
                    <tr key={s.id}>
                      <td className="code">{s.code}</td>
                      <td>{s.name}</td>
                      <td className="cell-wrap">{s.email}</td>
                      <td>{s.mobile}</td>
                      <td>{t(`status.${s.status === "locked" ? "locked" : "active"}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
