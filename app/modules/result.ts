/**
 * What a domain function answers when a person may have asked for something that cannot be done:
 * its value, or an error to show them (an i18n key "ns:key" with its values, and the form field it
 * belongs to when it is about one field). No HTTP status numbers: the web layer decides those. An
 * object that is not there for this actor is not a result: the function throws NotFoundError
 * (~/modules/errors), and the route answers 404.
 */
export interface DomainError {
  key: string;
  values?: Record<string, string | number>;
  field?: string;
}

export type Result<T = undefined> = { ok: true; value: T } | { ok: false; error: DomainError };

export function ok(): { ok: true; value: undefined };
export function ok<T>(value: T): { ok: true; value: T };
export function ok<T>(value?: T): { ok: true; value: T | undefined } {
  return { ok: true, value };
}

export function fail(key: string, values?: DomainError["values"], field?: string): { ok: false; error: DomainError } {
  return { ok: false, error: { key, ...(values ? { values } : {}), ...(field ? { field } : {}) } };
}
