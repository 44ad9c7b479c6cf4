import { Field, Input, NativeSelect, Textarea } from "@chakra-ui/react";
import type { FieldMetadata } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { useErrorText } from "~/components/auth/FormField";

/**
 * The back office's form fields (issue 29 item 8, decision 076): Chakra's Field — label, control,
 * hint and error — around Chakra's Input, Textarea or NativeSelect, the same parts as the shop's
 * FormField. The control's id is its name, its error's id `<name>-error`, its hint's
 * `<name>-hint`. Ark's Field links the hint and the error to the control only once it runs in the
 * browser, so the control also names them itself: without JavaScript a screen reader reads them
 * too. No native `required`: as in the shop's forms, the server's messages (in the user's language,
 * not the browser's) are the only ones; the label's mark and `aria-required` say it.
 */
interface FieldProps {
  label: string;
  name: string;
  /** conform's errors of this field (texts already in the user's language) */
  errors?: string[];
  /** a line under the control */
  hint?: ReactNode;
  required?: boolean;
  /** the whole row of the form's grid */
  wide?: boolean;
  /** the control's id when the name is not unique on the page */
  id?: string;
}

function useFieldParts({ name, errors, hint, id }: FieldProps) {
  const error = useErrorText()(errors);
  const controlId = id ?? name;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return { error, controlId, errorId, hintId, describedBy };
}

function AdminFieldShell(props: FieldProps & { parts: ReturnType<typeof useFieldParts>; children: ReactNode }) {
  const { label, hint, required, wide, parts } = props;
  return (
    <Field.Root
      id={parts.controlId}
      ids={{ errorText: parts.errorId, helperText: parts.hintId }}
      invalid={!!parts.error}
      required={required}
      gap="1"
      className={wide ? "admin-field admin-form-wide" : "admin-field"}
    >
      <Field.Label fontWeight="500">
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {props.children}
      {hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
      {parts.error ? <Field.ErrorText data-testid={parts.errorId}>{parts.error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

type InputProps = FieldProps & Omit<ComponentProps<typeof Input>, keyof FieldProps | "size">;

/** A labelled one-line input. */
export function AdminInput({ label, name, errors, hint, required, wide, id, ...control }: InputProps) {
  const field = { label, name, errors, hint, required, wide, id };
  const parts = useFieldParts(field);
  return (
    <AdminFieldShell {...field} parts={parts}>
      <Input size="sm" bg="white" name={name} aria-describedby={parts.describedBy} {...control} required={false} aria-required={required || undefined} />
    </AdminFieldShell>
  );
}

type TextareaProps = FieldProps & Omit<ComponentProps<typeof Textarea>, keyof FieldProps | "size">;

/** A labelled text area. */
export function AdminTextarea({ label, name, errors, hint, required, wide, id, ...control }: TextareaProps) {
  const field = { label, name, errors, hint, required, wide, id };
  const parts = useFieldParts(field);
  return (
    <AdminFieldShell {...field} parts={parts}>
      <Textarea size="sm" bg="white" name={name} aria-describedby={parts.describedBy} {...control} required={false} aria-required={required || undefined} />
    </AdminFieldShell>
  );
}

type SelectProps = FieldProps &
  Omit<ComponentProps<typeof NativeSelect.Field>, keyof FieldProps | "children"> & {
    options: readonly { value: string; label: string }[];
  };

/** A labelled select of fixed options (a native select: it works without JavaScript). */
export function AdminSelect({ label, name, errors, hint, required, wide, id, options, ...control }: SelectProps) {
  const field = { label, name, errors, hint, required, wide, id };
  const parts = useFieldParts(field);
  return (
    <AdminFieldShell {...field} parts={parts}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field bg="white" name={name} aria-describedby={parts.describedBy} {...control} aria-required={required || undefined}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </AdminFieldShell>
  );
}

/**
 * A conform field's name, value and errors as an Admin field takes them: the value typed before a
 * refused post (kept by the reply), else the form's default. (No `key`: these forms are posted and
 * answered by the server, never reset in the browser.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata, of any form
export function fromConform(field: FieldMetadata<any, any, any>) {
  const value = field.initialValue;
  return { name: field.name, defaultValue: typeof value === "string" ? value : undefined, errors: field.errors };
}
