import { Button, SimpleGrid } from "@chakra-ui/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { DataAreaEditSchema } from "./system.schemas.server";
import { EntityTermFields } from "~/components/admin/EntityTermFields";
import { FormError } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import { getDataArea, updateDataArea } from "~/modules/admin/data-areas.server";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { redirectWithToast, replyInvalid } from "~/utils/reply.server";
import { dataAreaMeta, idParam } from "./__dataArea";

export const handle = { i18n: ["adminData", "auth"] };

export const meta: MetaFunction = ({ matches }) => dataAreaMeta(matches, "editTitle");

/** Hundredths (fen, basis points) as the form shows them: 1250 → "12.5". */
const fromHundredths = (n: number) => String(n / 100);

/** Edit a company entity (spec /basedataarea/update): names, currency, tax and shipping terms. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  await requireStaff(request, "sys:dataArea:edit", db);
  const id = idParam(params.id) ?? notFound();
  const { tenant } = await notFoundWhenMissing(() => getDataArea(db, id));
  return { tenant };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "sys:dataArea:edit", db);
  const id = idParam(params.id) ?? notFound();
  const submission = parseWithZod(await readFormData(request), { schema: DataAreaEditSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const { taxRate, ...value } = submission.value;
  await notFoundWhenMissing(() => updateDataArea(db, { id: user.id, code: user.code, tenantId: user.tenantId }, id, { ...value, taxRateBp: taxRate }));
  return redirectWithToast(`/system/dataArea/${id}`, "adminData:dataArea.edit.saved");
}

export default function DataAreaEdit() {
  const { tenant } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("adminData");
  const [form, fields] = useForm<z.input<typeof DataAreaEditSchema>>({
    id: "data-area-edit",
    lastResult: actionData?.result,
    defaultValue: {
      nameZh: tenant.name_zh,
      nameEn: tenant.name_en,
      showNameZh: tenant.show_name_zh,
      showNameEn: tenant.show_name_en,
      currency: tenant.currency,
      taxRate: fromHundredths(tenant.tax_rate_bp),
      freeShippingAmount: fromHundredths(tenant.free_shipping_amount),
      shippingFee: fromHundredths(tenant.shipping_fee),
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="admin-page">
      <p>
        <Link to={`/system/dataArea/${tenant.id}`}>{t("dataArea.edit.back", { code: tenant.code })}</Link>
      </p>
      <h1 className="page-title">{t("dataArea.edit.title", { code: tenant.code })}</h1>
      <section className="card admin-form">
        <Form method="post" {...getFormProps(form)}>
          <FormError errors={form.errors} id={form.errorId} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <EntityTermFields fields={fields} />
          </SimpleGrid>
          <Button type="submit" colorPalette="brand" mt="5">
            {t("dataArea.edit.submit")}
          </Button>
        </Form>
      </section>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
