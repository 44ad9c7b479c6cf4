import { formatAmount } from "~/i18n/format";
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CustomerEditSchema, idParam } from "../__catalogAdmin.server";
import { AdminInput } from "~/components/admin/AdminField";
import { getDb } from "~/db/index.server";
import { getCustomer, setErpAccount, updateCustomer } from "~/modules/admin/customers.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { percentInput } from "../__catalogFormat";
import { redirectWithToast, replyInvalid } from "~/utils/reply.server";

export const handle = { i18n: ["adminCatalog"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.customer");

/** A dealer: its terms (editable with cus:customer:edit), master accounts, entities and the credit in use. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cus:customer:view", db);
  const id = idParam(params.id) ?? notFound();
  const data = await notFoundWhenMissing(() => getCustomer(db, id));
  return { ...data, canEdit: user.funcCodes.has("cus:customer:edit"), canPrices: user.funcCodes.has("cus:price:view") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cus:customer:edit", db);
  const id = idParam(params.id) ?? notFound();
  const submission = parseWithZod(await readFormData(request), { schema: CustomerEditSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  if (v.intent === "erp") {
    await notFoundWhenMissing(() => setErpAccount(db, actor, id, v.userId, v.erpAccount?.toUpperCase() || null));
    return redirectWithToast(`/system/customer/${id}`, "adminCatalog:customer.erpSaved");
  }
  await notFoundWhenMissing(() =>
    updateCustomer(db, actor, id, {
      nameZh: v.nameZh,
      nameEn: v.nameEn,
      creditLimit: v.creditLimit,
      paymentTermsDays: v.paymentTermsDays,
      billTermsDays: v.billTermsDays,
      discountBp: v.discount,
      freeShippingAmount: v.freeShippingAmount ?? null,
      exportSales: v.exportSales,
    }),
  );
  return redirectWithToast(`/system/customer/${id}`, "adminCatalog:customer.saved");
}

export default function CustomerPage() {
  const { customer: c, masters, entities, canEdit, canPrices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminCatalog");
  const en = i18n.language === "en";
  const [conform] = useForm({ lastResult: actionData?.result });
  const errors = conform.allErrors;
  return (
    <div className="admin-page">
      <p>
        <Link to="/system/customer">{t("common.back")}</Link>
      </p>
      <h1>
        {c.code} {en ? c.name_en : c.name_zh}
      </h1>
      {Object.keys(errors).length ? (
        <p className="message message-error" role="alert">
          {t("form.fix")}
        </p>
      ) : null}
      <h2>{t("customer.terms")}</h2>
      <Form method="post" className="admin-form admin-form-top" noValidate data-testid="customer-form">
        <fieldset disabled={!canEdit} className="admin-fieldset">
          <legend className="visually-hidden">{t("customer.terms")}</legend>
          <input type="hidden" name="intent" value="terms" />
          <AdminInput label={t("customer.nameZh")} name="nameZh" defaultValue={c.name_zh} maxLength={200} required errors={errors.nameZh} />
          <AdminInput label={t("customer.nameEn")} name="nameEn" defaultValue={c.name_en} maxLength={200} required errors={errors.nameEn} />
          <AdminInput
            label={t("customer.creditLimitYuan")}
            name="creditLimit"
            inputMode="decimal"
            defaultValue={formatAmount(c.credit_limit, { grouped: false })}
            required
            errors={errors.creditLimit}
          />
          <AdminInput
            label={t("customer.paymentTermsDays")}
            name="paymentTermsDays"
            inputMode="numeric"
            defaultValue={c.payment_terms_days}
            required
            errors={errors.paymentTermsDays}
          />
          <AdminInput
            label={t("customer.billTermsDays")}
            name="billTermsDays"
            inputMode="numeric"
            defaultValue={c.bill_terms_days}
            required
            errors={errors.billTermsDays}
          />
          <AdminInput
            label={t("customer.discountPercent")}
            name="discount"
            inputMode="decimal"
            defaultValue={percentInput(c.discount_bp)}
            required
            errors={errors.discount}
          />
          <AdminInput
            label={t("customer.freeShippingYuan")}
            name="freeShippingAmount"
            inputMode="decimal"
            defaultValue={formatAmount(c.free_shipping_amount, { grouped: false })}
            hint={t("customer.freeShippingHint")}
            errors={errors.freeShippingAmount}
          />
          <label className="admin-check">
            <input type="checkbox" name="exportSales" defaultChecked={c.export_sales === 1} />
            {t("customer.exportSales")}
          </label>
          <p className="admin-muted small admin-form-wide">{t("customer.termsHint")}</p>
          {canEdit ? (
            <div className="admin-form-actions">
              <button type="submit" className="btn">
                {t("common.save")}
              </button>
            </div>
          ) : null}
        </fieldset>
      </Form>

      <h2>{t("customer.entities")}</h2>
      <div className="table-scroll" tabIndex={0}>
        <table className="data-table" data-testid="customer-entities">
          <caption className="visually-hidden">{t("customer.entities")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("customer.entity")}</th>
              <th scope="col" className="num">
                {t("customer.creditLimit")}
              </th>
              <th scope="col" className="num">
                {t("customer.creditInUse")}
              </th>
              <th scope="col" className="num">
                {t("customer.creditAvailable")}
              </th>
              <th scope="col" className="num">
                {t("customer.freeShipping")}
              </th>
              {canPrices ? <th scope="col">{t("customer.priceList")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {entities.map((e) => (
              <tr key={e.id} data-testid={`entity-${e.code}`}>
                <td>
                  {e.code} {en ? e.name_en : e.name_zh}
                </td>
                <td className="num">{formatAmount(c.credit_limit)}</td>
                <td className="num" data-testid="credit-in-use">
                  {formatAmount(e.openPayable)}
                </td>
                <td className="num" data-testid="credit-available">
                  {formatAmount(e.available)}
                </td>
                <td className="num">{formatAmount(c.free_shipping_amount ?? e.free_shipping_amount)}</td>
                {canPrices ? (
                  <td>
                    <Link to={`/system/customer/${c.id}/prices?tenant=${e.id}`}>{t("customer.openPrices")}</Link>
                  </td>
                ) : null}
              </tr>
            ))}
            {entities.length === 0 ? (
              <tr>
                <td colSpan={canPrices ? 6 : 5}>{t("common.empty")}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>

      <h2>{t("customer.masters")}</h2>
      <div className="table-scroll" tabIndex={0}>
        <table className="data-table" data-testid="customer-masters">
          <caption className="visually-hidden">{t("customer.masters")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("customer.account")}</th>
              <th scope="col">{t("customer.userName")}</th>
              <th scope="col">{t("customer.email")}</th>
              <th scope="col">{t("customer.erpAccount")}</th>
              <th scope="col">{t("customer.status")}</th>
            </tr>
          </thead>
          <tbody>
            {masters.map((m) => (
              <tr key={m.id}>
                <td className="code">
                  <Link to={`/system/user/${m.id}`}>{m.code}</Link>
                </td>
                <td>{m.name}</td>
                <td className="cell-wrap">{m.email}</td>
                <td>
                  {canEdit ? (
                    <Form method="post" className="admin-inline-form">
                      <input type="hidden" name="intent" value="erp" />
                      <input type="hidden" name="userId" value={m.id} />
                      <input
                        name="erpAccount"
                        defaultValue={m.erp_account ?? ""}
                        maxLength={40}
                        className="admin-cell-input code"
                        aria-label={t("customer.erpAccountOf", { code: m.code })}
                      />
                      <button type="submit" className="btn btn-outline btn-small">
                        {t("common.save")}
                      </button>
                    </Form>
                  ) : (
                    <span className="code">{m.erp_account ?? ""}</span>
                  )}
                </td>
                <td>{m.status === "locked" ? t("customer.locked") : t("customer.active")}</td>
              </tr>
            ))}
            {masters.length === 0 ? (
              <tr>
                <td colSpan={5}>{t("common.empty")}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
