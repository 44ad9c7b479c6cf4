import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, MaxPartSizeExceededError, redirect, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRuleText } from "~/components/orders/RuleMessage";
import { getDb } from "~/db/index.server";
import { requireFunction } from "~/utils/guard.server";
import type { RuleError } from "~/modules/cart/rules";
import { startImport } from "~/modules/excel/import-jobs.server";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "~/modules/excel/import-read.server";
import ordersCss from "~/styles/orders.css";
import { parseWithZod } from "@conform-to/zod/v4";
import { pageMeta } from "~/utils/meta";
import { ImportSchema } from "./../__forms.server";

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
  const tooBig = { error: { key: "order:import.tooBig", values: { mb: Math.round(IMPORT_MAX_BYTES / 1024 / 1024) } } as RuleError };
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > IMPORT_MAX_BYTES + 64 * 1024) return json(tooBig, { status: 413 });
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: IMPORT_MAX_BYTES }));
  } catch (e) {
    if (e instanceof MaxPartSizeExceededError) return json(tooBig, { status: 413 });
    return json({ error: { key: "order:import.unreadable" } as RuleError }, { status: 400 });
  }
  const submission = parseWithZod(form, { schema: ImportSchema });
  if (submission.status !== "success") return json({ error: { key: "order:import.noFile" } as RuleError }, { status: 400 });
  const { file } = submission.value;
  const buf = Buffer.from(await file.arrayBuffer());
  const r = await startImport(getDb(), user, file.name || "import.xlsx", buf);
  if (!r.ok) return json({ error: r.error }, { status: 400 });
  return redirect(`/order/import/status?id=${r.jobId}`);
}

export default function ImportPage() {
  const { canOrder, maxRows, maxMb } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { error: RuleError } | undefined;
  const { t } = useTranslation("order");
  const ruleText = useRuleText();
  const nav = useNavigation();
  return (
    <div>
      <nav aria-label="breadcrumb">
        <ol className="breadcrumbs">
          <li>
            <Link to="/order/order">{t("orders.title")}</Link>
          </li>
          <li aria-current="page">{t("import.title")}</li>
        </ol>
      </nav>
      <h1 className="page-title">{t("import.title")}</h1>
      {!canOrder && (
        <p className="message message-error" role="alert">
          {t("common:errors.noOrderPermission")}
        </p>
      )}
      {actionData?.error && (
        <p className="message message-error" role="alert" data-testid="import-error">
          {ruleText(actionData.error)}
        </p>
      )}
      <section className="card" style={{ marginTop: 12 }}>
        <p>{t("import.hint", { rows: maxRows, mb: maxMb })}</p>
        <p>
          <a className="btn btn-outline" href="/order/importTemplate" download data-testid="import-template">
            {t("import.template")}
          </a>
        </p>
        <Form method="post" encType="multipart/form-data" className="form-grid">
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
