/**
 * Formula-injection neutralisation for exports: a text cell that starts with = + - @ (or a
 * tab / carriage return, which some programs strip first) is prefixed with an apostrophe, so a
 * spreadsheet shows it as text and never runs it. Numbers stay numbers.
 */
export function neutralise<T>(value: T): T | string {
  if (typeof value !== "string") return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function neutraliseRow(values: unknown[]): unknown[] {
  return values.map(neutralise);
}
