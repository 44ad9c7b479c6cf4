import { json } from "@remix-run/node";
import type { DomainError } from "~/modules/result";
import { getFixedT } from "~/i18n/i18n.server";
import { requestLanguage } from "~/utils/language.server";

/**
 * A form-level error before there is a submission to reply to: an upload refused while reading the
 * request (too large, not multipart), so parseWithZod never ran. The same shape as
 * `submission.reply({ formErrors })` (conform's SubmissionResult), translated on the server like
 * ~/utils/reply.server's replies; the form's values are not kept (there were none to read).
 */
export async function replyFormError(request: Request, error: DomainError, init?: { status?: number }) {
  const t = getFixedT(await requestLanguage(request));
  const text = t(error.key, error.values ?? {}) as string;
  return json({ result: { status: "error" as const, error: { "": [text] } } }, { status: init?.status ?? 400 });
}
