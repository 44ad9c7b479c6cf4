import { json } from "@remix-run/node";
import type { z } from "zod";
import { getDb } from "~/db/index.server";
import { toLanguage, type Language } from "~/i18n/config";
import { getFixedT, getLanguage } from "~/i18n/i18n.server";
import { recordServerError } from "~/modules/admin/error-log.server";
import { NotFoundError } from "~/modules/errors";
import { findCall, type ApiCall } from "~/modules/integration/calls.server";
import { API_CODES, httpStatusOf, type ApiCode } from "~/modules/integration/codes";
import type { DomainError } from "~/modules/result";
import { hasPermission } from "~/utils/guard.server";
import { log } from "~/utils/log.server";
import { sessionUserByToken, type SignedInUser } from "~/utils/session.server";

/**
 * The web side of the integration API (spec §7, §8; decision 072): `/prod-api/<call>` finds the
 * call in the table of `~/modules/integration/calls.server`, checks the `X-Token` session and the
 * call's function code (the shop's one permission function), parses the query, the JSON body and
 * the path with the call's zod shapes, runs it, and answers `{ code, data, message }`. Whatever
 * goes wrong is answered in the same envelope with its code: never an HTML page, never a bare 500.
 */
export const API_PREFIX = "/prod-api";
const TOKEN_RE = /^[A-Za-z0-9_-]{20,100}$/;
const NO_STORE = { "Cache-Control": "private, no-store" };

export function envelope(code: ApiCode, data: unknown, message: string, headers: Record<string, string> = {}) {
  return json({ code, data, message }, { status: httpStatusOf(code), headers: { ...NO_STORE, ...headers } });
}

const translate = (lang: Language, error: DomainError) => getFixedT(lang)(error.key, { ...error.values, defaultValue: error.key }) as string;

/** zod's issues as one line: each field with its message (the shop's message keys translated). */
function issuesText(lang: Language, error: z.ZodError): string {
  const auth = getFixedT(lang, "auth");
  return error.issues
    .slice(0, 10)
    .map((issue) => {
      const where = issue.path.length ? issue.path.join(".") : "body";
      const text = /^[\w.:]+$/.test(issue.message) ? (auth(issue.message, { defaultValue: issue.message }) as string) : issue.message;
      return `${where}: ${text}`;
    })
    .join("; ");
}

type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

async function readJsonBody(request: Request, lang: Language): Promise<Parsed<unknown>> {
  const type = request.headers.get("content-type") ?? "";
  const text = await request.text();
  if (text.trim() === "") return { ok: true, value: {} };
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    return {
      ok: false,
      response: envelope(
        API_CODES.badRequest,
        null,
        lang === "en" ? "The body must be JSON (Content-Type: application/json)" : "请求体须为 JSON（Content-Type: application/json）",
      ),
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: envelope(API_CODES.badRequest, null, lang === "en" ? "The body is not valid JSON" : "请求体不是有效的 JSON") };
  }
}

function parseWith<T>(schema: z.ZodType<T> | undefined, value: unknown, lang: Language): Parsed<T | undefined> {
  if (!schema) return { ok: true, value: undefined };
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, response: envelope(API_CODES.badRequest, null, issuesText(lang, parsed.error)) };
}

const texts = {
  noToken: { zh: "当前登录已过期，请刷新页面重新登录！", en: "The current login has expired. Please refresh the page and log in again!" },
  badToken: { zh: "令牌无效，请重新登录", en: "The token is not valid, please log in again" },
  staff: { zh: "员工账号不能使用经销商接口", en: "A staff account cannot use the dealer calls" },
  forbidden: { zh: "没有此操作的权限", en: "You may not do this" },
  notFound: { zh: "未找到", en: "Not found" },
  noCall: { zh: "没有这个接口", en: "There is no such call" },
  method: { zh: "不支持此请求方法", en: "This method is not allowed here" },
  server: { zh: "服务器出错，请稍后重试", en: "The server failed, please retry later" },
};

/** The token's dealer, or the answer that refuses the call. */
async function authenticate(request: Request, lang: Language): Promise<Parsed<{ user: SignedInUser; token: string }>> {
  const token = request.headers.get("x-token")?.trim() ?? "";
  if (!token) return { ok: false, response: envelope(API_CODES.tokenExpired, null, texts.noToken[lang]) };
  if (!TOKEN_RE.test(token)) return { ok: false, response: envelope(API_CODES.illegalToken, null, texts.badToken[lang]) };
  const user = await sessionUserByToken(token);
  if (!user) return { ok: false, response: envelope(API_CODES.tokenExpired, null, texts.noToken[lang]) };
  return { ok: true, value: { user, token } };
}

/** Answers one request below /prod-api. */
export async function answerApi(request: Request, clientIp: string | null): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice(API_PREFIX.length);
  let lang: Language = toLanguage(null);
  try {
    lang = await getLanguage(request);
    const found = findCall(request.method, path);
    if (!found.call) {
      if (found.allowed.length === 0) return envelope(API_CODES.notFound, null, texts.noCall[lang]);
      return envelope(API_CODES.methodNotAllowed, null, texts.method[lang], { Allow: [...new Set(found.allowed)].join(", ") });
    }
    const call: ApiCall = found.call;
    let user: SignedInUser | null = null;
    let token: string | null = null;
    if (call.auth === "dealer" || call.auth === "erp") {
      const auth = await authenticate(request, lang);
      if (!auth.ok) return auth.response;
      ({ user, token } = auth.value);
      if (user.language) lang = toLanguage(user.language);
      // staff never see a dealer's cart, prices or orders through the shop, nor here (decision 042);
      // the ERP's calls are for the manufacturer's system account
      if (call.auth === "dealer" && user.isStaff) return envelope(API_CODES.forbidden, null, texts.staff[lang]);
      if (call.auth === "erp" && !user.isStaff) return envelope(API_CODES.forbidden, null, texts.forbidden[lang]);
      if (call.permission && !hasPermission(user, call.permission)) return envelope(API_CODES.forbidden, null, texts.forbidden[lang]);
      if (call.ordering && !user.canOrder) return envelope(API_CODES.forbidden, null, getFixedT(lang)("errors.noOrderPermission"));
    }
    const query = parseWith(call.query, Object.fromEntries(url.searchParams), lang);
    if (!query.ok) return query.response;
    const params = parseWith(call.params, found.params, lang);
    if (!params.ok) return params.response;
    let body: Parsed<unknown> = { ok: true, value: undefined };
    if (call.body) {
      const raw = await readJsonBody(request, lang);
      if (!raw.ok) return raw.response;
      body = parseWith(call.body, raw.value, lang);
      if (!body.ok) return body.response;
    }
    const result = await call.run(
      { db: getDb(), lang, clientIp, userAgent: request.headers.get("user-agent"), user, token },
      { query: query.value, body: body.value, params: params.value },
    );
    if (!result.ok) return envelope(API_CODES.refused, null, translate(lang, result.error));
    return envelope(API_CODES.success, result.value ?? null, "success");
  } catch (e) {
    if (e instanceof NotFoundError) return envelope(API_CODES.notFound, null, texts.notFound[lang]);
    if (e instanceof Response) {
      // a guard's answer thrown from below (403, 404): said in the envelope
      const code = e.status === 404 ? API_CODES.notFound : e.status === 403 ? API_CODES.forbidden : API_CODES.badRequest;
      return envelope(code, null, code === API_CODES.notFound ? texts.notFound[lang] : texts.forbidden[lang]);
    }
    if (request.signal.aborted) return envelope(API_CODES.badRequest, null, "aborted");
    const error = e as Error;
    log.error("integration API call failed", { method: request.method, path: url.pathname, error: String(error) });
    recordServerError(getDb(), { method: request.method, path: url.pathname, message: String(error), stack: error?.stack ?? null }).catch(() => {});
    return envelope(API_CODES.serverError, null, texts.server[lang]);
  }
}
