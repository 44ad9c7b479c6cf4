import { parseWithZod } from "@conform-to/zod/v4";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NodeQuerySchema } from "../__catalogAdmin.server";
import { getDb } from "~/db/index.server";
import { listNodes, nodePath } from "~/modules/admin/catalogue-nodes.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { AdminListPage, type Column } from "~/components/admin/AdminList";

export const handle = { i18n: ["adminCatalog"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.catalogueNodes");

/** The catalogue tree, one level at a time (?parent=CODE; none: level 1). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cat:node:view", db);
  const q = parseWithZod(new URL(request.url).searchParams, { schema: NodeQuerySchema });
  const parent = (q.status === "success" ? q.value.parent : undefined) || null;
  const path = await nodePath(db, parent);
  const known = parent === null || path.length > 0;
  return {
    parent: known ? parent : null,
    path: known ? path : [],
    nodes: await listNodes(db, known ? parent : null),
    canEdit: user.funcCodes.has("cat:node:edit"),
  };
}

export default function CatalogueNodes() {
  const { parent, path, nodes, canEdit } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("adminCatalog");
  const en = i18n.language === "en";
  const level = path.length + 1;
  type Row = (typeof nodes)[number];
  const columns: Column<Row>[] = [
    { header: t("node.code"), code: true, cell: (n) => (canEdit ? <Link to={`/system/catalogueNode/${encodeURIComponent(n.code)}`}>{n.code}</Link> : n.code) },
    {
      header: t("node.label"),
      wrap: true,
      cell: (n) =>
        n.level < 4 ? (
          <Link to={`/system/catalogueNode?parent=${encodeURIComponent(n.code)}`}>{en ? n.label_en : n.label_zh}</Link>
        ) : (
          <Link to={`/system/product?node=${encodeURIComponent(n.code)}`}>{en ? n.label_en : n.label_zh}</Link>
        ),
    },
    { header: t("node.showFlag"), cell: (n) => (n.show_flag ? t("common.yes") : t("common.no")) },
    { header: t("node.nonStandard"), cell: (n) => (n.is_non_standard ? t("common.yes") : t("common.no")) },
    { header: t("node.sort"), numeric: true, cell: (n) => n.sort },
    { header: level < 4 ? t("node.children") : t("node.products"), numeric: true, cell: (n) => (n.level < 4 ? n.children : n.products) },
  ];
  return (
    <AdminListPage
      title={t("node.title")}
      caption={t("node.levelN", { level })}
      actions={
        canEdit && level <= 4 ? (
          <Link className="btn" to={`/system/catalogueNode/new${parent ? `?parent=${encodeURIComponent(parent)}` : ""}`} data-testid="new-node">
            {t("node.new")}
          </Link>
        ) : null
      }
      intro={
        <nav aria-label={t("node.path")}>
          <ol className="admin-path">
            <li>
              <Link to="/system/catalogueNode">{t("node.root")}</Link>
            </li>
            {path.map((p) => (
              <li key={p.code}>
                <Link to={`/system/catalogueNode?parent=${encodeURIComponent(p.code)}`}>{en ? p.label_en : p.label_zh}</Link>
              </li>
            ))}
          </ol>
        </nav>
      }
      columns={columns}
      rows={nodes}
      rowKey={(n) => n.code}
      rowProps={(n) => ({ "data-testid": `node-${n.code}` })}
      empty={t("common.empty")}
      tableTestId="node-table"
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
