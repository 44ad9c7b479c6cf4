import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NodeEditSchema, NodeMoveSchema, ROOT_PARENT } from "../__catalogAdmin.server";
import { NodeFields } from "./__NodeFields";
import { FieldError } from "~/components/admin/FieldError";
import { getDb } from "~/db/index.server";
import { getNode, moveNode, moveTargets, saveNode } from "~/modules/admin/catalogue-nodes.server";
import { readFormData } from "~/utils/form.server";
import { notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["adminCatalog"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.editCatalogueNode");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "cat:node:edit", db);
  const { node, parents, topAllowed } = await notFoundWhenMissing(() => moveTargets(db, params.code ?? ""));
  return { node, parents, topAllowed };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cat:node:edit", db);
  const code = params.code ?? "";
  const form = await readFormData(request);
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  if (form.get("intent") === "move") {
    const move = parseWithZod(form, { schema: NodeMoveSchema });
    if (move.status !== "success") return replyInvalid(request, move);
    const r = await notFoundWhenMissing(() => moveNode(db, actor, code, move.value.parent === ROOT_PARENT ? null : move.value.parent));
    if (!r.ok) return replyWithError(request, move, r.error);
    return redirectWithToast(`/system/catalogueNode/${encodeURIComponent(code)}`, "adminCatalog:node.moved");
  }
  const submission = parseWithZod(form, { schema: NodeEditSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const r = await notFoundWhenMissing(() => saveNode(db, actor, { code }, submission.value));
  if (!r.ok) return replyWithError(request, submission, r.error);
  const node = await getNode(db, code);
  const back = node.parent_code ? `/system/catalogueNode?parent=${encodeURIComponent(node.parent_code)}` : "/system/catalogueNode";
  return redirectWithToast(back, "adminCatalog:node.saved");
}

export default function CatalogueNodeEdit() {
  const { node, parents, topAllowed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminCatalog");
  const en = i18n.language === "en";
  // the two forms (edit, move) share one answer: a move's error is on `parent`
  const [conform] = useForm({ lastResult: actionData?.result });
  const errors = conform.allErrors;
  const moveError = errors.parent?.[0];
  const back = node.parent_code ? `/system/catalogueNode?parent=${encodeURIComponent(node.parent_code)}` : "/system/catalogueNode";
  return (
    <div className="admin-page">
      <p>
        <Link to={back}>{t("common.back")}</Link>
      </p>
      <h1>{t("node.editNamed", { code: node.code, level: node.level })}</h1>
      {Object.keys(errors).length && !moveError ? (
        <p className="message message-error" role="alert">
          {t("form.fix")}
        </p>
      ) : null}
      <Form method="post" className="admin-form" noValidate data-testid="node-form">
        <NodeFields node={node} errors={errors} />
        <div className="admin-form-actions">
          <button type="submit" className="btn">
            {t("common.save")}
          </button>
        </div>
      </Form>

      <h2 id="move-title">{t("node.move")}</h2>
      <p className="admin-muted small">{t("node.moveHint", { parent: node.parent_code ?? t("node.root") })}</p>
      {parents.length || topAllowed ? (
        <Form method="post" className="admin-form" noValidate data-testid="node-move" aria-labelledby="move-title">
          <input type="hidden" name="intent" value="move" />
          <label>
            {t("node.newParent")}
            <select name="parent" aria-invalid={moveError ? true : undefined} aria-describedby={moveError ? "move-error" : undefined}>
              <option value="">{t("node.chooseParent")}</option>
              {topAllowed ? <option value="-">{t("node.root")}</option> : null}
              {parents.map((p) => (
                <option key={p.code} value={p.code}>
                  {`${"· ".repeat(p.level - 1)}L${p.level} ${p.code} ${en ? p.label_en : p.label_zh}`}
                </option>
              ))}
            </select>
            <FieldError errors={errors.parent} id="move-error" />
          </label>
          <div className="admin-form-actions">
            <button type="submit" className="btn btn-outline">
              {t("node.moveSubmit")}
            </button>
          </div>
        </Form>
      ) : (
        <p className="admin-muted">{t("node.noTargets")}</p>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
