/** The query string of filters (without page) to keep them across tabs, paging and exports. */
export function filterQuery(f: Record<string, string | number | undefined>, omit: string[] = []): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== "" && !omit.includes(k)) p.set(k, String(v));
  return p.toString();
}
