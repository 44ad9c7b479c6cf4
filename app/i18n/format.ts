import type { Language } from "./config";

/**
 * Formatting of money, dates and relative times for both languages.
 * Pure functions (no server-only imports) so the browser may use them too.
 */

/** The shop's business time zone: dates are stored in UTC and shown in this zone. */
export const shopTimeZone = "Asia/Shanghai";
/** Its offset from UTC (China keeps no daylight saving): times typed without a zone are China time. */
export const SHOP_UTC_OFFSET = "+08:00";
const SHOP_UTC_OFFSET_MS = 8 * 3_600_000;

/** The shop's day (YYYY-MM-DD, China time) of an instant: today by default. */
export function shopToday(now: Date | number = Date.now()): string {
  return new Date(Number(now) + SHOP_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The shop's month (YYYY-MM) of an instant. */
export const shopMonth = (now: Date | number = Date.now()) => shopToday(now).slice(0, 7);

/** The shop's day as it stands in document numbers (YYMMDD). */
export const shopDateCode = (now: Date | number = Date.now()) => shopToday(now).slice(2).replaceAll("-", "");

/** The instant (ISO, UTC) a shop day (YYYY-MM-DD) begins, or the day `days` later: `shopDayStart(to, 1)` ends a range that includes `to`. */
export function shopDayStart(day: string, days = 0): string {
  return new Date(Date.parse(`${day}T00:00:00${SHOP_UTC_OFFSET}`) + days * 86_400_000).toISOString();
}

const intlLocale = (lang: Language) => (lang === "zh" ? "zh-CN" : "en-US");

// Intl formatters are expensive to create (a product list formats hundreds of values): keep them.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Money in minor units (fen / cents) → "¥1,234.50" (zh) / "CN¥1,234.50" (en). */
export function formatMoney(minor: number, currency: string, lang: Language): string {
  const key = `${lang}:${currency}`;
  let f = moneyFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(lang), { style: "currency", currency, minimumFractionDigits: 2 });
    moneyFormats.set(key, f);
  }
  return f.format(minor / 100);
}

const groupedAmount = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount in minor units without a currency sign: "1,234.50" in tables, "1234.50" with
 * `{ grouped: false }` (a money field's value, a text); "" for none.
 */
export function formatAmount(minor: number | null | undefined, opts: { grouped?: boolean } = {}): string {
  if (minor === null || minor === undefined) return "";
  return opts.grouped === false ? (minor / 100).toFixed(2) : groupedAmount.format(minor / 100);
}

/** An amount in minor units as a number of major units, for a spreadsheet cell (123450 → 1234.5). */
export const amountValue = (minor: number) => Math.round(minor) / 100;

/**
 * The values of a rule message ({ key, values }) ready to show: amounts of the credit and
 * minimum-amount rules (minor units) as money; other values as they are.
 */
export function ruleValues(key: string, values: Record<string, string | number> | undefined, currency: string, lang: Language) {
  const shown: Record<string, string | number> = { ...(values ?? {}) };
  if (/credit|Amount/i.test(key)) {
    for (const k of ["available", "min"]) if (typeof shown[k] === "number") shown[k] = formatMoney(shown[k] as number, currency, lang);
  }
  return shown;
}

const dateParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: shopTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

type DateParts = Record<"year" | "month" | "day" | "hour" | "minute", string>;
function parts(date: Date): DateParts {
  return Object.fromEntries(dateParts.formatToParts(date).map((x) => [x.type, x.value])) as DateParts;
}

/** A date as YYYY-MM-DD in the shop's time zone (the same in both languages: unambiguous for B2B). */
export function formatDate(value: string | Date): string {
  // A date without a time (an ESD) is already a calendar date of the shop: shown as it is.
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const p = parts(typeof value === "string" ? new Date(value) : value);
  return `${p.year}-${p.month}-${p.day}`;
}

export function formatDateTime(value: string | Date, separator = " "): string {
  const p = parts(typeof value === "string" ? new Date(value) : value);
  return `${p.year}-${p.month}-${p.day}${separator}${p.hour}:${p.minute}`;
}

/**
 * Relative time per spec §9: under 30 s "just now"; under an hour in minutes; under a day in
 * hours; under 2 days "1 day"; older: the date and time. Rounds up, as the legacy shop did.
 */
export function timeAgo(value: string | Date, lang: Language, now: Date = new Date()): string {
  const then = typeof value === "string" ? new Date(value) : value;
  const seconds = (now.getTime() - then.getTime()) / 1000;
  const zh = lang === "zh";
  if (seconds < 30) return zh ? "刚刚" : "just now";
  if (seconds < 3600) {
    const n = Math.ceil(seconds / 60);
    return zh ? `${n}分钟前` : `${n} minute${n === 1 ? "" : "s"} ago`;
  }
  if (seconds < 86400) {
    const n = Math.ceil(seconds / 3600);
    return zh ? `${n}小时前` : `${n} hour${n === 1 ? "" : "s"} ago`;
  }
  if (seconds < 2 * 86400) return zh ? "1天前" : "1 day ago";
  return formatDateTime(then);
}

/** Badge text: counts above 99 show as "99+" (spec §9). */
export function badgeCount(n: number): string {
  return n > 99 ? "99+" : String(n);
}
