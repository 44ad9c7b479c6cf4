import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/TableScroll";
import { UserFilterSchema } from "./system.schemas.server";
import { Pager } from "~/components/Pager";
import { getDb } from "~/db/index.server";
import { listUsers, USER_PAGE_SIZE } from "~/modules/admin/users.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminUsers"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.users");

/** The search form (GET): anything unreadable falls back to "no filter". */

/** Staff and dealers' master accounts (spec §6 user administration); sub-accounts show on their master's page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "sys:user:view", db);
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: UserFilterSchema });
  const filter = submission.status === "success" ? submission.value : { kind: "all" as const, page: 1, q: undefined, status: undefined };
  const { total, rows } = await listUsers(db, filter, filter.page);
  // the page size travels with the data: a *.server constant is undefined in the browser
  return { filter, total, rows, pageSize: USER_PAGE_SIZE, canEdit: user.funcCodes.has("sys:user:edit") };
}

export default function Users() {
  const { filter, total, rows, pageSize, canEdit } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("adminUsers");
  const en = i18n.language === "en";
  return (
    <div className="admin-page">
      <div className="page-head">
        <h1>{t("list.title")}</h1>
        {canEdit ? (
          <Link to="/system/user/new" className="btn" data-testid="new-user">
            {t("list.new")}
          </Link>
        ) : null}
      </div>
      <Form method="get" className="filter-form" role="search" aria-label={t("list.search")}>
        <label>
          {t("list.q")}
          <input type="search" name="q" defaultValue={filter.q ?? ""} maxLength={60} placeholder={t("list.qHint")} />
        </label>
        <label>
          {t("list.kind")}
          <select name="kind" defaultValue={filter.kind}>
            <option value="all">{t("kind.all")}</option>
            <option value="staff">{t("kind.staff")}</option>
            <option value="dealer">{t("kind.dealer")}</option>
          </select>
        </label>
        <label>
          {t("list.status")}
          <select name="status" defaultValue={filter.status ?? ""}>
            <option value="">{t("status.all")}</option>
            <option value="active">{t("status.active")}</option>
            <option value="locked">{t("status.locked")}</option>
          </select>
        </label>
        <button type="submit" className="btn">
          {t("list.search")}
        </button>
      </Form>
      <p className="result-count">{t("list.count", { count: total })}</p>
      <TableScroll label={t("list.title")}>
        <table className="data-table" data-testid="user-table">
          <caption className="visually-hidden">{t("list.title")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("field.code")}</th>
              <th scope="col">{t("field.name")}</th>
              <th scope="col">{t("field.kind")}</th>
              <th scope="col">{t("field.customer")}</th>
              <th scope="col">{t("field.email")}</th>
              <th scope="col">{t("field.mobile")}</th>
              <th scope="col">{t("field.status")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid={`user-${r.code}`}>
                <td className="code">
                  <Link to={`/system/user/${r.id}`}>{r.code}</Link>
                </td>
                <td>{r.name}</td>
                <td>{t(`kind.${r.kind}`)}</td>
                <td>
                  {r.customer_code} {en ? r.customer_name_en : r.customer_name_zh}
                </td>
                <td className="cell-wrap">{r.email}</td>
                <td>{r.mobile}</td>
                <td>{t(`status.${r.status === "locked" ? "locked" : "active"}`)}</td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={7}>{t("list.empty")}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </TableScroll>
      <Pager page={filter.page} total={total} pageSize={pageSize} />
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
