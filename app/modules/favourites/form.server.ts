import { z } from "zod";

/** The favourite form (server only: zod stays out of the browser bundle). */
const Schema = z.object({
  intent: z.enum(["add", "remove"]),
  productId: z.coerce.number().int().min(1).max(2_147_483_647),
  redirectTo: z.string().max(500).optional(),
  inline: z.literal("1").optional(),
});

export function parseFavouriteForm(formData: FormData) {
  const raw = Object.fromEntries([...formData.entries()].filter(([, v]) => typeof v === "string"));
  const parsed = Schema.safeParse(raw);
  const inline = raw.inline === "1";
  const redirectTo = typeof raw.redirectTo === "string" ? raw.redirectTo : null;
  if (!parsed.success) return { ok: false as const, inline, redirectTo };
  return { ok: true as const, inline, redirectTo, intent: parsed.data.intent, productId: parsed.data.productId };
}
