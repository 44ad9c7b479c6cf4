/**
 * The attributes of a tool type (decision 051; the ERP's `cutternonstdquotation/GetAttr`) and the
 * check of a dealer's values against them. Pure functions: the server validates every request
 * with them; the form reads the same definitions to draw its fields.
 */
export interface AttributeDef {
  key: string;
  labelZh: string;
  labelEn: string;
  kind: "number" | "choice" | "text";
  unit: string | null;
  min: number | null;
  max: number | null;
  choices: string[];
  required: boolean;
}

export interface AttributeError {
  key: string;
  values?: Record<string, string | number>;
}

export const ATTRIBUTE_TEXT_MAX = 100;
/** A dealer's number: at most six digits and three decimals, not negative (the editor's bounds too). */
export const ATTRIBUTE_NUMBER = /^\d{1,6}(\.\d{1,3})?$/;

/** The dealer's values (strings from the form) checked against the type's attributes: cleaned values, or an error per attribute. */
export function validateAttributes(
  defs: AttributeDef[],
  raw: Record<string, string | undefined>,
): { ok: true; values: Record<string, string> } | { ok: false; errors: Record<string, AttributeError> } {
  const values: Record<string, string> = {};
  const errors: Record<string, AttributeError> = {};
  for (const d of defs) {
    const v = (raw[d.key] ?? "").trim();
    if (!v) {
      if (d.required) errors[d.key] = { key: "quotation:error.attrRequired" };
      continue;
    }
    if (d.kind === "number") {
      if (!ATTRIBUTE_NUMBER.test(v)) {
        errors[d.key] = { key: "quotation:error.attrNumber" };
        continue;
      }
      const n = Number(v);
      if ((d.min !== null && n < d.min) || (d.max !== null && n > d.max)) {
        errors[d.key] = { key: "quotation:error.attrRange", values: { min: d.min ?? 0, max: d.max ?? "∞", unit: d.unit ?? "" } };
        continue;
      }
      values[d.key] = String(n);
    } else if (d.kind === "choice") {
      if (!d.choices.includes(v)) {
        errors[d.key] = { key: "quotation:error.attrChoice" };
        continue;
      }
      values[d.key] = v;
    } else {
      if (v.length > ATTRIBUTE_TEXT_MAX) {
        errors[d.key] = { key: "quotation:error.attrTooLong", values: { max: ATTRIBUTE_TEXT_MAX } };
        continue;
      }
      values[d.key] = v;
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}

/** "Shape C 80° · Size 12 mm · …" in one language (the non-standard item's specification). */
export function attributeSummary(defs: AttributeDef[], values: Record<string, string>, lang: "zh" | "en"): string {
  return defs
    .filter((d) => values[d.key] !== undefined)
    .map((d) => `${lang === "en" ? d.labelEn : d.labelZh} ${values[d.key]}${d.unit ? (d.unit === "°" ? d.unit : ` ${d.unit}`) : ""}`)
    .join(" · ");
}
