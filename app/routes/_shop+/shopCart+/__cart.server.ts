import { json, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import { getFixedT, getLanguage } from "~/i18n/i18n.server";
import { hasPermission, requirePermission, requireUser } from "~/utils/guard.server";
import { safeRedirect } from "~/utils/redirect";
import {
  addToCart,
  chooseGiftQty,
  choosePromotion,
  getCart,
  moveToFavourites,
  quickOrder,
  removeLines,
  selectOnly,
  setQuantity,
  setSelected,
  type CartResult,
} from "~/modules/cart/cart.server";
import { readFormData } from "~/utils/form.server";
import { ruleValues } from "~/i18n/format";
import { fail } from "~/modules/result";
import { redirectWithToast } from "~/utils/reply.server";

/**
 * Loader and action shared by /shopCart and /shopCart/shopCard (one cart, two views). The cart form
 * carries the selection (checkboxes `lineId`); each line's own buttons post a line form (`lineId`
 * plus the line's quantity or promotion), so every intent has one plain shape.
 */
const id = z.coerce.number().int().positive().max(2_147_483_647);
const ids = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(id).max(500));
const qty = z.coerce.number().int().min(-1_000_000).max(1_000_000);

export const CartActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    productId: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
    qty: qty.default(0),
    promotionItemId: id.optional(),
    redirectTo: z.string().max(500).optional(),
    respond: z.literal("json").optional(),
  }),
  z.object({ intent: z.literal("quick"), text: z.string().max(20_000).default("") }),
  z.object({ intent: z.enum(["select", "deleteSelected", "moveSelected"]), lineId: ids }),
  z.object({ intent: z.enum(["selectAll", "unselectAll"]) }),
  z.object({ intent: z.literal("checkout"), lineId: ids, confirmAbandon: z.literal("1").optional() }),
  z.object({ intent: z.literal("qty"), lineId: id, qty }),
  // "none" takes the line out of its promotion
  z.object({ intent: z.literal("promotion"), lineId: id, promotionItemId: z.union([z.literal("none").transform(() => null), id]) }),
  // the free-gift pieces the dealer takes (0 to the allowance; the cart module judges it)
  z.object({ intent: z.literal("gift"), lineId: id, giftQty: qty }),
  z.object({ intent: z.enum(["delete", "move"]), lineId: id }),
]);

/**
 * The function codes each intent needs (the menu tables, roles-menus.ts). Moving to favourites
 * also deletes the line. Ticking lines needs none: it only marks lines of the dealer's own cart
 * (the delete and move buttons post the ticks too).
 */
const CODES_OF: Record<z.infer<typeof CartActionSchema>["intent"], string[]> = {
  add: ["cart:add"],
  quick: ["cart:add"],
  qty: ["cart:add"],
  promotion: ["cart:add"],
  gift: ["cart:add"],
  select: [],
  selectAll: [],
  unselectAll: [],
  checkout: ["order:submit"],
  delete: ["cart:delete"],
  deleteSelected: ["cart:delete"],
  move: ["cart:delete", "favourite:add"],
  moveSelected: ["cart:delete", "favourite:add"],
};

export async function cartLoader(request: Request) {
  const user = await requireUser(request);
  const cart = await getCart(getDb(), user);
  const url = new URL(request.url);
  return {
    cart,
    canOrder: user.canOrder && hasPermission(user, "order:submit"),
    canSeePrice: user.canSeePrice,
    confirmPromotions: url.searchParams.get("confirm") === "promotions" && cart.unchosenPromotions,
  };
}

export async function cartAction(request: Request, viewPath: string) {
  const user = await requireUser(request);
  const db = getDb();
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: CartActionSchema });
  const intent = submission.payload.intent;
  // own keys only: "toString" is no intent
  if (typeof intent === "string" && Object.hasOwn(CODES_OF, intent))
    for (const code of CODES_OF[intent as keyof typeof CODES_OF]) requirePermission(user, code);
  // done or refused, the cart says so in a toast on the page it goes back to (JavaScript or not)
  // (amounts in a rule's values shown as money in the tenant's currency)
  const lang = await getLanguage(request, user.language);
  const answer = (r: CartResult, to = viewPath) => {
    const { key, values } = r.ok ? r.value : r.error;
    return redirectWithToast(to, { key, values: ruleValues(key, values, user.currency, lang), kind: r.ok ? "success" : "error" });
  };
  const back = (r: CartResult) => answer(r);
  if (submission.status !== "success") {
    const { redirectTo } = submission.payload;
    if (intent === "add") return answer(fail("order:rules.qtyInvalid"), safeRedirect(typeof redirectTo === "string" ? redirectTo : null, viewPath));
    return back(fail(intent === "promotion" ? "common:errors.promotionEmpty" : "order:rules.qtyInvalid"));
  }
  const v = submission.value;
  switch (v.intent) {
    case "add": {
      const r = await addToCart(db, user, { productId: v.productId, qty: v.qty, promotionItemId: v.promotionItemId ?? null });
      if (v.respond === "json") {
        const t = getFixedT(lang, "order");
        const msg = r.ok ? t(r.value.key, r.value.values) : t(r.error.key, r.error.values);
        return json({ ok: r.ok, message: msg }, { status: r.ok ? 200 : 400 });
      }
      return answer(r, safeRedirect(v.redirectTo, viewPath));
    }
    case "quick": {
      const result = await quickOrder(db, user, v.text);
      return json({ quick: result }, { status: result.error ? 400 : 200 });
    }
    case "select":
      return back(await selectOnly(db, user, v.lineId));
    case "selectAll":
    case "unselectAll":
      return back(await setSelected(db, user, "all", v.intent === "selectAll"));
    case "deleteSelected":
      return back(await removeLines(db, user, v.lineId));
    case "moveSelected":
      return back(await moveToFavourites(db, user, v.lineId));
    case "checkout": {
      if (!user.canOrder) return back(fail("common:errors.noOrderPermission"));
      if (v.lineId.length) await selectOnly(db, user, v.lineId);
      const cart = await getCart(db, user);
      if (cart.selectedCount === 0) return back(fail("order:rules.selectProduct"));
      if (cart.invalidSelected) return back(fail("common:errors.cannotOrderSelected"));
      if (cart.unchosenPromotions && !v.confirmAbandon) return redirect(`${viewPath}?confirm=promotions`);
      return redirect("/order/fillOrder");
    }
    case "qty":
      return back(await setQuantity(db, user, v.lineId, v.qty));
    case "promotion":
      return back(await choosePromotion(db, user, v.lineId, v.promotionItemId));
    case "gift":
      return back(await chooseGiftQty(db, user, v.lineId, v.giftQty));
    case "delete":
      return back(await removeLines(db, user, [v.lineId]));
    case "move":
      return back(await moveToFavourites(db, user, [v.lineId]));
  }
}
