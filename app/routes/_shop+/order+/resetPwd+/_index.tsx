import { Button, Stack } from "@chakra-ui/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, FormField, NewPasswordFields } from "~/components/auth/FormField";
import { AuthCard } from "~/components/auth/ResetSteps";
import { getDb } from "~/db/index.server";
import { readFormData } from "~/utils/form.server";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";
import { requireUser } from "~/utils/guard.server";
import { changePassword } from "~/modules/auth/reset.server";
import { changePasswordSchema } from "~/modules/auth/schemas.server";
import { createSession } from "~/utils/session.server";
import { pageMeta } from "~/utils/meta";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.changePassword");
export const handle = { watermark: true, i18n: ["auth"] };

/** Password change of the signed-in user (spec §2 /order/resetPwd). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, db);
  const submission = parseWithZod(await readFormData(request), { schema: changePasswordSchema });
  const hide = ["oldPassword", "password", "confirmPassword"];
  if (submission.status !== "success") return replyInvalid(request, submission, { hideFields: hide, ns: "auth" });
  const outcome = await changePassword(db, user.id, submission.value);
  if (!outcome.ok) return replyWithError(request, submission, outcome.error, { hideFields: hide });
  // Every session ended (other browsers included); this browser continues on a new one.
  const session = await createSession(db, request, { userId: user.id, tenantId: user.tenantId, clientIp: context.clientIp });
  return redirectWithToast("/order/resetPwd", "auth:changePassword.success", { headers: { "Set-Cookie": session } });
}

export default function ChangePassword() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard title={t("changePassword.title")}>
      <Form method="post" {...getFormProps(form)} data-testid="change-password-form">
        <FormError errors={form.errors} id={form.errorId} />
        <Stack gap="4">
          <FormField
            field={fields.oldPassword}
            label={t("changePassword.old")}
            type="password"
            required
            autoComplete="current-password"
            keepValue={false}
            maxLength={64}
          />
          <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} />
          <Button type="submit" colorPalette="brand">
            {t("changePassword.submit")}
          </Button>
        </Stack>
      </Form>
    </AuthCard>
  );
}
