import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { idOr404, NewAttributeSchema } from "./__quotationToolType.server";
import { ToolAttributePage } from "./__ToolTypeForms";
import { getDb } from "~/db/index.server";
import { LIMITS } from "~/modules/quotation/tool-type-rules";
import { addAttribute, getToolTypeForEditing } from "~/modules/quotation/tool-type-editor.server";
import { readFormData } from "~/utils/form.server";
import { notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["quotation"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.addAnAttribute");

/** A new attribute at the end of a tool type's form (decision 051): its key is fixed from now on. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "svc:quoteType:edit", db);
  const { type } = await notFoundWhenMissing(() => getToolTypeForEditing(db, idOr404(params.id)));
  return { type: { id: type.id, code: type.code, nameZh: type.nameZh, nameEn: type.nameEn } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:quoteType:edit", db);
  const id = idOr404(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: NewAttributeSchema });
  if (submission.status !== "success") return replyInvalid(request, submission, { values: LIMITS });
  const r = await notFoundWhenMissing(() => addAttribute(db, { id: user.id, code: user.code, tenantId: user.tenantId }, id, submission.value));
  if (!r.ok) return replyWithError(request, submission, r.error);
  return redirectWithToast(`/system/quotationToolType/${id}`, "quotation:types.flash.attributeAdded");
}

export default function NewToolAttribute() {
  const { type } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("quotation");
  return <ToolAttributePage type={type} heading={(name) => t("types.attributeNew", { type: name })} attribute={null} lastResult={actionData?.result} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
