import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Pager } from "~/components/Pager";
import { getDb } from "~/db/index.server";
import { readFormData } from "~/utils/form.server";
import { timeAgo } from "~/i18n/format";
import type { Language } from "~/i18n/config";
import { getLanguage } from "~/i18n/i18n.server";
import { notFound, requireUser } from "~/utils/guard.server";
import { isOrderNotice, noticeTarget } from "~/modules/notices/links";
import { listNotices, markAllNoticesRead, markNoticeRead, NOTICE_PAGE_SIZE } from "~/modules/notices/order-notices.server";
import ordersCss from "~/styles/orders.css";
import { pageMeta } from "~/utils/meta";
import { MessageActionSchema, MessageQuerySchema } from "./__forms.server";

export const handle = { i18n: ["order"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

/** Messages and to-dos: the account's notices, newest first; opening one marks it read (spec §4). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.messages");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const q = MessageQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const lang = await getLanguage(request, user.language);
  const result = await listNotices(getDb(), user.id, lang, q.page, q.unread === "1");
  // "3 minutes ago" is counted from the server's clock, so the page the browser hydrates says the
  // same as the HTML it received (a message 29.9 s old would otherwise say "just now" on the
  // server and "1 minute ago" in the browser).
  const now = new Date().toISOString();
  return { ...result, page: q.page, pageSize: NOTICE_PAGE_SIZE, highlight: q.id ?? null, unreadOnly: q.unread === "1", now };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const submission = parseWithZod(await readFormData(request), { schema: MessageActionSchema });
  if (submission.status !== "success") return redirect("/order/myMessage");
  if (submission.value.intent === "readAll") {
    await markAllNoticesRead(db, user.id);
    return redirect("/order/myMessage");
  }
  const { id } = submission.value;
  const read = await markNoticeRead(db, user.id, id);
  if (!read) notFound();
  return redirect(noticeTarget({ id, ...read.notice }));
}

export default function MessagesPage() {
  const { rows, total, page, pageSize, highlight, unreadOnly, now } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("order");
  return (
    <div>
      <div className="page-head">
        <h1 className="page-title">{t("messages.title")}</h1>
        <div className="toolbar">
          <Link className="btn btn-outline" to={unreadOnly ? "/order/myMessage" : "/order/myMessage?unread=1"}>
            {unreadOnly ? t("messages.all") : t("messages.unreadOnly")}
          </Link>
          <Form method="post">
            <button className="btn btn-outline" name="intent" value="readAll">
              {t("messages.markAllRead")}
            </button>
          </Form>
        </div>
      </div>
      {rows.length === 0 ? (
        <p className="card muted">{t("messages.none")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table messages-table stack-table" data-testid="messages-table">
            <tbody>
              {rows.map((n) => (
                <tr key={n.id} className={n.isRead ? undefined : "unread"} aria-current={highlight === n.id ? "true" : undefined}>
                  <td>
                    <span className="tag">{t(`messages.types.${n.type}`, { defaultValue: t("messages.types.message") })}</span>
                  </td>
                  <td className="message-title">
                    <div>{n.title}</div>
                    {(highlight === n.id || !isOrderNotice(n.type)) && <div className="muted small">{n.body}</div>}
                  </td>
                  <td className="muted small">{timeAgo(n.createdAt, i18n.language as Language, new Date(now))}</td>
                  <td>{n.isRead ? t("messages.read") : t("messages.unread")}</td>
                  <td className="message-action">
                    <Form method="post">
                      <input type="hidden" name="id" value={n.id} />
                      <button className="link-button" name="intent" value="open">
                        {n.orderNo ? t("messages.open") : t("messages.markRead")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="list-total">{t("orders.total", { n: total })}</p>
      <Pager page={page} pageSize={pageSize} total={total} />
    </div>
  );
}
