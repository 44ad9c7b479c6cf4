/**
 * Only same-site paths: must start with "/" and not "//" or "/\" (which browsers treat as
 * another host); anything else falls back. Used for every redirect target taken from input.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  const target = to.trim();
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if ([...target].some((c) => c.charCodeAt(0) < 0x20)) return fallback; // no header injection
  return target;
}
