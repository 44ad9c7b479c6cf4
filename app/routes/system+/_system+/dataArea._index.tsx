import { Button, Field, NativeSelect, SimpleGrid } from "@chakra-ui/react";
import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DataAreaFormSchema } from "./system.schemas.server";
import { EntityTermFields } from "~/components/admin/EntityTermFields";
import { FormError, FormField, useErrorText } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import { createDataArea, listDataAreas, startInitialisation, type DataAreaInput } from "~/modules/admin/data-areas.server";
import { runJob } from "~/modules/jobs/runner.server";
import { readFormData } from "~/utils/form.server";
import { notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { replyInvalid, replyWithError } from "~/utils/reply.server";
import { dataAreaMeta } from "./__dataArea";

export const handle = { i18n: ["adminData", "auth"] };

type Intent = z.output<typeof DataAreaFormSchema>["intent"];

export const meta: MetaFunction = ({ matches }) => dataAreaMeta(matches, "title");

/** Company entities (spec /basedataarea): the list and the two ways to add one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "sys:dataArea:view", db);
  return { areas: await listDataAreas(db), canEdit: user.funcCodes.has("sys:dataArea:edit") };
}

export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "sys:dataArea:edit", db);
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  const submission = parseWithZod(await readFormData(request), { schema: DataAreaFormSchema });
  const intent: Intent = submission.payload.intent === "initialise" ? "initialise" : "create";
  if (submission.status !== "success") return replyInvalid(request, submission, { data: { intent } });
  const { taxRate, ...value } = submission.value;
  const input: DataAreaInput = {
    code: value.code,
    nameZh: value.nameZh,
    nameEn: value.nameEn,
    showNameZh: value.showNameZh,
    showNameEn: value.showNameEn,
    currency: value.currency,
    taxRateBp: taxRate,
    freeShippingAmount: value.freeShippingAmount,
    shippingFee: value.shippingFee,
  };
  if (value.intent === "create") {
    const created = await createDataArea(db, actor, input);
    if (!created.ok) return replyWithError(request, submission, created.error, { data: { intent } });
    return redirect(`/system/dataArea/${created.value.id}`);
  }
  const started = await notFoundWhenMissing(() => startInitialisation(db, actor, { newTenantInput: input, parentId: value.parentId }));
  if (!started.ok) return replyWithError(request, submission, started.error, { data: { intent } });
  // The copy is a job of the queue: a worker of any instance runs it under the runner's heartbeat
  // (and another resumes it if that one dies); the progress page follows it.
  await runJob(db, "tenant-init", { jobId: started.value.jobId });
  return redirect(`/system/dataArea/job/${started.value.jobId}`);
}

export default function DataAreaList() {
  const { areas, canEdit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("adminData");
  const en = i18n.language === "en";
  const parents = areas.filter((a) => a.status === "ready");
  return (
    <div className="admin-page">
      <h1 className="page-title">{t("dataArea.title")}</h1>
      <p className="muted">{t("dataArea.intro")}</p>
      {areas.length === 0 ? (
        <p className="card empty-note">{t("dataArea.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table" data-testid="data-area-table">
            <thead>
              <tr>
                <th>{t("dataArea.columns.code")}</th>
                <th>{t("dataArea.columns.name")}</th>
                <th>{t("dataArea.columns.currency")}</th>
                <th>{t("dataArea.columns.status")}</th>
                <th>{t("dataArea.columns.parent")}</th>
                <th className="num">{t("dataArea.columns.products")}</th>
                <th className="num">{t("dataArea.columns.dealers")}</th>
                <th>{t("dataArea.columns.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {areas.map((a) => (
                <tr key={a.id}>
                  <td className="code">{a.code}</td>
                  <td>{en ? a.name_en : a.name_zh}</td>
                  <td>{a.currency}</td>
                  <td>{t(a.status === "ready" ? "dataArea.status.ready" : "dataArea.status.initialising")}</td>
                  <td className="code">{a.parent_code ?? t("dataArea.none")}</td>
                  <td className="num">{a.products}</td>
                  <td className="num">{a.dealers}</td>
                  <td>
                    <Link to={`/system/dataArea/${a.id}`}>{t("dataArea.view")}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canEdit ? (
        <>
          <EntityForm intent="create" lastResult={actionData?.intent === "create" ? actionData.result : null} />
          <EntityForm intent="initialise" parents={parents} lastResult={actionData?.intent === "initialise" ? actionData.result : null} />
        </>
      ) : null}
    </div>
  );
}

function EntityForm({
  intent,
  parents,
  lastResult,
}: {
  intent: Intent;
  parents?: { id: number; code: string; name_zh: string; name_en: string }[];
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { t, i18n } = useTranslation("adminData");
  const errorText = useErrorText();
  const [form, fields] = useForm<z.input<typeof DataAreaFormSchema>>({
    id: `data-area-${intent}`,
    lastResult,
    defaultValue: { currency: "CNY", taxRate: "13" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const parentField = fields.parentId;
  const parentError = errorText(parentField.errors);
  const { key: parentKey, ...parentProps } = getSelectProps(parentField);
  const text = intent === "create" ? "dataArea.add" : "dataArea.initialise";
  return (
    <section className="card admin-form" aria-labelledby={`${form.id}-title`}>
      <h2 id={`${form.id}-title`} className="section-title">
        {t(`${text}.title`)}
      </h2>
      <p className="muted small">{t(`${text}.help`)}</p>
      <Form method="post" {...getFormProps(form)} data-testid={form.id}>
        <input type="hidden" name="intent" value={intent} />
        <FormError errors={form.errors} id={form.errorId} />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {parents ? (
            <Field.Root invalid={!!parentError} id={parentField.id} ids={{ errorText: parentField.errorId }}>
              <Field.Label fontWeight="600">{t("dataArea.initialise.parent")}</Field.Label>
              <NativeSelect.Root bg="white">
                <NativeSelect.Field key={parentKey} {...parentProps}>
                  <option value="">{t("dataArea.initialise.chooseParent")}</option>
                  {parents.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.code} · {i18n.language === "en" ? p.name_en : p.name_zh}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {parentError ? <Field.ErrorText>{parentError}</Field.ErrorText> : null}
            </Field.Root>
          ) : null}
          <FormField field={fields.code} label={t("dataArea.fields.code")} required maxLength={20} />
          <EntityTermFields fields={fields} />
        </SimpleGrid>
        <Button type="submit" colorPalette="brand" mt="5">
          {t(`${text}.submit`)}
        </Button>
      </Form>
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
