import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeliveryListSchema, ShipmentImportSchema } from "./__orderDesk.server";
import { FormError } from "~/components/auth/FormField";

import { getDb } from "~/db/index.server";
import { readShipmentFile, SHIPMENT_COLUMNS, SHIPMENT_IMPORT_MAX_BYTES } from "~/modules/desk/excel.server";
import { importShipments, listDeskShipments, SHIPMENT_PAGE_SIZE, type ImportProblem } from "~/modules/desk/shipments.server";
import { newSubmitToken } from "~/modules/orders/submit.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { replyFormError } from "~/utils/reply-form.server";
import { redirectWithToast, replyWithError } from "~/utils/reply.server";
import { AdminListPage, type Column } from "~/components/admin/AdminList";

export const handle = { i18n: ["adminOrders", "auth"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.deliveries");

/** The entity's shipments and the Excel import of shipments (issue 17, decision 044). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "ord:delivery:view", db);
  const search = new URL(request.url).searchParams;
  const submission = parseWithZod(search, { schema: DeliveryListSchema });
  const page = submission.status === "success" ? submission.value.page : 1;
  const { total, rows } = await listDeskShipments(db, { id: staff.id, code: staff.code, tenantId: staff.tenantId }, page);
  return {
    page,
    total,
    rows,
    pageSize: SHIPMENT_PAGE_SIZE,
    canImport: staff.funcCodes.has("ord:delivery:edit"),
    token: newSubmitToken(),
    columns: SHIPMENT_COLUMNS.map((c) => ({ field: c.field, zh: c.zh, en: c.en })),
  };
}

/** The import's report: the rows and columns the sheet got wrong (a table, not one form error), under the reason when there is one. */
type Report = { key: string | null; problems: ImportProblem[] };

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "ord:delivery:edit", db);
  const length = Number(request.headers.get("content-length") ?? 0);
  const tooBig = { key: "adminOrders:import.tooBig" };
  if (length > SHIPMENT_IMPORT_MAX_BYTES + 64 * 1024) return replyFormError(request, tooBig, { status: 413 });
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: SHIPMENT_IMPORT_MAX_BYTES }));
  } catch (e) {
    if (e instanceof MaxPartSizeExceededError) return replyFormError(request, tooBig, { status: 413 });
    return replyFormError(request, { key: "adminOrders:import.unreadable" });
  }
  const submission = parseWithZod(form, { schema: ShipmentImportSchema });
  if (submission.status !== "success") return replyWithError(request, submission, { key: "adminOrders:import.noFile" });
  const read = await readShipmentFile(Buffer.from(await submission.value.file.arrayBuffer()));
  if (!read.ok && !read.problems.length) return replyWithError(request, submission, { key: read.error ?? "adminOrders:import.unreadable" });
  if (!read.ok) return json({ report: { key: read.error ?? null, problems: read.problems } satisfies Report }, { status: 400 });
  const result = await importShipments(db, { id: staff.id, code: staff.code, tenantId: staff.tenantId }, submission.value.token, read.rows);
  if (!result.ok) return json({ report: { key: null, problems: result.problems } satisfies Report }, { status: 400 });
  if (result.already) return redirectWithToast("/system/deliveries", "adminOrders:done.importedAlready");
  return redirectWithToast("/system/deliveries", { key: "adminOrders:done.imported", values: { shipments: result.shipments, orders: result.orders } });
}

export default function Deliveries() {
  const { page, total, rows, pageSize, canImport, token, columns } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form] = useForm({ lastResult: actionData && "result" in actionData ? actionData.result : undefined });
  const report = actionData && "report" in actionData ? actionData.report : null;
  const { t, i18n } = useTranslation("adminOrders");
  // the template's own header of the column, in the page's language
  const columnName = (field: string) => {
    const c = columns.find((x) => x.field === field);
    return c ? (i18n.language === "en" ? c.en : c.zh) : "—";
  };
  const problems = report?.problems ?? [];
  type Row = (typeof rows)[number];
  const listColumns: Column<Row>[] = [
    { header: t("field.shipDate"), cell: (s) => s.ship_date },
    { header: t("field.orderNo"), code: true, cell: (s) => <Link to={`/system/orders/${s.order_no}`}>{s.order_no}</Link> },
    { header: t("field.customerCode"), code: true, cell: (s) => s.customer_code },
    { header: t("field.lineNo"), cell: (s) => s.line_no },
    { header: t("field.code"), code: true, cell: (s) => s.ordering_code },
    { header: t("field.qty"), numeric: true, cell: (s) => s.qty },
    { header: t("field.carrier"), cell: (s) => s.carrier },
    { header: t("field.trackingNo"), code: true, cell: (s) => s.tracking_no },
    { header: t("field.packingSlipNo"), code: true, cell: (s) => s.packing_slip_no },
    { header: t("field.batchNo"), code: true, cell: (s) => s.batch_no },
  ];
  return (
    <AdminListPage
      className="desk-page"
      title={t("deliveries.title")}
      intro={
        <>
          {canImport ? (
            <section aria-labelledby="desk-import">
              <h2 id="desk-import">{t("deliveries.import")}</h2>
              <p className="admin-muted">{t("deliveries.importHint")}</p>
              <p className="desk-links">
                <a href="/system/deliveries/template?lang=zh" download data-testid="template-zh">
                  {t("deliveries.templateZh")}
                </a>
                <a href="/system/deliveries/template?lang=en" download data-testid="template-en">
                  {t("deliveries.templateEn")}
                </a>
              </p>
              <FormError errors={form.errors} id={form.errorId} />
              {report?.key ? (
                <p className="message message-error" role="alert" data-testid="import-error">
                  {t(report.key)}
                </p>
              ) : null}
              {problems.length ? (
                <div role="alert" data-testid="import-problems">
                  <p className="message message-error">{t("deliveries.problems")}</p>
                  <div className="table-scroll">
                    <table className="data-table">
                      <thead>
                        <tr>
                          <th scope="col">{t("deliveries.row")}</th>
                          <th scope="col">{t("deliveries.column")}</th>
                          <th scope="col">{t("deliveries.problem")}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {problems.map((p, i) => (
                          <tr key={i}>
                            <td>{p.row || "—"}</td>
                            <td>{p.column ? columnName(p.column) : "—"}</td>
                            <td>{t(p.key, p.values)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </div>
              ) : null}
              <Form method="post" encType="multipart/form-data" className="admin-form" {...getFormProps(form)}>
                <input type="hidden" name="token" value={token} />
                <label>
                  {t("deliveries.file")}
                  <input type="file" name="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required />
                </label>
                <div className="admin-form-actions">
                  <button type="submit" className="btn" data-testid="import-submit">
                    {t("deliveries.upload")}
                  </button>
                </div>
              </Form>
            </section>
          ) : null}
          <h2>{t("deliveries.recent")}</h2>
        </>
      }
      countText={t("deliveries.count", { count: total })}
      columns={listColumns}
      rows={rows}
      rowKey={(s) => s.id}
      rowProps={() => ({ "data-testid": "desk-delivery" })}
      empty={t("deliveries.empty")}
      tableTestId="desk-deliveries"
      page={page}
      pages={Math.max(1, Math.ceil(total / pageSize))}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
