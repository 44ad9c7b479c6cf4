import { Button, HStack } from "@chakra-ui/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { AccessSchema } from "./system.schemas.server";
import { FormError, FormField } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import { formatMoney } from "~/i18n/format";
import { toLanguage } from "~/i18n/config";
import { getDataArea, grantDealerAccess, revokeDealerAccess } from "~/modules/admin/data-areas.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { replyInvalid, replyWithError } from "~/utils/reply.server";
import { dataAreaMeta, idParam } from "./__dataArea";

export const handle = { i18n: ["adminData", "auth"] };

export const meta: MetaFunction = ({ matches }) => dataAreaMeta(matches, "metaDetail");

/** A company entity: its fields, assortment size, last initialisation job and the dealers with access. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "sys:dataArea:view", db);
  const id = idParam(params.id) ?? notFound();
  const area = await notFoundWhenMissing(() => getDataArea(db, id));
  // the outcome of the last grant or revoke (post-redirect-get), counts only
  const search = new URL(request.url).searchParams;
  const count = (name: string) => idParam(search.get(name));
  const outcome = { granted: count("granted"), revoked: count("revoked"), kept: count("kept") };
  return { ...area, outcome, canEdit: user.funcCodes.has("sys:dataArea:edit") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "sys:dataArea:edit", db);
  const id = idParam(params.id) ?? notFound();
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  const submission = parseWithZod(await readFormData(request), { schema: AccessSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const { intent, customerCode } = submission.value;
  const done =
    intent === "grant"
      ? await notFoundWhenMissing(() => grantDealerAccess(db, actor, id, customerCode))
      : await notFoundWhenMissing(() => revokeDealerAccess(db, actor, id, customerCode));
  if (!done.ok) return replyWithError(request, submission, done.error);
  const query = "added" in done.value ? `granted=${done.value.added}` : `revoked=${done.value.removed}&kept=${done.value.kept}`;
  return redirect(`/system/dataArea/${id}?${query}`);
}

export default function DataAreaDetail() {
  const { tenant, parentCode, products, dealers, job, outcome, canEdit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminData");
  const lang = toLanguage(i18n.language);
  const [form, fields] = useForm<z.input<typeof AccessSchema>>({
    id: "data-area-access",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const money = (minor: number) => formatMoney(minor, tenant.currency, lang);
  const rows: [string, string][] = [
    [t("dataArea.fields.code"), tenant.code],
    [t("dataArea.fields.nameZh"), tenant.name_zh],
    [t("dataArea.fields.nameEn"), tenant.name_en],
    [t("dataArea.fields.showNameZh"), tenant.show_name_zh],
    [t("dataArea.fields.showNameEn"), tenant.show_name_en],
    [t("dataArea.fields.currency"), tenant.currency],
    [t("dataArea.fields.taxRate"), (tenant.tax_rate_bp / 100).toFixed(2)],
    [t("dataArea.fields.freeShippingAmount"), money(tenant.free_shipping_amount)],
    [t("dataArea.fields.shippingFee"), money(tenant.shipping_fee)],
    [t("dataArea.columns.status"), t(tenant.status === "ready" ? "dataArea.status.ready" : "dataArea.status.initialising")],
    [t("dataArea.columns.parent"), parentCode ?? t("dataArea.none")],
    [t("dataArea.detail.products"), String(products)],
  ];
  return (
    <div className="admin-page">
      <p>
        <Link to="/system/dataArea">{t("dataArea.back")}</Link>
      </p>
      <h1 className="page-title">{t("dataArea.detailTitle", { code: tenant.code })}</h1>
      {canEdit ? (
        <p>
          <Link to={`/system/dataArea/${tenant.id}/edit`} className="btn btn-outline" data-testid="data-area-edit">
            {t("dataArea.edit.link")}
          </Link>
        </p>
      ) : null}
      {outcome.granted !== null ? (
        <p className="message message-success" role="status">
          {t("dataArea.detail.granted", { count: outcome.granted })}
        </p>
      ) : null}
      {outcome.revoked !== null ? (
        <p className="message message-success" role="status">
          {t("dataArea.detail.revoked", { count: outcome.revoked })}
          {outcome.kept ? ` ${t("dataArea.detail.kept", { count: outcome.kept })}` : null}
        </p>
      ) : null}
      <section className="card" aria-labelledby="data-area-basics">
        <h2 id="data-area-basics" className="section-title">
          {t("dataArea.detail.basics")}
        </h2>
        <dl className="detail-list" data-testid="data-area-fields">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {job ? (
            <div>
              <dt>{t("dataArea.detail.job")}</dt>
              <dd>
                {t(`dataArea.job.status.${job.status === "done" ? "done" : job.status === "failed" ? "failed" : "running"}`)} ({job.done}/{job.total}){" "}
                <Link to={`/system/dataArea/job/${job.id}`}>{t("dataArea.detail.viewJob")}</Link>
              </dd>
            </div>
          ) : null}
        </dl>
      </section>
      <section className="card" aria-labelledby="data-area-dealers">
        <h2 id="data-area-dealers" className="section-title">
          {t("dataArea.detail.dealersHeading")}
        </h2>
        {dealers.length === 0 ? (
          <p className="empty-note">{t("dataArea.detail.noDealers")}</p>
        ) : (
          <div className="table-scroll">
            <table className="data-table" data-testid="data-area-dealers">
              <thead>
                <tr>
                  <th>{t("dataArea.detail.customerCode")}</th>
                  <th>{t("dataArea.detail.customerName")}</th>
                  <th className="num">{t("dataArea.detail.users")}</th>
                  {canEdit ? <th>{t("dataArea.columns.actions")}</th> : null}
                </tr>
              </thead>
              <tbody>
                {dealers.map((d) => (
                  <tr key={d.code}>
                    <td className="code">{d.code}</td>
                    <td>{lang === "en" ? d.name_en : d.name_zh}</td>
                    <td className="num">{d.users}</td>
                    {canEdit ? (
                      <td>
                        <Form method="post" className="inline-form">
                          <input type="hidden" name="intent" value="revoke" />
                          <input type="hidden" name="customerCode" value={d.code} />
                          <button type="submit" className="btn btn-outline btn-danger">
                            {t("dataArea.detail.revoke")}
                          </button>
                        </Form>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {canEdit ? (
        <section className="card admin-form" aria-labelledby="data-area-access-title">
          <h2 id="data-area-access-title" className="section-title">
            {t("dataArea.detail.accessHeading")}
          </h2>
          <p className="muted small">{t("dataArea.detail.accessHelp")}</p>
          <Form method="post" {...getFormProps(form)} data-testid="data-area-access">
            <FormError errors={form.errors} id={form.errorId} />
            <FormField field={fields.customerCode} label={t("dataArea.detail.customerCode")} required maxLength={40} />
            <HStack gap="3" mt="4">
              <Button type="submit" name="intent" value="grant" colorPalette="brand">
                {t("dataArea.detail.grant")}
              </Button>
              <Button type="submit" name="intent" value="revoke" variant="outline">
                {t("dataArea.detail.revoke")}
              </Button>
            </HStack>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
