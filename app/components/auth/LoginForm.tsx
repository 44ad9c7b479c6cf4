import { Button, Stack } from "@chakra-ui/react";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, FormField } from "./FormField";

export interface LoginFormProps {
  remembered: { dataareacode: string; code: string };
  captchaImage: string | null;
  redirect: string | null;
  notLoggedIn: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  /** the back office's sign-in speaks to staff (employee codes), the shop's to dealers */
  staff?: boolean;
}

/** The login form shared by /shop_login and /login: a plain POST form that works without JS. */
export function LoginForm({ remembered, captchaImage, redirect, notLoggedIn, lastResult, staff = false }: LoginFormProps) {
  const { t } = useTranslation("auth");
  const { t: tc } = useTranslation("common");
  const location = useLocation();
  const navigation = useNavigation();
  const expired = new URLSearchParams(location.search).get("expired") === "1";
  const captchaOn = !!captchaImage;
  // No onValidate: the action validates (loginSchema), so zod stays on the server (decision 041).
  const [form, fields] = useForm<{ dataareacode: string; code: string; password: string; captcha: string; redirect: string }>({
    id: "login",
    lastResult,
    defaultValue: { dataareacode: remembered.dataareacode, code: remembered.code },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="login-form" data-testid="login-form">
      {notLoggedIn && !form.errors ? (
        <p className="message message-warning" role="status" data-testid="not-logged-in">
          {/* a session that ran out (the guard's expired=1): the spec's expired-login text */}
          {tc(expired ? "errors.loginExpired" : "errors.notLoggedIn")}
        </p>
      ) : null}
      <FormError errors={form.errors} id={form.errorId} />
      <Stack gap="4">
        <FormField field={fields.dataareacode} label={t("login.company")} helper={t("login.companyHelp")} autoComplete="organization" maxLength={20} />
        <FormField
          field={fields.code}
          label={t("login.code")}
          required
          autoComplete="username"
          placeholder={t(staff ? "login.staffCodePlaceholder" : "login.codePlaceholder")}
          maxLength={20}
        />
        <FormField
          field={fields.password}
          label={t("login.password")}
          type="password"
          required
          autoComplete="current-password"
          keepValue={false}
          maxLength={64}
        />
        {captchaOn ? (
          <div className="captcha-row">
            <FormField field={fields.captcha} label={t("login.captcha")} required autoComplete="off" keepValue={false} maxLength={8} />
            <div className="captcha-image">
              <img src={captchaImage} alt={t("login.captchaAlt")} width={120} height={40} data-testid="captcha-image" />
              <Link to={location.pathname + location.search} replace className="captcha-refresh">
                {t("login.captchaRefresh")}
              </Link>
            </div>
          </div>
        ) : null}
        {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
        <Button type="submit" size="lg" colorPalette="brand" width="full" loading={navigation.state === "submitting"}>
          {t("login.submit")}
        </Button>
        <div className="login-links">
          <Link to="/order/resetPwd/first">{t("login.forgot")}</Link>
        </div>
      </Stack>
    </Form>
  );
}
