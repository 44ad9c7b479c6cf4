import { Field, Input } from "@chakra-ui/react";
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";

/**
 * The first error of a field or form. Replies made by ~/utils/reply.server carry texts already in
 * the user's language; a key (older replies: "common:errors.x") is translated here.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation(["auth", "common"]);
  return (errors: string[] | undefined, values?: Record<string, unknown>) => {
    if (!errors || !errors.length) return undefined;
    return i18n.exists(errors[0], { ns: ["auth", "common"] }) ? t(errors[0], values) : errors[0];
  };
}

interface Props {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: FieldMetadata<any, any, any>;
  label: string;
  type?: "text" | "password" | "email" | "tel" | "number";
  autoComplete?: string;
  required?: boolean;
  helper?: string;
  placeholder?: string;
  inputMode?: "numeric" | "text" | "decimal" | "tel" | "email";
  maxLength?: number;
  /** show the value typed before (never for passwords) */
  keepValue?: boolean;
}

/**
 * One labelled input of a conform form, with its error text under it. No native `required`
 * or `pattern` attributes: the server's messages (in the user's language) are the only ones.
 */
export function FormField({ field, label, type = "text", autoComplete, required, helper, placeholder, inputMode, maxLength, keepValue = true }: Props) {
  const errorText = useErrorText();
  const error = errorText(field.errors);
  const { key, ...props } = getInputProps(field, { type });
  if (!keepValue) delete (props as { defaultValue?: unknown }).defaultValue;
  return (
    // Ark's field takes the control's id as `id` (its `ids.control` names the wrapper), so the label
    // points at the input conform renders, and the wrapper does not repeat the input's id.
    <Field.Root invalid={!!error} id={field.id} ids={{ errorText: field.errorId, helperText: field.descriptionId }}>
      <Field.Label fontWeight="600">
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        ) : null}
      </Field.Label>
      <Input
        key={key}
        {...props}
        required={false}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        maxLength={maxLength}
        bg="white"
        aria-required={required || undefined}
      />
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/**
 * A new password typed twice (password reset, change of password, a sub-account): never shown
 * again after a refused post. `helper` under the first field, the password rule unless told.
 */
export function NewPasswordFields({
  password,
  confirm,
  required = true,
  helper,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  password: FieldMetadata<any, any, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  confirm: FieldMetadata<any, any, any>;
  required?: boolean;
  helper?: string;
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <FormField
        field={password}
        label={t("password.new")}
        type="password"
        required={required}
        autoComplete="new-password"
        helper={helper ?? t("password.rule")}
        keepValue={false}
        maxLength={64}
      />
      <FormField
        field={confirm}
        label={t("password.confirm")}
        type="password"
        required={required}
        autoComplete="new-password"
        keepValue={false}
        maxLength={64}
      />
    </>
  );
}

/** The form-level error (e.g. 'please enter correct login information'), announced to screen readers. */
export function FormError({ errors, values, id }: { errors?: string[]; values?: Record<string, unknown>; id?: string }) {
  const errorText = useErrorText();
  const text = errorText(errors, values);
  if (!text) return null;
  return (
    <p className="message message-error" role="alert" id={id} data-testid="form-error">
      {text}
    </p>
  );
}
