import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NodeEditSchema } from "./__catalogAdmin.server";
import { NodeFields } from "./__NodeFields";
import { getDb } from "~/db/index.server";
import { getNode, saveNode } from "~/modules/admin/catalogue-admin.server";
import { setFlash } from "~/utils/cookies.server";
import { readFormData } from "~/utils/form.server";
import { notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "编辑目录节点", "Edit catalogue node");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "cat:node:edit", db);
  return { node: await notFoundWhenMissing(() => getNode(db, params.code ?? "")) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "cat:node:edit", db);
  const code = params.code ?? "";
  const submission = parseWithZod(await readFormData(request), { schema: NodeEditSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const r = await notFoundWhenMissing(() => saveNode(db, { id: user.id, code: user.code, tenantId: user.tenantId }, { code }, submission.value));
  if (!r.ok) return json({ result: submission.reply({ fieldErrors: { [r.field ?? "labelZh"]: [r.error] } }) }, { status: 400 });
  const node = await getNode(db, code);
  const back = node.parent_code ? `/system/catalogueNode?parent=${encodeURIComponent(node.parent_code)}` : "/system/catalogueNode";
  return redirect(back, { headers: { "Set-Cookie": await setFlash("adminCatalog:node.saved") } });
}

export default function CatalogueNodeEdit() {
  const { node } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("adminCatalog");
  const errors = actionData?.result.error ?? {};
  const back = node.parent_code ? `/system/catalogueNode?parent=${encodeURIComponent(node.parent_code)}` : "/system/catalogueNode";
  return (
    <div className="admin-page">
      <p>
        <Link to={back}>{t("common.back")}</Link>
      </p>
      <h1>{t("node.editNamed", { code: node.code, level: node.level })}</h1>
      {Object.keys(errors).length ? (
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
    </div>
  );
}
