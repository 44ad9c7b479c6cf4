import { ATTRIBUTE_NUMBER } from "./attributes";

/**
 * What makes a tool type and an attribute valid (the back-office editor, decision 051 "Editing
 * the types"). Pure: the editor's domain functions refuse anything these find, and the route's
 * form schema reports the same findings on its fields, so both sides read one set of rules.
 */
export const TOOL_TYPE_CODE = /^[a-z0-9_]{1,20}$/;
export const ATTRIBUTE_KEY = /^[a-z0-9_]{1,30}$/;
export const ATTRIBUTE_KINDS = ["number", "choice", "text"] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];

export const NAME_MAX = 60;
export const UNIT_MAX = 10;
export const SORT_MAX = 9999;
export const CHOICES_MIN = 2;
export const CHOICES_MAX = 30;
export const CHOICE_MAX = 50;
/** the stored JSON list (quote_attribute.choices is varchar(1000)) */
export const CHOICES_JSON_MAX = 1000;
/** attributes a type offers at once */
export const ATTRIBUTES_MAX = 30;
/** the largest bound a dealer's number can meet (ATTRIBUTE_NUMBER: six digits, three decimals) */
export const BOUND_MAX = 999_999.999;

export interface ToolTypeInput {
  nameZh: string;
  nameEn: string;
  sort: number;
  active: boolean;
}
export interface NewToolTypeInput extends ToolTypeInput {
  code: string;
}

export interface AttributeInput {
  labelZh: string;
  labelEn: string;
  kind: AttributeKind;
  unit: string | null;
  min: number | null;
  max: number | null;
  choices: string[];
  required: boolean;
}
export interface NewAttributeInput extends AttributeInput {
  key: string;
}

/** The limits as the messages name them: every message of `quotation:types.error` reads its numbers from here. */
export const LIMITS = {
  nameMax: NAME_MAX,
  unitMax: UNIT_MAX,
  sortMax: SORT_MAX,
  choicesMin: CHOICES_MIN,
  choicesMax: CHOICES_MAX,
  choiceMax: CHOICE_MAX,
  attributesMax: ATTRIBUTES_MAX,
};

/** A finding on one field: an i18n key of namespace quotation (its numbers come from LIMITS). */
export interface Problem {
  field: string;
  error: string;
}

const E = "quotation:types.error.";

const name = (field: string, v: string): Problem[] => {
  const s = v.trim();
  if (!s) return [{ field, error: `${E}nameRequired` }];
  return s.length > NAME_MAX ? [{ field, error: `${E}nameTooLong` }] : [];
};

/** The choices typed one per line: trimmed, empty lines dropped. */
export const choiceLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** A bound as the dealer's numbers are written: at most six digits and three decimals, not negative. */
export const isBound = (n: number) => Number.isFinite(n) && n >= 0 && n <= BOUND_MAX && ATTRIBUTE_NUMBER.test(String(n));

export function toolTypeProblems(input: ToolTypeInput & { code?: string }): Problem[] {
  const found: Problem[] = [];
  if (input.code !== undefined && !TOOL_TYPE_CODE.test(input.code)) found.push({ field: "code", error: `${E}codeFormat` });
  found.push(...name("nameZh", input.nameZh), ...name("nameEn", input.nameEn));
  if (!Number.isInteger(input.sort) || input.sort < 0 || input.sort > SORT_MAX) found.push({ field: "sort", error: `${E}sort` });
  return found;
}

/** Only what the kind uses is kept: a unit for any kind, bounds for numbers, choices for a choice. */
export function cleanAttribute<T extends AttributeInput>(input: T): T {
  const unit = input.unit?.trim() || null;
  return {
    ...input,
    labelZh: input.labelZh.trim(),
    labelEn: input.labelEn.trim(),
    unit,
    min: input.kind === "number" ? input.min : null,
    max: input.kind === "number" ? input.max : null,
    choices: input.kind === "choice" ? input.choices.map((c) => c.trim()).filter(Boolean) : [],
  };
}

export function attributeProblems(raw: AttributeInput & { key?: string }): Problem[] {
  const input = cleanAttribute(raw);
  const found: Problem[] = [];
  if (input.key !== undefined && !ATTRIBUTE_KEY.test(input.key)) found.push({ field: "key", error: `${E}keyFormat` });
  found.push(...name("labelZh", input.labelZh), ...name("labelEn", input.labelEn));
  if (!(ATTRIBUTE_KINDS as readonly string[]).includes(input.kind)) found.push({ field: "kind", error: `${E}kind` });
  if (input.unit && input.unit.length > UNIT_MAX) found.push({ field: "unit", error: `${E}unitTooLong` });
  if (input.kind === "number") {
    if (input.min !== null && !isBound(input.min)) found.push({ field: "min", error: `${E}bound` });
    if (input.max !== null && !isBound(input.max)) found.push({ field: "max", error: `${E}bound` });
    if (input.min !== null && input.max !== null && isBound(input.min) && isBound(input.max) && input.min > input.max)
      found.push({ field: "max", error: `${E}minAboveMax` });
  }
  if (input.kind === "choice") {
    const c = input.choices;
    if (c.length < CHOICES_MIN) found.push({ field: "choices", error: `${E}choicesFew` });
    else if (c.length > CHOICES_MAX) found.push({ field: "choices", error: `${E}choicesMany` });
    else if (c.some((x) => x.length > CHOICE_MAX)) found.push({ field: "choices", error: `${E}choiceLong` });
    else if (new Set(c).size !== c.length) found.push({ field: "choices", error: `${E}choiceTwice` });
    else if (JSON.stringify(c).length > CHOICES_JSON_MAX) found.push({ field: "choices", error: `${E}choicesLong` });
  }
  return found;
}
