import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminListPage, FilterInput, FilterSelect, type Column } from "~/components/admin/AdminList";
import { UserFilterSchema } from "./system.schemas.server";
import { getDb } from "~/db/index.server";
import { listUsers, USER_PAGE_SIZE } from "~/modules/admin/users.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["adminUsers"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.users");

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
  type Row = (typeof rows)[number];
  const columns: Column<Row>[] = [
    { header: t("field.code"), code: true, cell: (r) => <Link to={`/system/user/${r.id}`}>{r.code}</Link> },
    { header: t("field.name"), cell: (r) => r.name },
    { header: t("field.kind"), cell: (r) => t(`kind.${r.kind}`) },
    { header: t("field.customer"), name: true, cell: (r) => `${r.customer_code ?? ""} ${(en ? r.customer_name_en : r.customer_name_zh) ?? ""}` },
    { header: t("field.email"), wrap: true, cell: (r) => r.email },
    { header: t("field.mobile"), cell: (r) => r.mobile },
    { header: t("field.status"), cell: (r) => t(`status.${r.status === "locked" ? "locked" : "active"}`) },
  ];
  return (
    <AdminListPage
      title={t("list.title")}
      actions={
        canEdit ? (
          <Link to="/system/user/new" className="btn" data-testid="new-user">
            {t("list.new")}
          </Link>
        ) : null
      }
      filterLabel={t("list.search")}
      filters={
        <>
          <FilterInput name="q" label={t("list.q")} value={filter.q} maxLength={60} placeholder={t("list.qHint")} />
          <FilterSelect
            name="kind"
            label={t("list.kind")}
            value={filter.kind}
            options={(["all", "staff", "dealer"] as const).map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          />
          <FilterSelect
            name="status"
            label={t("list.status")}
            value={filter.status}
            all={t("status.all")}
            options={(["active", "locked"] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </>
      }
      countText={t("list.count", { count: total })}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ "data-testid": `user-${r.code}` })}
      empty={t("list.empty")}
      tableTestId="user-table"
      page={filter.page}
      pages={Math.max(1, Math.ceil(total / pageSize))}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
