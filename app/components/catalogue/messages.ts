/** Messages the catalogue pages may show from the `catMsg` query parameter (after a no-JS post). */
export const CATALOGUE_MESSAGES = ["favourite.added", "favourite.removed", "favourite.priceEmpty", "favourite.notFound"] as const;
