import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NodeNewSchema, NodeQuerySchema } from "../__catalogAdmin.server";
import { NodeFields } from "./__NodeFields";
import { AdminInput } from "~/components/admin/AdminField";
import { getDb } from "~/db/index.server";
import { getNode, saveNode } from "~/modules/admin/catalogue-nodes.server";
import { readFormData } from "~/utils/form.server";
import { notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["adminCatalog"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.newCatalogueNode");

/** A new node under ?parent=CODE (none: a level-1 node); an unknown parent is a 404. */
async function parentOf(request: Request) {
  const q = parseWithZod(new URL(request.url).searchParams, { schema: NodeQuerySchema });
  const code = (q.status === "success" ? q.value.parent : undefined) || null;
  return code === null ? null : await notFoundWhenMissing(() => getNode(getDb(), code));
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "cat:node:edit");
  return { parent: await parentOf(request) };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cat:node:edit", db);
  const parent = await parentOf(request);
  const submission = parseWithZod(await readFormData(request), { schema: NodeNewSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const { code, ...input } = submission.value;
  const r = await notFoundWhenMissing(() =>
    saveNode(db, { id: user.id, code: user.code, tenantId: user.tenantId }, { newCode: code, parentCode: parent?.code ?? null }, input),
  );
  if (!r.ok) return replyWithError(request, submission, r.error);
  const back = parent ? `/system/catalogueNode?parent=${encodeURIComponent(parent.code)}` : "/system/catalogueNode";
  return redirectWithToast(back, "adminCatalog:node.added");
}

export default function CatalogueNodeNew() {
  const { parent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminCatalog");
  const [conform] = useForm({ lastResult: actionData?.result });
  const errors = conform.allErrors;
  const back = parent ? `/system/catalogueNode?parent=${encodeURIComponent(parent.code)}` : "/system/catalogueNode";
  return (
    <div className="admin-page">
      <p>
        <Link to={back}>{t("common.back")}</Link>
      </p>
      <h1>{parent ? t("node.newUnder", { label: i18n.language === "en" ? parent.label_en : parent.label_zh, level: parent.level + 1 }) : t("node.newTop")}</h1>
      {parent && parent.level >= 4 ? <p className="message message-error">{t("node.error.tooDeep")}</p> : null}
      {Object.keys(errors).length ? (
        <p className="message message-error" role="alert">
          {t("form.fix")}
        </p>
      ) : null}
      <Form method="post" className="admin-form" noValidate data-testid="node-form">
        <AdminInput label={t("node.code")} name="code" maxLength={40} required hint={t("node.codeHint")} errors={errors.code} />
        <NodeFields node={null} errors={errors} />
        <div className="admin-form-actions">
          <button type="submit" className="btn">
            {t("common.save")}
          </button>
        </div>
      </Form>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
