import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { idOr404, ToolTypePageSchema } from "./__quotationToolType.server";
import { ToolTypeForm } from "./__ToolTypeForms";
import { FormError } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import {
  getToolTypeForEditing,
  removeAttribute,
  reorderAttributes,
  restoreAttribute,
  updateToolType,
  type AttributeRow,
} from "~/modules/quotation/tool-type-editor.server";
import { LIMITS } from "~/modules/quotation/tool-type-rules";
import type { Result } from "~/modules/result";
import quotationCss from "~/styles/quotation.css";
import { readFormData } from "~/utils/form.server";
import { notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["quotation"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: quotationCss }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.toolType");

/** One tool type (decision 051): its names, order and state; its attributes in the dealer's order, moved, removed or restored here. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "svc:quoteType:edit", db);
  return notFoundWhenMissing(() => getToolTypeForEditing(db, idOr404(params.id)));
}

const FLASH = { type: "saved", order: "moved", restore: "restored" } as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "svc:quoteType:edit", db);
  const id = idOr404(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: ToolTypePageSchema });
  if (submission.status !== "success") return replyInvalid(request, submission, { values: LIMITS });
  const v = submission.value;
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  const r = await notFoundWhenMissing<Result<{ removed: "hidden" | "deleted" } | undefined>>(() =>
    v.intent === "type"
      ? updateToolType(db, actor, id, v)
      : v.intent === "order"
        ? reorderAttributes(db, actor, id, v.order)
        : v.intent === "remove"
          ? removeAttribute(db, actor, id, v.attrId)
          : restoreAttribute(db, actor, id, v.attrId),
  );
  if (!r.ok) return replyWithError(request, submission, r.error);
  const done = r.value?.removed ?? FLASH[v.intent as keyof typeof FLASH];
  return redirectWithToast(`/system/quotationToolType/${id}`, `quotation:types.flash.${done}`);
}

/** "mm · 0.5–40" / "PVD、CVD": what a row's kind uses. */
function details(a: AttributeRow, en: boolean) {
  const range = a.kind === "number" && (a.min !== null || a.max !== null) ? `${a.min ?? "…"}–${a.max ?? "…"}` : "";
  return [a.unit ?? "", range, a.kind === "choice" ? a.choices.join(en ? ", " : "、") : ""].filter(Boolean).join(" · ");
}

/** The whole order with one attribute moved one place: what an up or down button posts. */
const moved = (ids: number[], i: number, by: -1 | 1) => {
  const next = [...ids];
  [next[i], next[i + by]] = [next[i + by], next[i]];
  return next.join(",");
};

function RowButton({ intent, name, value, label, named }: { intent: string; name: string; value: string | number; label: string; named: string }) {
  return (
    <Form method="post" className="admin-inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <button type="submit" className="btn btn-outline btn-small">
        {label}
        <span className="visually-hidden"> {named}</span>
      </button>
    </Form>
  );
}

/** The attributes of a type: the offered ones with kind, details and required; the removed ones without. */
function AttributeTable({
  rows,
  titleId,
  testId,
  actions,
}: {
  rows: AttributeRow[];
  titleId: string;
  testId: string;
  actions: (a: AttributeRow, i: number) => ReactNode;
}) {
  const { t, i18n } = useTranslation("quotation");
  const full = rows.some((a) => a.active);
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-labelledby={titleId}>
      <table className="data-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t("types.key")}</th>
            <th scope="col">{t("types.labelZh")}</th>
            <th scope="col">{t("types.labelEn")}</th>
            {full ? (
              <>
                <th scope="col">{t("types.kind")}</th>
                <th scope="col">{t("types.details")}</th>
                <th scope="col">{t("types.required")}</th>
              </>
            ) : null}
            <th scope="col" className="num">
              {t("types.used")}
            </th>
            <th scope="col">{t("types.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a, i) => (
            <tr key={a.id} data-key={a.key}>
              <td className="code">{a.key}</td>
              <td>{a.labelZh}</td>
              <td>{a.labelEn}</td>
              {full ? (
                <>
                  <td>{t(`types.kindLabel.${a.kind}`)}</td>
                  <td>{details(a, i18n.language === "en")}</td>
                  <td>{t(a.required ? "types.yes" : "types.no")}</td>
                </>
              ) : null}
              <td className="num">{a.requests}</td>
              <td>{actions(a, i)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function ToolTypePage() {
  const { type, attributes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("quotation");
  const en = i18n.language === "en";
  const result = actionData?.result;
  const intent = (result?.initialValue as Record<string, unknown> | undefined)?.intent;
  const listError = intent !== "type" ? Object.values(result?.error ?? {}).flat()[0] : undefined;
  const offered = attributes.filter((a) => a.active);
  const removed = attributes.filter((a) => !a.active);
  const ids = offered.map((a) => a.id);
  const label = (a: { labelZh: string; labelEn: string }) => (en ? a.labelEn : a.labelZh);
  const name = en ? type.nameEn : type.nameZh;
  return (
    <div className="admin-page">
      <p>
        <Link to="/system/quotationToolType">← {t("types.back")}</Link>
      </p>
      <h1>{t("types.typeTitle", { code: type.code, name })}</h1>
      <h2>{t("types.basics")}</h2>
      <p className="admin-muted">
        {t("types.code")}: <span className="code">{type.code}</span> · {t("types.requestCount")}: {type.requests}
      </p>
      <ToolTypeForm type={type} lastResult={intent === "type" ? result : undefined} submitLabel={t("types.save")} />

      <h2 id="attributes-title">{t("types.attributes")}</h2>
      <p className="admin-muted">{t("types.attributesHint")}</p>
      <FormError errors={listError ? [listError] : undefined} />
      {offered.length === 0 ? (
        <p className="admin-muted">{t("types.noAttributes")}</p>
      ) : (
        <AttributeTable
          rows={offered}
          titleId="attributes-title"
          testId="attribute-table"
          actions={(a, i) => (
            <div className="admin-actions qt-row-actions">
              <Link to={`/system/quotationToolType/${type.id}/attribute/${a.id}`}>
                {t("types.edit")}
                <span className="visually-hidden"> {label(a)}</span>
              </Link>
              {i > 0 ? <RowButton intent="order" name="order" value={moved(ids, i, -1)} label={t("types.up")} named={label(a)} /> : null}
              {i < offered.length - 1 ? <RowButton intent="order" name="order" value={moved(ids, i, 1)} label={t("types.down")} named={label(a)} /> : null}
              <RowButton intent="remove" name="attrId" value={a.id} label={t("types.remove")} named={label(a)} />
            </div>
          )}
        />
      )}
      <p>
        <Link to={`/system/quotationToolType/${type.id}/attribute/new`} className="btn" data-testid="attribute-add">
          {t("types.addAttribute")}
        </Link>
      </p>

      {removed.length ? (
        <>
          <h2 id="removed-title">{t("types.removed")}</h2>
          <p className="admin-muted">{t("types.removedHint")}</p>
          <AttributeTable
            rows={removed}
            titleId="removed-title"
            testId="removed-table"
            actions={(a) => <RowButton intent="restore" name="attrId" value={a.id} label={t("types.restore")} named={label(a)} />}
          />
        </>
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
