import { Button, Stack } from "@chakra-ui/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, FormField, useErrorText } from "~/components/auth/FormField";
import { AuthCard, ResetSteps } from "~/components/auth/ResetSteps";
import { getDb } from "~/db/index.server";
import { readFormData } from "~/utils/form.server";
import { publicBaseUrl, resetDeps } from "~/modules/auth/reset-deps.server";
import { requestLanguage } from "~/utils/language.server";
import { resetFlowCookie } from "~/utils/reset-flow.server";
import { requestPasswordReset } from "~/modules/auth/reset.server";
import { resetFirstSchema } from "~/modules/auth/schemas.server";
import { pageMeta } from "~/utils/meta";
import { replyInvalid } from "~/utils/reply.server";

export const handle = { i18n: ["auth"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.resetPassword");

/** Reset step 1 (public): identify the account, then choose e-mail or mobile. */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: resetFirstSchema });
  if (submission.status !== "success") return replyInvalid(request, submission, { ns: "auth" });
  const lang = await requestLanguage(request);
  const outcome = await requestPasswordReset(
    getDb(),
    { code: submission.value.code, channel: submission.value.channel, baseUrl: publicBaseUrl() },
    resetDeps(lang),
  );
  if (outcome.channel === "email") return redirect("/order/resetPwd/secondEmail");
  return redirect("/order/resetPwd/secondMobile", { headers: { "Set-Cookie": await resetFlowCookie.serialize(outcome.flowToken) } });
}

export default function ResetFirst() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const [form, fields] = useForm<{ code: string; channel: string }>({
    id: "reset-first",
    lastResult: actionData?.result,
    defaultValue: { channel: "email" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const channelError = errorText(fields.channel.errors);
  const channel = (fields.channel.initialValue as string | undefined) ?? "email";
  return (
    <AuthCard title={t("reset.title")}>
      <ResetSteps current={1} />
      <Form method="post" {...getFormProps(form)} data-testid="reset-first-form">
        <FormError errors={form.errors} id={form.errorId} />
        <Stack gap="4">
          <FormField field={fields.code} label={t("login.code")} required autoComplete="username" placeholder={t("login.codePlaceholder")} maxLength={20} />
          <fieldset className="choice-group" aria-describedby={channelError ? fields.channel.errorId : undefined}>
            <legend>{t("reset.channel")}</legend>
            <label>
              <input type="radio" name={fields.channel.name} value="email" defaultChecked={channel === "email"} /> {t("reset.byEmail")}
            </label>
            <label>
              <input type="radio" name={fields.channel.name} value="mobile" defaultChecked={channel === "mobile"} /> {t("reset.byMobile")}
            </label>
            {channelError ? (
              <p className="field-error" id={fields.channel.errorId}>
                {channelError}
              </p>
            ) : null}
          </fieldset>
          <Button type="submit" colorPalette="brand">
            {t("reset.next")}
          </Button>
          <Link to="/shop_login" className="text-link">
            {t("reset.backToLogin")}
          </Link>
        </Stack>
      </Form>
    </AuthCard>
  );
}
