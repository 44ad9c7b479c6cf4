/**
 * Every redirect whose target comes from input (a form's redirectTo, a ?redirect= parameter) goes
 * through here. The target is resolved the way a browser would resolve it against the shop's
 * origin, and kept only when it stays there; the answer is the normalised path, so code that adds
 * query parameters to it (withFlash) cannot turn `/..//evil.example` into `//evil.example`.
 *
 * Only paths are accepted: an absolute URL, even one of the shop's own origin, falls back (the
 * shop never needs one, and which origin is "ours" behind a proxy is not this function's business).
 */
const SHOP = new URL("http://shop.invalid");
const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string") return fallback;
  const target = to.trim();
  // the URL parser drops tabs and newlines and reads "\" as "/": refuse them rather than guess
  if (!target.startsWith("/") || target.includes("\\") || [...target].some(isControl)) return fallback;
  let url: URL;
  try {
    url = new URL(target, SHOP);
  } catch {
    return fallback;
  }
  if (url.origin !== SHOP.origin) return fallback;
  const path = url.pathname + url.search + url.hash;
  // "/..//x" resolves to the path "//x", which a Location header would send to the host x
  return path.startsWith("//") ? fallback : path;
}
