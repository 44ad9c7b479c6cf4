/**
 * Stock and delivery rules of an offer, pure (the cart and the order use them too).
 * Dates are YYYY-MM-DD in the shop's time zone.
 */

/** YYYY-MM-DD plus n calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Expected ship date (ESD): today when the tenant's stock covers the quantity, else today plus the
 * product's lead time (docs/decisions/022-offers.md).
 */
export function estimateShipDate(input: { available: number; qty: number; leadTimeDays: number; today: string }): string {
  return input.available >= Math.max(1, input.qty) ? input.today : addDays(input.today, Math.max(0, input.leadTimeDays));
}

/**
 * Whether an item may go to the cart at all (the cart checks quantities itself): it needs a price,
 * an account with ordering permission, and a delisted item needs stock (spec §5).
 */
export function canGoToCart(input: { hasPrice: boolean; canOrder: boolean; status: string; available: number }): boolean {
  if (!input.hasPrice || !input.canOrder) return false;
  if (input.status === "delisted" && input.available <= 0) return false;
  return true;
}

/** The stock as a traffic light (the dealer feed, decision 073): green covers the least order quantity, yellow is some stock, red none. */
export type StockLight = "green" | "yellow" | "red";

export function stockLight(input: { available: number; moq: number }): StockLight {
  if (input.available >= Math.max(1, input.moq)) return "green";
  return input.available > 0 ? "yellow" : "red";
}
