import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AdminInput, AdminSelect, AdminTextarea, fromConform } from "~/components/admin/AdminField";
import { useErrorText } from "~/components/auth/FormField";
import { ATTRIBUTE_KINDS, LIMITS } from "~/modules/quotation/tool-type-rules";

/**
 * The forms of the tool type editor (decision 051): a type's basics (the list page adds one, the
 * type page edits one) and an attribute (added and edited on their own pages). Conform forms that
 * post without JavaScript; the server's messages, with the limits they name, show under the fields.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's field metadata, as the helpers take it
type Field = FieldMetadata<any, any, any>;

function Hint({ id, text }: { id: string; text?: string }) {
  return text ? (
    <small className="admin-muted" id={id}>
      {text}
    </small>
  ) : null;
}

/** A labelled input of a conform field, with an optional hint and its error. */
function TextInput({
  field,
  label,
  hint,
  maxLength,
  inputMode,
  wide,
  required,
}: {
  field: Field;
  label: string;
  hint?: string;
  maxLength: number;
  inputMode?: "decimal" | "numeric";
  wide?: boolean;
  required?: boolean;
}) {
  return (
    <AdminInput id={field.id} label={label} {...fromConform(field)} hint={hint} maxLength={maxLength} inputMode={inputMode} wide={wide} required={required} />
  );
}

function Check({ field, label, hint }: { field: Field; label: string; hint?: string }) {
  const hintId = `${field.id}-hint`;
  return (
    <div className="admin-field admin-form-wide">
      <label className="admin-check">
        <input {...getInputProps(field, { type: "checkbox", ariaDescribedBy: hint ? hintId : undefined })} key={field.key} />
        {label}
      </label>
      <Hint id={hintId} text={hint} />
    </div>
  );
}

function FormShell({
  id,
  lastResult,
  defaultValue,
  testId,
  children,
  actions,
}: {
  id: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue: Record<string, string | undefined>;
  testId: string;
  children: (fields: Record<string, Field>) => ReactNode;
  actions: ReactNode;
}) {
  const { t } = useTranslation("quotation");
  const errorText = useErrorText();
  const [form, fields] = useForm({ id, lastResult, defaultValue, shouldValidate: "onSubmit" });
  const failed = Object.values(form.allErrors).some((e) => e.length);
  return (
    <Form method="post" {...getFormProps(form)} className="admin-form admin-form-top" data-testid={testId}>
      {failed ? (
        <p className="message message-error admin-form-wide" role="alert" data-testid="form-error">
          {errorText(form.errors) ?? t("types.error.form")}
        </p>
      ) : null}
      {children(fields)}
      <div className="admin-form-actions">{actions}</div>
    </Form>
  );
}

export interface TypeBasics {
  code?: string;
  nameZh: string;
  nameEn: string;
  sort: number;
  active: boolean;
}

/** Add a tool type (with its code) or edit one's names, order and state (the code shown, not posted). */
export function ToolTypeForm({ type, lastResult, submitLabel }: { type: TypeBasics | null; lastResult?: SubmissionResult<string[]>; submitLabel: string }) {
  const { t } = useTranslation("quotation");
  const defaultValue = type
    ? { nameZh: type.nameZh, nameEn: type.nameEn, sort: String(type.sort), active: type.active ? "on" : "" }
    : { sort: "100", active: "on" };
  return (
    <FormShell
      id={type ? "tool-type" : "tool-type-new"}
      lastResult={lastResult}
      defaultValue={defaultValue}
      testId={type ? "type-form" : "type-new"}
      actions={
        <button type="submit" className="btn">
          {submitLabel}
        </button>
      }
    >
      {(fields) => (
        <>
          {type ? (
            <input type="hidden" name="intent" value="type" />
          ) : (
            <TextInput field={fields.code} label={t("types.code")} hint={t("types.codeHint")} maxLength={20} required />
          )}
          <TextInput field={fields.nameZh} label={t("types.nameZh")} maxLength={LIMITS.nameMax} required />
          <TextInput field={fields.nameEn} label={t("types.nameEn")} maxLength={LIMITS.nameMax} required />
          <TextInput field={fields.sort} label={t("types.sort")} hint={t("types.sortHint")} maxLength={4} inputMode="numeric" required />
          <Check field={fields.active} label={t("types.active")} hint={t("types.activeHint")} />
        </>
      )}
    </FormShell>
  );
}

export interface AttributeValues {
  key: string;
  labelZh: string;
  labelEn: string;
  kind: string;
  unit: string | null;
  min: number | null;
  max: number | null;
  choices: string[];
  required: boolean;
}

/** Add an attribute (with its key) or edit one (the key fixed). Bounds are for numbers, choices for a choice. */
export function ToolAttributeForm({
  attribute,
  lastResult,
  cancelTo,
}: {
  attribute: AttributeValues | null;
  lastResult?: SubmissionResult<string[]>;
  cancelTo: string;
}) {
  const { t } = useTranslation("quotation");
  const a = attribute;
  const defaultValue = a
    ? {
        labelZh: a.labelZh,
        labelEn: a.labelEn,
        kind: a.kind,
        unit: a.unit ?? "",
        min: a.min === null ? "" : String(a.min),
        max: a.max === null ? "" : String(a.max),
        choices: a.choices.join("\n"),
        required: a.required ? "on" : "",
      }
    : { kind: "number", required: "on" };
  return (
    <FormShell
      id={a ? "tool-attribute" : "tool-attribute-new"}
      lastResult={lastResult}
      defaultValue={defaultValue}
      testId="attribute-form"
      actions={
        <>
          <button type="submit" className="btn">
            {t("types.save")}
          </button>
          <Link to={cancelTo} className="btn btn-outline">
            {t("types.cancel")}
          </Link>
        </>
      }
    >
      {(fields) => (
        <>
          {a ? null : <TextInput field={fields.key} label={t("types.key")} hint={t("types.keyHint")} maxLength={30} required />}
          <TextInput field={fields.labelZh} label={t("types.labelZh")} maxLength={LIMITS.nameMax} required />
          <TextInput field={fields.labelEn} label={t("types.labelEn")} maxLength={LIMITS.nameMax} required />
          <AdminSelect
            id={fields.kind.id}
            label={t("types.kind")}
            {...fromConform(fields.kind)}
            options={ATTRIBUTE_KINDS.map((k) => ({ value: k, label: t(`types.kindLabel.${k}`) }))}
          />
          <TextInput field={fields.unit} label={t("types.unit")} hint={t("types.unitHint")} maxLength={LIMITS.unitMax} />
          <TextInput field={fields.min} label={t("types.min")} hint={t("types.boundsHint")} maxLength={10} inputMode="decimal" />
          <TextInput field={fields.max} label={t("types.max")} hint={t("types.boundsHint")} maxLength={10} inputMode="decimal" />
          <AdminTextarea
            id={fields.choices.id}
            label={t("types.choices")}
            {...fromConform(fields.choices)}
            hint={t("types.choicesHint", LIMITS)}
            rows={5}
            wide
          />
          <Check field={fields.required} label={t("types.required")} />
        </>
      )}
    </FormShell>
  );
}

/** An attribute's page: back to its type, the heading, what the page says first, the form. */
export function ToolAttributePage({
  type,
  heading,
  attribute,
  lastResult,
  children,
}: {
  type: { id: number; nameZh: string; nameEn: string };
  heading: (typeName: string) => string;
  attribute: AttributeValues | null;
  lastResult?: SubmissionResult<string[]>;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation("quotation");
  const name = i18n.language === "en" ? type.nameEn : type.nameZh;
  const back = `/system/quotationToolType/${type.id}`;
  return (
    <div className="admin-page">
      <p>
        <Link to={back}>← {t("types.backToType", { type: name })}</Link>
      </p>
      <h1>{heading(name)}</h1>
      {children}
      <ToolAttributeForm attribute={attribute} lastResult={lastResult} cancelTo={back} />
    </div>
  );
}
