import { Button, Stack } from "@chakra-ui/react";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, FormField } from "~/components/auth/FormField";
import { AuthCard, ResetSteps } from "~/components/auth/ResetSteps";
import { getDb } from "~/db/index.server";
import { readFormData } from "~/utils/form.server";
import { readFlowToken, resetFlowCookie } from "~/utils/reset-flow.server";
import { verifySmsCode } from "~/modules/auth/reset.server";
import { SMS_CODE_MINUTES } from "~/modules/auth/rules";
import { resetCodeSchema } from "~/modules/auth/schemas.server";
import { pageMeta } from "~/utils/meta";
import { replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["auth"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.resetPassword");

/** Reset step 2 by mobile (public): the 6-digit code sent by SMS, limited attempts. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await readFlowToken(request))) throw redirect("/order/resetPwd/first");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const flow = await readFlowToken(request);
  if (!flow) return redirect("/order/resetPwd/first");
  const submission = parseWithZod(await readFormData(request), { schema: resetCodeSchema });
  if (submission.status !== "success") return replyInvalid(request, submission, { ns: "auth" });
  const check = await verifySmsCode(getDb(), flow, submission.value.smsCode);
  if (!check.ok) return replyWithError(request, submission, check.error, { hideFields: ["smsCode"] });
  return redirect(`/order/resetPwd/thirdReset?token=${check.value}`, {
    headers: { "Set-Cookie": await resetFlowCookie.serialize("", { maxAge: 0 }) },
  });
}

export default function ResetSecondMobile() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "reset-mobile",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard title={t("reset.title")}>
      <ResetSteps current={1} />
      <p className="auth-hint" data-testid="reset-sms-sent">
        {t("reset.smsSent", { minutes: SMS_CODE_MINUTES })}
      </p>
      <Form method="post" {...getFormProps(form)}>
        <FormError errors={form.errors} id={form.errorId} />
        <Stack gap="4">
          <FormField
            field={fields.smsCode}
            label={t("reset.smsCode")}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            keepValue={false}
          />
          <Button type="submit" colorPalette="brand">
            {t("reset.next")}
          </Button>
          <Link to="/order/resetPwd/first" className="text-link">
            {t("reset.again")}
          </Link>
        </Stack>
      </Form>
    </AuthCard>
  );
}
