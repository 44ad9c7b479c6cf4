import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormError, FormField } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { createFeedKey, FEED_FUNCTION_CODE, listFeedKeys, newFormToken, revokeFeedKey } from "~/modules/integration/feed-keys.server";
import { readFormData } from "~/utils/form.server";
import { forbidden, isMaster, notFoundWhenMissing, requirePermission, requireUser } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";
import type { SignedInUser } from "~/utils/session.server";
import servicesCss from "~/styles/services.css";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.apiKeys");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: servicesCss }];
export const handle = { watermark: true, i18n: ["auth", "services"] };

const ApiKeySchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    name: z.string({ message: "services:apiKeys.nameRequired" }).trim().min(1, "services:apiKeys.nameRequired").max(60, "services:apiKeys.nameTooLong"),
    token: z.string().regex(/^[A-Za-z0-9_-]{20,40}$/),
  }),
  z.object({ intent: z.literal("revoke"), id: z.coerce.number().int().positive().max(2_147_483_647) }),
]);

/** The customer's master account only (decision 073): a sub-account is refused (403), whatever it posts. */
async function requireKeyOwner(request: Request): Promise<SignedInUser> {
  const user = await requireUser(request, getDb());
  if (!isMaster(user)) forbidden();
  requirePermission(user, FEED_FUNCTION_CODE);
  return user;
}

const NO_STORE = { "Cache-Control": "private, no-store" };
/** The page, and above all the answer that shows a new key, is never kept by a cache. */
export const headers: HeadersFunction = () => NO_STORE;

/** The feed's API keys of the customer (issue 30 item 3, decision 073): made, shown once, revoked. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireKeyOwner(request);
  const keys = await listFeedKeys(getDb(), { id: user.id, customerId: user.customerId });
  return json({ keys, token: newFormToken() }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireKeyOwner(request);
  const db = getDb();
  const owner = { id: user.id, customerId: user.customerId };
  const submission = parseWithZod(await readFormData(request), { schema: ApiKeySchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const value = submission.value;
  if (value.intent === "revoke") {
    await notFoundWhenMissing(() => revokeFeedKey(db, owner, value.id));
    return redirectWithToast("/profile/apiKeys", "services:apiKeys.revoked");
  }
  const created = await createFeedKey(db, owner, { name: value.name, formToken: value.token });
  if (!created.ok) return replyWithError(request, submission, created.error, { resetForm: true, headers: NO_STORE });
  // the key is in this answer only (never stored, never in a cookie): shown once
  return json({ result: submission.reply({ resetForm: true }), created: { name: created.value.name, key: created.value.key } }, { headers: NO_STORE });
}

type Fields = Record<"intent" | "name" | "token", string>;

export default function ApiKeys() {
  const { keys, token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("services");
  // the new key, in the creating answer only
  const created = actionData && "created" in actionData ? (actionData.created as { name: string; key: string }) : null;
  const [form, fields] = useForm<Fields>({
    id: "api-key-create",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="profile-page api-keys">
      <section className="card" aria-labelledby="api-keys-title">
        <h1 id="api-keys-title" className="auth-title">
          {t("apiKeys.title")}
        </h1>
        <p>{t("apiKeys.intro")}</p>
        <p>
          <a href="/prod-api/docs">{t("apiKeys.docs")}</a>
        </p>
        {created ? (
          <div className="message message-success" role="status" data-testid="api-key-created">
            <h2 className="section-title">{t("apiKeys.createdTitle")}</h2>
            <p>{t("apiKeys.createdOnce")}</p>
            <label htmlFor="api-key-value">{t("apiKeys.keyLabel", { name: created.name })}</label>
            <input id="api-key-value" className="api-key-value" readOnly value={created.key} data-testid="api-key-value" spellCheck={false} />
          </div>
        ) : null}
        <Form method="post" {...getFormProps(form)} data-testid="api-key-form" className="profile-section">
          <h2 className="section-title">{t("apiKeys.create")}</h2>
          <input type="hidden" name="intent" value="create" />
          {/* a new token with each page: the same form posted twice makes one key */}
          <input type="hidden" name="token" value={token} key={token} />
          <FormError errors={form.errors} id={form.errorId} />
          <FormField field={fields.name} label={t("apiKeys.name")} helper={t("apiKeys.nameHelp")} required maxLength={60} />
          <button type="submit" className="btn" data-testid="api-key-create">
            {t("apiKeys.create")}
          </button>
        </Form>
      </section>
      <section className="card" aria-labelledby="api-keys-list">
        <h2 id="api-keys-list" className="section-title">
          {t("apiKeys.list")}
        </h2>
        {keys.length === 0 ? (
          <p data-testid="api-keys-empty">{t("apiKeys.empty")}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table stack-table" data-testid="api-key-table">
              <caption className="visually-hidden">{t("apiKeys.list")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("apiKeys.name")}</th>
                  <th scope="col">{t("apiKeys.prefix")}</th>
                  <th scope="col">{t("apiKeys.createdAt")}</th>
                  <th scope="col">{t("apiKeys.lastUsedAt")}</th>
                  <th scope="col">{t("apiKeys.state")}</th>
                  <th scope="col">{t("apiKeys.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {keys.map((k) => (
                  <tr key={k.id} data-testid={`api-key-${k.id}`}>
                    <td className="cell-wrap" data-label={t("apiKeys.name")}>
                      {k.name}
                    </td>
                    <td className="code" data-label={t("apiKeys.prefix")}>
                      {k.prefix}…
                    </td>
                    <td data-label={t("apiKeys.createdAt")}>{formatDateTime(k.createdAt)}</td>
                    <td data-label={t("apiKeys.lastUsedAt")}>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t("apiKeys.never")}</td>
                    <td data-label={t("apiKeys.state")}>{k.revokedAt ? t("apiKeys.revokedAt", { at: formatDateTime(k.revokedAt) }) : t("apiKeys.live")}</td>
                    <td data-label={t("apiKeys.actions")}>
                      {k.revokedAt ? null : (
                        <details className="confirm-delete">
                          <summary className="btn btn-outline btn-danger" data-testid={`api-key-revoke-${k.id}`}>
                            {t("apiKeys.revoke")}
                          </summary>
                          <Form method="post" className="confirm-panel">
                            <input type="hidden" name="intent" value="revoke" />
                            <input type="hidden" name="id" value={k.id} />
                            <span>{t("apiKeys.confirmRevoke", { name: k.name })}</span>
                            <button type="submit" className="btn btn-danger-solid" data-testid={`api-key-confirm-revoke-${k.id}`}>
                              {t("apiKeys.confirmRevokeButton")}
                            </button>
                          </Form>
                        </details>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <p>
        <Link to="/profile/index">{t("apiKeys.back")}</Link>
      </p>
    </div>
  );
}
