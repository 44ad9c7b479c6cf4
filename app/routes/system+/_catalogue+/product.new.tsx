import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductEditSchema } from "../__catalogAdmin.server";
import { ProductForm, type ProductFormValues } from "./__ProductForm";
import { getDb } from "~/db/index.server";
import { leafNodes } from "~/modules/admin/catalogue-nodes.server";
import { saveProduct } from "~/modules/admin/catalogue-products.server";
import { readFormData } from "~/utils/form.server";
import { requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["adminCatalog"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.newProduct");

/** A new product: the same checks as an edit (ordering code for the search and ISO, MOQ, node). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "cat:product:edit", db);
  return { nodes: await leafNodes(db) };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cat:product:edit", db);
  const submission = parseWithZod(await readFormData(request), { schema: ProductEditSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  if (v.intent !== "product") return replyWithError(request, submission, { key: "adminCatalog:form.fix" });
  const r = await saveProduct(db, { id: user.id, code: user.code, tenantId: user.tenantId }, null, {
    ...v,
    grade: v.grade || null,
    fitKey: v.fitKey || null,
    listPrice: v.listPrice ?? null,
  });
  if (!r.ok) return replyWithError(request, submission, r.error);
  return redirectWithToast(`/system/product/${r.value.id}`, "adminCatalog:product.added");
}

const EMPTY: ProductFormValues = {
  ordering_code: "",
  kind: "turning_insert",
  catalogue_code: "",
  name_zh: "",
  name_en: "",
  specification: "",
  grade: null,
  fit_key: null,
  material_groups: "",
  unit: "pc",
  mpq: 10,
  moq: 10,
  list_price: null,
  status: "active",
  attributes: "{}",
};

export default function ProductNew() {
  const { nodes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("adminCatalog");
  const [conform] = useForm({ lastResult: actionData?.result });
  const errors = conform.allErrors;
  return (
    <div className="admin-page">
      <p>
        <Link to="/system/product">{t("common.back")}</Link>
      </p>
      <h1>{t("product.new")}</h1>
      {Object.keys(errors).length ? (
        <p className="message message-error" role="alert" data-testid="product-error">
          {t("form.fix")}
        </p>
      ) : null}
      <ProductForm product={{ ...EMPTY, catalogue_code: nodes[0]?.code ?? "" }} nodes={nodes} errors={errors} canEdit compatibleCount={null} />
      <p className="admin-muted small">{t("product.newHint")}</p>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
