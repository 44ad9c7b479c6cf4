import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { DB } from "~/db/db.server";
import { toLanguage } from "~/i18n/config";
import { languageCookie } from "~/i18n/i18n.server";
import { landingPage, loginRedirectTarget, verifyLogin, type LoginFailure, type LoginOutcome } from "~/modules/auth/login.server";
import { loginSchema } from "~/modules/auth/schemas.server";
import { purgeExpiredSessions, sessionTtl } from "~/modules/auth/sessions.server";
import { captchaCookie, readCaptchaToken } from "~/utils/captcha.server";
import { rememberedCodeCookie, rememberedCompanyCookie } from "~/utils/cookies.server";
import { readFormData } from "~/utils/form.server";
import { rotateSession } from "~/utils/session.server";

/** Sign-in of the web layer: remix-auth reads the form, the account checks are `verifyLogin`'s. */
export interface LoginRequestOptions {
  captchaOn: boolean;
  /** the client's address (the load context's, from Express under TRUST_PROXY) */
  clientIp: string | null;
  now?: Date;
}

/** remix-auth with the form strategy; the session itself is ours (STACK.md). */
export function createAuthenticator(db: DB, opts: LoginRequestOptions) {
  const authenticator = new Authenticator<LoginOutcome>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => verifyLogin(db, Object.fromEntries(form), { ...opts, captchaToken: await readCaptchaToken(request) })),
    "form",
  );
  return authenticator;
}

const parseLogin = (form: FormData, captchaOn: boolean) => parseWithZod(form, { schema: loginSchema(captchaOn) });
type LoginSubmission = ReturnType<typeof parseLogin>;

export type LoginActionResult =
  | { kind: "redirect"; response: Response }
  | { kind: "invalid"; submission: LoginSubmission }
  | { kind: "failed"; submission: LoginSubmission; error: LoginFailure };

/** The whole login post: validate the form, authenticate, start the session, set the cookies. */
export async function handleLogin(db: DB, request: Request, opts: LoginRequestOptions): Promise<LoginActionResult> {
  const form = await readFormData(request.clone());
  const submission = parseLogin(form, opts.captchaOn);
  if (submission.status !== "success") return { kind: "invalid", submission };

  const outcome = await createAuthenticator(db, opts).authenticate("form", request);
  if (!outcome.ok) return { kind: "failed", submission, error: outcome };

  if (Math.random() < 0.05) await purgeExpiredSessions(db, opts.now);
  const headers = new Headers();
  // The session this browser presented (another account's, or its own older one) ends here: a
  // shared computer keeps no second valid session behind the new one.
  headers.append(
    "Set-Cookie",
    await rotateSession(db, request, {
      userId: outcome.userId,
      tenantId: outcome.tenantId,
      clientIp: opts.clientIp,
      now: opts.now,
      ttlMs: sessionTtl(outcome.isStaff),
    }),
  );
  const typedCompany = submission.value.dataareacode ?? "";
  headers.append(
    "Set-Cookie",
    typedCompany ? await rememberedCompanyCookie.serialize(typedCompany) : await rememberedCompanyCookie.serialize("", { maxAge: 0 }),
  );
  headers.append("Set-Cookie", await rememberedCodeCookie.serialize(submission.value.code));
  headers.append("Set-Cookie", await captchaCookie.serialize("", { maxAge: 0 }));
  if (outcome.language) headers.append("Set-Cookie", await languageCookie.serialize(toLanguage(outcome.language)));
  const target = loginRedirectTarget(submission.value.redirect) ?? (await landingPage(db, outcome));
  return { kind: "redirect", response: redirect(target, { headers }) };
}
