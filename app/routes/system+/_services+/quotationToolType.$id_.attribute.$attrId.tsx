import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AttributeSchema, idOr404 } from "./__quotationToolType.server";
import { ToolAttributePage } from "./__ToolTypeForms";
import { getDb } from "~/db/index.server";
import { LIMITS } from "~/modules/quotation/tool-type-rules";
import { getAttributeForEditing, updateAttribute } from "~/modules/quotation/tool-type-editor.server";
import { readFormData } from "~/utils/form.server";
import { notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["quotation"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.editAttribute");

/** One attribute of a tool type (decision 051): labels, kind, unit, bounds, choices, required; the key stays. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "svc:quoteType:edit", db);
  const [typeId, attrId] = [idOr404(params.id), idOr404(params.attrId)];
  return notFoundWhenMissing(() => getAttributeForEditing(db, typeId, attrId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:quoteType:edit", db);
  const [typeId, attrId] = [idOr404(params.id), idOr404(params.attrId)];
  const submission = parseWithZod(await readFormData(request), { schema: AttributeSchema });
  if (submission.status !== "success") return replyInvalid(request, submission, { values: LIMITS });
  const r = await notFoundWhenMissing(() => updateAttribute(db, { id: user.id, code: user.code, tenantId: user.tenantId }, typeId, attrId, submission.value));
  if (!r.ok) return replyWithError(request, submission, r.error);
  return redirectWithToast(`/system/quotationToolType/${typeId}`, "quotation:types.flash.attributeSaved");
}

export default function EditToolAttribute() {
  const { attribute: a, type } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("quotation");
  return (
    <ToolAttributePage type={type} heading={(name) => t("types.attributeEdit", { key: a.key, type: name })} attribute={a} lastResult={actionData?.result}>
      <p className="admin-muted">
        {t("types.key")}: <span className="code">{a.key}</span>
      </p>
      {a.requests > 0 ? <p className="admin-muted">{t("types.attributeUsed", { count: a.requests })}</p> : null}
      {!a.active ? <p className="admin-muted">{t("types.attributeRemoved")}</p> : null}
    </ToolAttributePage>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
