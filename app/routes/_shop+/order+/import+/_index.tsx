import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { getDb } from "~/db/index.server";
import { requireFunction } from "~/utils/guard.server";
import { replyUnreadable, replyWithError } from "~/utils/reply.server";
import { readUploadForm } from "~/utils/upload.server";
import { startImport } from "~/modules/excel/import-jobs.server";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "~/modules/excel/import-read.server";
import ordersCss from "~/styles/orders.css";
import { parseWithZod } from "@conform-to/zod/v4";
import { pageMeta } from "~/utils/meta";
import { ImportSchema } from "./../__forms.server";
import { Trail } from "~/components/Trail";

export const handle = { i18n: ["order"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.batchImport");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFunction(request, "order:import"); // function code from the role menus (spec §6)
  return { canOrder: user.canOrder, maxRows: IMPORT_MAX_ROWS, maxMb: Math.round(IMPORT_MAX_BYTES / 1024 / 1024) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireFunction(request, "order:import"); // function code from the role menus (spec §6)
  const read = await readUploadForm(request, { fileBytes: IMPORT_MAX_BYTES });
  if (!read.ok) {
    const error =
      read.error === "tooBig" ? { key: "order:import.tooBig", values: { mb: Math.round(IMPORT_MAX_BYTES / 1024 / 1024) } } : { key: "order:import.unreadable" };
    return replyUnreadable(request, error, read.status);
  }
  const submission = parseWithZod(read.form, { schema: ImportSchema });
  if (submission.status !== "success") return replyWithError(request, submission, { key: "order:import.noFile" });
  const { file } = submission.value;
  const buf = Buffer.from(await file.arrayBuffer());
  const r = await startImport(getDb(), user, file.name || "import.xlsx", buf);
  if (!r.ok) return replyWithError(request, submission, r.error);
  return redirect(`/order/import/status?id=${r.jobId}`);
}

export default function ImportPage() {
  const { canOrder, maxRows, maxMb } = useLoaderData<typeof loader>();
  const [form] = useForm({ id: "import", lastResult: useActionData<typeof action>()?.result });
  const { t } = useTranslation("order");
  const nav = useNavigation();
  return (
    <div>
      <Trail items={[{ to: "/order/order", label: t("orders.title") }, { label: t("import.title") }]} />
      <h1 className="page-title">{t("import.title")}</h1>
      {!canOrder && (
        <p className="message message-error" role="alert">
          {t("common:errors.noOrderPermission")}
        </p>
      )}
      {form.errors?.length ? (
        <p className="message message-error" role="alert" data-testid="import-error">
          {form.errors[0]}
        </p>
      ) : null}
      <section className="card" style={{ marginTop: 12 }}>
        <p>{t("import.hint", { rows: maxRows, mb: maxMb })}</p>
        <p>
          <a className="btn btn-outline" href="/order/importTemplate" download data-testid="import-template">
            {t("import.template")}
          </a>
        </p>
        <Form method="post" encType="multipart/form-data" className="form-grid" {...getFormProps(form)}>
          <label className="field">
            <span className="required">{t("import.file")}</span>
            <input type="file" name="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required />
          </label>
          <div style={{ alignSelf: "end" }}>
            <button className="btn" disabled={!canOrder || nav.state === "submitting"}>
              {t("import.upload")}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
