import { safeRedirect } from "~/utils/redirect";

export const REDIRECT_FALLBACK = "/homePage";

/** A path segment of the shop: letters, digits and - _ . (never "." or ".." alone). */
const SEGMENT = /^[A-Za-z0-9_.-]+$/;

/**
 * The target of /redirect/{path}. `raw` is the request's path after /redirect as sent (still
 * percent-encoded), `splat` the router's decoded rest. Both must be plain shop paths: segments of
 * letters, digits, - _ . only, no empty segment (so no `//host`), no dot segments, no `%`, `\`,
 * `:` or control characters in either form; and the result must stay on the shop (safeRedirect).
 * Hops to /redirect itself or to the sign-in hand-over are refused too (no loops, no token relay).
 */
export function shopRedirectPath(raw: string, splat: string, search: string): string {
  if (!raw.startsWith("/") || raw.length > 300) return REDIRECT_FALLBACK;
  const encoded = raw.slice(1);
  if (encoded !== splat) return REDIRECT_FALLBACK; // anything percent-encoded (or normalised by the router)
  const segments = splat.split("/");
  if (!splat || segments.some((s) => !SEGMENT.test(s) || s === "." || s === "..")) return REDIRECT_FALLBACK;
  if (/^(redirect|loginRelay|auth-redirect)$/i.test(segments[0])) return REDIRECT_FALLBACK;
  const target = safeRedirect(`/${splat}${search.length <= 1000 ? search : ""}`, REDIRECT_FALLBACK);
  return target.startsWith(`/${segments[0]}`) ? target : REDIRECT_FALLBACK;
}
