import { toSearchCode } from "~/modules/search/normalize";

/**
 * Ordering codes as the shop's search and selection read them (decision 045).
 * search: `product.search_code` is the code's normal form (`toSearchCode`); a code must keep at
 * least 3 characters there (the search minimum) and may not share it with another product, or
 * the exact-code stage would answer two products for one code.
 * selection: an ISO 1832 turning insert (`CNMG120408-DM YBC252`) carries its shape, size, nose
 * radius, chip-breaker, grade and fit key in the code; they are derived from it, never typed.
 */
export const ORDERING_CODE_CHARS = /^[A-Z0-9][A-Z0-9 .\-/]*$/;

export interface IsoInsert {
  shape: string;
  clearance: string;
  size: string;
  noseRadius: string | null;
  chipBreaker: string | null;
  grade: string | null;
  fitKey: string;
}

const ISO_INSERT = /^([CDSTVWR])([NBCP])([MGEU])([GMTW])(\d{2})(\d{2}|T3)(\d{2}|MO)(?:-([A-Z0-9]{1,6}))?(?: ([A-Z0-9]{2,12}))?$/;
/** Codes that start like an ISO insert designation (shape + clearance + tolerance + type letters). */
const LOOKS_ISO = /^[CDSTVWR][NBCP][MGEU][GMTW]/;

/** Normalises what was typed: NFKC, upper case, single spaces, trimmed. */
export function cleanOrderingCode(raw: string): string {
  return raw.normalize("NFKC").toUpperCase().replace(/\s+/g, " ").trim();
}

export type CodeCheck = { ok: true; code: string; searchCode: string; iso: IsoInsert | null } | { ok: false; error: string };

/** Checks an ordering code for a product kind; error keys are in the adminCatalog namespace. */
export function checkOrderingCode(raw: string, kind: string): CodeCheck {
  const code = cleanOrderingCode(raw);
  if (!code) return { ok: false, error: "adminCatalog:product.error.codeRequired" };
  if (code.length > 80 || !ORDERING_CODE_CHARS.test(code)) return { ok: false, error: "adminCatalog:product.error.codeChars" };
  const searchCode = toSearchCode(code);
  if (searchCode.length < 3) return { ok: false, error: "adminCatalog:product.error.codeShort" };
  if (kind !== "turning_insert" || !LOOKS_ISO.test(code)) return { ok: true, code, searchCode, iso: null };
  const m = ISO_INSERT.exec(code);
  if (!m) return { ok: false, error: "adminCatalog:product.error.isoInvalid" };
  const [, shape, clearance, , , size, , radius, breaker, grade] = m;
  const round = shape === "R";
  if (round !== (radius === "MO" || radius === "00")) return { ok: false, error: "adminCatalog:product.error.isoInvalid" };
  return {
    ok: true,
    code,
    searchCode,
    iso: {
      shape,
      clearance,
      size,
      noseRadius: round ? null : (Number(radius) / 10).toFixed(1),
      chipBreaker: breaker ?? null,
      grade: grade ?? null,
      fitKey: `${shape}${clearance}${size}`,
    },
  };
}
