/**
 * Sub-account form rules (spec §5, §6, §11 of the issue). Messages are `auth` i18n keys.
 * Price adjustment factor: percent with at most two decimals, −50 … +200; a negative factor
 * (a discount below the master's price) needs the discount tick, and the tick is refused when
 * the customer already has discount data (checked on the server, decision 016).
 */
export const FACTOR_MIN = -50;
export const FACTOR_MAX = 200;

/** 1000 bp → "10", −550 → "-5.5" (for the edit form). */
export function factorText(bp: number): string {
  return String(bp / 100);
}
