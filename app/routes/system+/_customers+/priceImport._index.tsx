import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { MaxPartSizeExceededError, redirect, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ImportFormSchema } from "../__catalogAdmin.server";
import { FormError } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import { PRICE_IMPORT_MAX_BYTES, PRICE_IMPORT_MAX_ROWS, startPriceImport } from "~/modules/admin/price-import.server";
import { notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { replyUnreadable, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["adminCatalog"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.priceAndStockImport");

/** Upload of list prices and stock for one company entity; the work runs as a background job (decision 045). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "cus:price:import", db);
  const tenants = await db.selectFrom("tenant").select(["id", "code", "name_zh", "name_en"]).where("status", "=", "ready").orderBy("code").execute();
  return { tenants, maxRows: PRICE_IMPORT_MAX_ROWS, maxMb: Math.round(PRICE_IMPORT_MAX_BYTES / 1024 / 1024) };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cus:price:import", db);
  const tooBig = { key: "adminCatalog:import.error.tooBig", values: { mb: Math.round(PRICE_IMPORT_MAX_BYTES / 1024 / 1024) } };
  if (Number(request.headers.get("content-length") ?? 0) > PRICE_IMPORT_MAX_BYTES + 64 * 1024) return replyUnreadable(request, tooBig, 413);
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: PRICE_IMPORT_MAX_BYTES }));
  } catch (e) {
    if (e instanceof MaxPartSizeExceededError) return replyUnreadable(request, tooBig, 413);
    return replyUnreadable(request, { key: "adminCatalog:import.error.unreadable" });
  }
  const submission = parseWithZod(form, { schema: ImportFormSchema });
  // a company and a file are all the form has: whichever is missing, the one message says what to send
  if (submission.status !== "success") return replyWithError(request, submission, { key: "adminCatalog:import.error.noFile" });
  const { tenantId, file } = submission.value;
  const buf = Buffer.from(await file.arrayBuffer());
  const r = await notFoundWhenMissing(() =>
    startPriceImport(db, { id: user.id, code: user.code, tenantId: user.tenantId }, { tenantId, fileName: file.name || "import.xlsx", buf }),
  );
  if (!r.ok) return replyWithError(request, submission, r.error);
  return redirect(`/system/priceImport/job/${r.jobId}`);
}

export default function PriceImport() {
  const { tenants, maxRows, maxMb } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminCatalog");
  const en = i18n.language === "en";
  const nav = useNavigation();
  const [form] = useForm({ lastResult: actionData?.result });
  return (
    <div className="admin-page">
      <h1>{t("import.title")}</h1>
      <FormError errors={form.errors} id={form.errorId} />
      <p>{t("import.hint", { rows: maxRows, mb: maxMb })}</p>
      <ul className="admin-muted">
        <li>{t("import.ruleAll")}</li>
        <li>{t("import.rulePrice")}</li>
        <li>{t("import.ruleStock")}</li>
      </ul>
      <p className="admin-toolbar">
        <a className="btn btn-outline" href="/system/priceImport/template?lang=zh" download data-testid="template-zh">
          {t("import.templateZh")}
        </a>
        <a className="btn btn-outline" href="/system/priceImport/template?lang=en" download data-testid="template-en">
          {t("import.templateEn")}
        </a>
      </p>
      <Form method="post" encType="multipart/form-data" className="admin-form" data-testid="import-form">
        <label>
          {t("customer.entity")}
          {/* the server needs a company: required, with an empty first choice (a required select's first option is its placeholder) */}
          <select name="tenantId" required defaultValue={tenants.length === 1 ? tenants[0].id : ""}>
            <option value="">{t("import.chooseEntity")}</option>
            {tenants.map((e) => (
              <option key={e.id} value={e.id}>
                {e.code} {en ? e.name_en : e.name_zh}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("import.file")}
          <input type="file" name="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required />
        </label>
        <div className="admin-form-actions">
          <button type="submit" className="btn" disabled={nav.state === "submitting"}>
            {t("import.upload")}
          </button>
        </div>
      </Form>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
