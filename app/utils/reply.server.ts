import type { Submission, SubmissionResult } from "@conform-to/react";
import { json, redirect } from "@remix-run/node";
import type { TFunction } from "i18next";
import type { DomainError } from "~/modules/result";
import { getFixedT } from "~/i18n/i18n.server";
import { requestLanguage } from "~/utils/language.server";
import { setToast, type Toast } from "~/utils/cookies.server";

/**
 * The one way an action answers a form (decision 060): a `submission.reply()` whose errors are
 * texts in the user's language, shown by conform's `useForm` (FormError / FormField), or a redirect
 * with a toast. Zod's messages and domain errors are i18n keys; they are translated here, on the
 * server, so that a message with values ("at least {{min}} pieces") reads the same with or without
 * JavaScript.
 */
async function translator(request: Request, ns?: string) {
  return getFixedT(await requestLanguage(request), ns);
}

function translateResult(result: SubmissionResult<string[]>, t: TFunction, values: Record<string, string | number> = {}) {
  if (!result.error) return result;
  const error: Record<string, string[] | null> = {};
  for (const [name, messages] of Object.entries(result.error)) error[name] = messages ? messages.map((m) => t(m, values) as string) : messages;
  return { ...result, error };
}

/**
 * What a reply may carry besides the form's result: `data`, more of the page's answer beside
 * `result` (the sign-in page's next verification code), and `headers` (a cookie, no-store).
 */
interface ReplyExtras<D> {
  data?: D;
  headers?: HeadersInit;
  status?: number;
}

/**
 * The form comes back with zod's field errors (400), its values kept. `values` fill the messages'
 * placeholders ("at most {{max}} characters"); `hideFields` are not sent back (passwords); `ns` is
 * the namespace of a schema whose messages are keys without one (the `auth` schemas: "validation.x").
 */
export async function replyInvalid<D extends object = Record<never, never>>(
  request: Request,
  submission: Submission<unknown>,
  init?: { values?: Record<string, string | number>; hideFields?: string[]; ns?: string } & ReplyExtras<D>,
) {
  const t = await translator(request, init?.ns);
  const result = translateResult(submission.reply({ hideFields: init?.hideFields }), t, init?.values);
  return json({ ...(init?.data as D), result }, { status: init?.status ?? 400, headers: init?.headers });
}

/** The form comes back with one domain error on its field, or above the form (400). `ns` as for replyInvalid. */
export async function replyWithError<D extends object = Record<never, never>>(
  request: Request,
  submission: Submission<unknown>,
  error: DomainError,
  init?: { resetForm?: boolean; hideFields?: string[]; ns?: string } & ReplyExtras<D>,
) {
  return replyWithErrors(request, submission, [error], init);
}

/** Several domain errors at once (each attribute of a request, say), each on its field or above the form (400). */
export async function replyWithErrors<D extends object = Record<never, never>>(
  request: Request,
  submission: Submission<unknown>,
  errors: DomainError[],
  init?: { resetForm?: boolean; hideFields?: string[]; ns?: string } & ReplyExtras<D>,
) {
  const t = await translator(request, init?.ns);
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const error of errors) {
    const text = t(error.key, error.values ?? {}) as string;
    if (error.field) (fieldErrors[error.field] ??= []).push(text);
    else formErrors.push(text);
  }
  const reply = submission.reply({
    formErrors: formErrors.length ? formErrors : undefined,
    fieldErrors,
    resetForm: init?.resetForm,
    hideFields: init?.hideFields,
  });
  return json({ ...(init?.data as D), result: reply }, { status: init?.status ?? 400, headers: init?.headers });
}

/**
 * A form that could not be read at all (too large, not multipart): one error above the form, in
 * the shape conform's `useForm` takes as `lastResult` (nothing of the form to keep).
 */
export async function replyUnreadable(request: Request, error: DomainError, status = 400) {
  const t = await translator(request);
  const result: SubmissionResult<string[]> = { status: "error", error: { "": [t(error.key, error.values ?? {}) as string] } };
  return json({ result }, { status });
}

/** Done: on to the next page, which shows the toast once (a signed cookie, so it works without JavaScript). */
export async function redirectWithToast(url: string, toast: Toast | string, init?: { headers?: HeadersInit }) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await setToast(typeof toast === "string" ? { key: toast } : toast));
  return redirect(url, { headers });
}
