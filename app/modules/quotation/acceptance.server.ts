import { getFixedT } from "~/i18n/i18n.server";
import type { DB } from "~/db/db.server";
import { checkPermission } from "~/modules/cart/rules";
import { fail } from "~/modules/result";
import { StepAbort } from "~/modules/services/request-steps.server";
import { attributeSummary } from "./attributes";
import { isExpired, type QuoteDealer, type QuoteResult } from "./requests.server";
import { QUOTE_QTY_MAX } from "./status";
import { quoteStep } from "./steps.server";
import { toolTypeOfRequest } from "./tool-types.server";

/**
 * Accepting a quote (decision 051): the step of the request-step engine that also creates the
 * customer's non-standard item and puts it into the cart, in the same transaction.
 */
export interface AcceptActor extends QuoteDealer {
  canOrder: boolean;
}

/**
 * The dealer accepts a valid quote: in one transaction the quotation becomes accepted, the
 * customer's private non-standard item is created (never listed or found in the catalogue: status
 * `custom`) and goes into the accepting user's cart with the chosen quantity (at least the MOQ). Its
 * price comes from the quotation whenever the cart or the order reads it (quotedOffers).
 */
export async function acceptQuotation(db: DB, dealer: AcceptActor, id: number, input: { token: string; qty: number }, now = new Date()): Promise<QuoteResult> {
  const perm = checkPermission(dealer);
  if (perm) return fail(perm.key);
  return quoteStep(
    db,
    { ...dealer, author: "dealer" },
    id,
    { token: input.token, event: "accept", body: "" },
    now,
    (q) => {
      if (isExpired(q, now)) return fail("quotation:error.expired");
      if (!Number.isInteger(input.qty) || input.qty < (q.moq ?? 1) || input.qty > QUOTE_QTY_MAX)
        return fail("quotation:error.belowMoq", { moq: q.moq ?? 1 }, "qty");
      return null;
    },
    async (trx, q) => {
      const type = await toolTypeOfRequest(trx, q.type_id);
      const values = JSON.parse(q.attributes) as Record<string, string>;
      const stamp = now.toISOString();
      const { id: productId } = await trx
        .insertInto("product")
        .values({
          ordering_code: q.quote_no,
          search_code: q.quote_no,
          catalogue_code: "",
          kind: `custom_${type?.code ?? "tool"}`.slice(0, 30),
          name_zh: getFixedT("zh", "quotation")("lineNames.quoted", {
            type: type?.nameZh ?? getFixedT("zh", "quotation")("lineNames.customizedTool"),
            no: q.quote_no,
          }),
          name_en: getFixedT("en", "quotation")("lineNames.quoted", {
            type: type?.nameEn ?? getFixedT("en", "quotation")("lineNames.customizedTool"),
            no: q.quote_no,
          }),
          specification: attributeSummary(type?.attributes ?? [], values, "zh").slice(0, 300),
          grade: null,
          iso_shape: null,
          iso_size: null,
          nose_radius: null,
          chip_breaker: null,
          material_groups: "",
          fit_key: null,
          is_new: 0,
          is_hot: 0,
          attributes: JSON.stringify({ quotation: q.quote_no, ...values }),
          unit: "pc",
          mpq: 1,
          moq: q.moq ?? 1,
          list_price: null,
          status: "custom",
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const linked = await trx
        .updateTable("quotation")
        .set({ product_id: productId })
        .where("id", "=", q.id)
        .where("product_id", "is", null)
        .executeTakeFirst();
      if (Number(linked.numUpdatedRows) !== 1) throw new StepAbort("quotation:error.changed");
      await trx
        .insertInto("cart_item")
        .values({
          tenant_id: dealer.tenantId,
          customer_id: dealer.customerId,
          user_id: dealer.id,
          product_id: productId,
          qty: input.qty,
          selected: 1,
          promotion_item_id: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    },
  );
}

/** The default quantity offered on acceptance: what was asked for, at least the MOQ. */
export const acceptQty = (q: { qty: number; moq: number | null }) => Math.max(q.qty, q.moq ?? 1);
