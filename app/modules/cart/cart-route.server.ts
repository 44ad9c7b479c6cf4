import { json, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import { getFixedT, getLanguage } from "~/i18n/i18n.server";
import { requireUser } from "~/utils/guard.server";
import { safeRedirect } from "~/utils/redirect";
import {
  addToCart,
  choosePromotion,
  getCart,
  moveToFavourites,
  quickOrder,
  removeLines,
  selectOnly,
  setQuantity,
  setSelected,
  type CartResult,
} from "./cart.server";
import { readFormData } from "~/utils/form.server";
import { withFlash } from "./flash";

/** Loader and action shared by /shopCart and /shopCart/shopCard (one cart, two views). */
const id = z.coerce.number().int().positive();
const ids = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(id).max(500));

const Schema = z.object({
  intent: z
    .string()
    .regex(/^(add|quick|select|selectAll|unselectAll|deleteSelected|moveSelected|checkout|(qty|promotion|delete|move):\d{1,12})$/),
  productId: z.coerce.number().int().min(0).default(0),
  qty: z.coerce.number().int().min(-1_000_000).max(1_000_000).default(0),
  promotionItemId: id.optional(),
  redirectTo: z.string().max(500).optional(),
  respond: z.literal("json").optional(),
  text: z.string().max(20_000).default(""),
  lineId: ids,
  confirmAbandon: z.literal("1").optional(),
});

export async function cartLoader(request: Request) {
  const user = await requireUser(request);
  const cart = await getCart(getDb(), user);
  const url = new URL(request.url);
  return {
    cart,
    canOrder: user.canOrder,
    canSeePrice: user.canSeePrice,
    confirmPromotions: url.searchParams.get("confirm") === "promotions" && cart.unchosenPromotions,
  };
}

export async function cartAction(request: Request, viewPath: string) {
  const user = await requireUser(request);
  const db = getDb();
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: Schema });
  const back = (r: CartResult) => redirect(withFlash(viewPath, r.ok ? r : { ok: false, key: r.error.key, values: r.error.values }));
  if (submission.status !== "success") {
    if (formData.get("intent") === "add") {
      return redirect(withFlash(safeRedirect(formData.get("redirectTo"), viewPath), { ok: false, key: "order:rules.qtyInvalid" }));
    }
    return redirect(withFlash(viewPath, { ok: false, key: "order:rules.qtyInvalid" }));
  }
  const v = submission.value as z.output<typeof Schema>;
  switch (v.intent) {
    case "add": {
      const r = await addToCart(db, user, { productId: v.productId, qty: v.qty, promotionItemId: v.promotionItemId ?? null });
      if (v.respond === "json") {
        const lang = await getLanguage(request, user.language);
        const t = getFixedT(lang, "order");
        const msg = r.ok ? t(r.key, r.values) : t(r.error.key, r.error.values);
        return json({ ok: r.ok, message: msg }, { status: r.ok ? 200 : 400 });
      }
      const target = safeRedirect(v.redirectTo, viewPath);
      return redirect(withFlash(target, r.ok ? r : { ok: false, key: r.error.key, values: r.error.values }));
    }
    case "quick": {
      const result = await quickOrder(db, user, v.text);
      return json({ quick: result }, { status: result.error ? 400 : 200 });
    }
    case "select":
      return back(await selectOnly(db, user, v.lineId));
    case "selectAll":
      return back(await setSelected(db, user, "all", true));
    case "unselectAll":
      return back(await setSelected(db, user, "all", false));
    case "deleteSelected":
      return back(await removeLines(db, user, v.lineId));
    case "moveSelected":
      return back(await moveToFavourites(db, user, v.lineId));
    case "checkout": {
      if (!user.canOrder) return back({ ok: false, error: { key: "common:errors.noOrderPermission" } });
      if (v.lineId.length) await selectOnly(db, user, v.lineId);
      const cart = await getCart(db, user);
      if (cart.selectedCount === 0) return back({ ok: false, error: { key: "order:rules.selectProduct" } });
      if (cart.invalidSelected) return back({ ok: false, error: { key: "common:errors.cannotOrderSelected" } });
      if (cart.unchosenPromotions && !v.confirmAbandon) return redirect(`${viewPath}?confirm=promotions`);
      return redirect("/order/fillOrder");
    }
    default: {
      const [op, raw] = v.intent.split(":");
      const lineId = Number(raw);
      if (op === "qty") {
        const qty = z.coerce.number().int().min(-1_000_000).max(1_000_000).safeParse(formData.get(`qty_${lineId}`));
        if (!qty.success) return back({ ok: false, error: { key: "order:rules.qtyInvalid" } });
        return back(await setQuantity(db, user, lineId, qty.data));
      }
      if (op === "promotion") {
        const p = formData.get(`promo_${lineId}`);
        const pid = p && p !== "none" ? Number(p) : null;
        if (pid !== null && !(Number.isInteger(pid) && pid > 0)) return back({ ok: false, error: { key: "common:errors.promotionEmpty" } });
        return back(await choosePromotion(db, user, lineId, pid));
      }
      if (op === "delete") return back(await removeLines(db, user, [lineId]));
      return back(await moveToFavourites(db, user, [lineId]));
    }
  }
}
