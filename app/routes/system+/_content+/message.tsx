import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MessagePageSchema, StaffMessageSchema } from "./content.schemas.server";
import { ListPager } from "~/components/admin/AdminList";
import { AdminInput, AdminSelect, AdminTextarea, fromConform } from "~/components/admin/AdminField";
import { FormError } from "~/components/auth/FormField";
import { Can } from "~/components/Can";
import { getDb } from "~/db/index.server";
import { formatDateTime } from "~/i18n/format";
import { MESSAGE_AUDIENCES, MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX } from "~/modules/notices/staff-message-rules";
import { listStaffMessages, MESSAGE_PAGE_SIZE, sendStaffMessage } from "~/modules/notices/staff-messages.server";
import { newSubmitToken } from "~/modules/orders/submit.server";
import { readFormData } from "~/utils/form.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["adminContent"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.dealerMessages");

/** Messages to dealers (issue 29 item 13): the sent list, and the form for those who may send. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "msg:message:view", db);
  const { page } = MessagePageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows, total } = await listStaffMessages(db, staff.tenantId, page);
  return { rows, total, page, pages: Math.max(1, Math.ceil(total / MESSAGE_PAGE_SIZE)), token: newSubmitToken() };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "msg:message:send", db);
  const submission = parseWithZod(await readFormData(request), { schema: StaffMessageSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const sent = await sendStaffMessage(db, { id: staff.id, code: staff.code, tenantId: staff.tenantId }, submission.value);
  if (!sent.ok) return replyWithError(request, submission, sent.error);
  return redirectWithToast("/system/message", { key: "adminContent:message.sent", values: { count: sent.value.recipients } });
}

export default function DealerMessages() {
  const { rows, total, page, pages, token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminContent");
  const en = i18n.language === "en";
  const [form, fields] = useForm<Record<"audience" | "audienceValue" | "titleZh" | "titleEn" | "bodyZh" | "bodyEn", string>>({
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    defaultValue: { audience: "user" },
  });
  return (
    <div className="admin-page">
      <h1>{t("message.title")}</h1>
      <p className="admin-muted">{t("message.intro")}</p>
      <Can funcCode="msg:message:send">
        <section aria-labelledby="message-compose">
          <h2 id="message-compose">{t("message.compose")}</h2>
          <Form method="post" {...getFormProps(form)} className="admin-form" data-testid="message-form">
            <input type="hidden" name="token" value={token} />
            <FormError errors={form.errors} id={form.errorId} />
            <AdminSelect
              label={t("message.audience")}
              {...fromConform(fields.audience)}
              options={MESSAGE_AUDIENCES.map((a) => ({ value: a, label: t(`message.audiences.${a}`) }))}
            />
            <AdminInput
              label={t("message.audienceValue")}
              {...fromConform(fields.audienceValue)}
              hint={t("message.audienceValueHint")}
              maxLength={40}
              autoComplete="off"
            />
            <AdminInput label={t("message.titleZh")} {...fromConform(fields.titleZh)} required maxLength={MESSAGE_TITLE_MAX} lang="zh" />
            <AdminInput label={t("message.titleEn")} {...fromConform(fields.titleEn)} required maxLength={MESSAGE_TITLE_MAX} lang="en" />
            <AdminTextarea label={t("message.bodyZh")} {...fromConform(fields.bodyZh)} required maxLength={MESSAGE_BODY_MAX} rows={4} lang="zh" wide />
            <AdminTextarea label={t("message.bodyEn")} {...fromConform(fields.bodyEn)} required maxLength={MESSAGE_BODY_MAX} rows={4} lang="en" wide />
            <div className="admin-form-actions">
              <button type="submit" className="btn">
                {t("message.send")}
              </button>
            </div>
          </Form>
        </section>
      </Can>
      <section aria-labelledby="message-history">
        <h2 id="message-history">{t("message.history")}</h2>
        <p className="admin-muted">{t("common.total", { count: total })}</p>
        {rows.length === 0 ? (
          <p>{t("message.empty")}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table" data-testid="message-table">
              <thead>
                <tr>
                  <th scope="col">{t("message.subject")}</th>
                  <th scope="col">{t("message.to")}</th>
                  <th scope="col" className="num">
                    {t("message.recipients")}
                  </th>
                  <th scope="col">{t("message.when")}</th>
                  <th scope="col">{t("message.by")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => (
                  <tr key={m.id}>
                    <td>{en ? m.title_en : m.title_zh}</td>
                    <td>
                      {t(`message.audiences.${m.audience}`)}
                      {m.audience_value ? `: ${m.audience_value}` : ""}
                    </td>
                    <td className="num">{m.recipients}</td>
                    <td>
                      <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
                    </td>
                    <td>
                      {m.author_name} ({m.author_code})
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ListPager page={page} pages={pages} />
      </section>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
