import { Button, Stack } from "@chakra-ui/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, NewPasswordFields } from "~/components/auth/FormField";
import { AuthCard, ResetSteps } from "~/components/auth/ResetSteps";
import { getDb } from "~/db/index.server";
import { readFormData } from "~/utils/form.server";
import { checkResetToken, resetPasswordWithToken } from "~/modules/auth/reset.server";
import { resetPasswordSchema } from "~/modules/auth/schemas.server";
import { pageMeta } from "~/utils/meta";
import { replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["auth"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.setNewPassword");

/** Reset step 3 (public): the new password, typed twice, with the token of the link or SMS step. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token")?.slice(0, 200) ?? "";
  const valid = await checkResetToken(getDb(), token);
  return json({ token: valid ? token : null }, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return replyInvalid(request, submission, { hideFields: ["password", "confirmPassword"], ns: "auth" });
  }
  const reset = await resetPasswordWithToken(getDb(), submission.value.token, submission.value.password);
  if (!reset.ok) return replyWithError(request, submission, reset.error, { hideFields: ["password", "confirmPassword"] });
  return redirect("/order/resetPwd/resetFinish");
}

export default function ResetThird() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "reset-third",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard title={t("reset.title")}>
      <ResetSteps current={2} />
      {token ? (
        <Form method="post" {...getFormProps(form)} data-testid="reset-third-form">
          <FormError errors={form.errors} id={form.errorId} />
          <input type="hidden" name="token" value={token} />
          <Stack gap="4">
            <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} />
            <Button type="submit" colorPalette="brand">
              {t("reset.submit")}
            </Button>
          </Stack>
        </Form>
      ) : (
        <>
          <p className="message message-error" role="alert" data-testid="reset-link-invalid">
            {t("reset.linkInvalid")}
          </p>
          <Link to="/order/resetPwd/first" className="text-link">
            {t("reset.again")}
          </Link>
        </>
      )}
    </AuthCard>
  );
}
