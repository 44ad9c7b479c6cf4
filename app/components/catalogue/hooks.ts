import { useEffect, useState } from "react";

/** False during the server render and the first client render, true afterwards (JS is running). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Messages the catalogue pages may show from the `catMsg` query parameter (after a no-JS post). */
export const CATALOGUE_MESSAGES = ["favourite.added", "favourite.removed", "favourite.priceEmpty", "favourite.notFound"] as const;
