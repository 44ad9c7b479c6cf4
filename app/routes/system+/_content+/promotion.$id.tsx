import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { idParam, PromotionSchema } from "./__promotionEdit.server";
import { FormError } from "~/components/auth/FormField";
import { getDb } from "~/db/index.server";
import { isoToLocal } from "~/modules/admin/parameters";
import { itemLines } from "~/modules/promotions/admin-rules";
import { endPromotion, getAdminPromotion, savePromotion } from "~/modules/promotions/admin.server";
import { PROMOTION_KINDS } from "~/modules/promotions/rules";
import { readFormData } from "~/utils/form.server";
import { notFound, notFoundWhenMissing, requireStaff } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { redirectWithToast, replyInvalid, replyWithError } from "~/utils/reply.server";

export const handle = { i18n: ["adminContent", "order"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "admin:titles.editPromotion");

const HOUR = 3_600_000;

function parseId(raw: string | undefined): number | null {
  const id = idParam.safeParse(raw);
  if (!id.success) notFound();
  return id.data === "new" ? null : id.data;
}

/** A promotion of the staff member's entity: new (id "new") or by id; another entity's is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "pro:promotion:edit", db);
  const id = parseId(params.id);
  if (id === null) {
    // from this minute on, for a week
    const start = Math.floor(Date.now() / 60_000) * 60_000;
    return {
      id: null,
      state: null,
      form: {
        kind: "sale",
        titleZh: "",
        titleEn: "",
        startsAt: isoToLocal(new Date(start).toISOString()),
        endsAt: isoToLocal(new Date(start + 7 * 24 * HOUR).toISOString()),
        discountPct: "",
        minQty: "",
        minAmount: "",
        perCustomerLimit: "",
        giftCode: "",
        giftQty: "",
        items: "",
      },
      sold: [] as { code: string; sold: number }[],
    };
  }
  const p = await notFoundWhenMissing(() => getAdminPromotion(db, { tenantId: user.tenantId, id }));
  return {
    id: p.id,
    state: p.state,
    form: {
      kind: p.kind,
      titleZh: p.titleZh,
      titleEn: p.titleEn,
      startsAt: isoToLocal(p.startsAt),
      endsAt: isoToLocal(p.endsAt),
      discountPct: p.discountBp === null ? "" : String(p.discountBp / 100),
      minQty: p.minQty === null ? "" : String(p.minQty),
      minAmount: p.minAmount === null ? "" : (p.minAmount / 100).toFixed(2),
      perCustomerLimit: p.perCustomerLimit === null ? "" : String(p.perCustomerLimit),
      giftCode: p.giftCode ?? "",
      giftQty: p.giftQty === null ? "" : String(p.giftQty),
      items: itemLines(p.items),
    },
    sold: p.items.filter((i) => i.flashSold > 0).map((i) => ({ code: i.code, sold: i.flashSold })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, "pro:promotion:edit", db);
  const id = parseId(params.id);
  const actor = { id: user.id, code: user.code, tenantId: user.tenantId };
  if (id !== null) await notFoundWhenMissing(() => getAdminPromotion(db, { tenantId: user.tenantId, id }));
  const submission = parseWithZod(await readFormData(request), { schema: PromotionSchema });
  if (submission.status !== "success") return replyInvalid(request, submission);
  const v = submission.value;
  if (v.intent === "end") {
    if (id === null) notFound();
    await notFoundWhenMissing(() => endPromotion(db, actor, { tenantId: user.tenantId, id }));
    return redirectWithToast(`/system/promotion/${id}`, "adminContent:promo.ended");
  }
  const result = await notFoundWhenMissing(() =>
    savePromotion(db, actor, {
      tenantId: user.tenantId,
      id,
      promotion: {
        kind: v.kind,
        titleZh: v.titleZh,
        titleEn: v.titleEn,
        startsAt: v.startsAt,
        endsAt: v.endsAt,
        discountBp: v.discountPct === undefined ? null : v.discountPct * 100,
        minQty: v.minQty ?? null,
        minAmount: v.minAmount ?? null,
        perCustomerLimit: v.perCustomerLimit ?? null,
        giftCode: v.giftCode || null,
        giftQty: v.giftQty ?? null,
        items: v.items,
      },
    }),
  );
  if (!result.ok) return replyWithError(request, submission, result.error);
  return redirectWithToast(`/system/promotion/${result.value.id}`, "adminContent:promo.saved");
}

export default function PromotionEdit() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { id, state, sold } = loaded;
  const { t } = useTranslation("adminContent");
  const [conform] = useForm({ lastResult: actionData?.result });
  // after a refused post the form shows what was sent (kept by the reply, also without JavaScript)
  const typed = Object.fromEntries(
    Object.entries(conform.initialValue ?? {}).filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== "intent"),
  );
  const form = { ...loaded.form, ...typed };
  // the texts come translated from the server (~/utils/reply.server)
  const errors = conform.allErrors;
  const firstError = Object.values(errors).flat()[0];
  const fieldError = (name: string) => {
    const e = errors[name]?.[0];
    return e ? (
      <span className="field-error" id={`${name}-error`}>
        {e}
      </span>
    ) : null;
  };
  const described = (name: string) => (errors[name]?.[0] ? `${name}-error` : undefined);
  return (
    <div className="admin-page">
      <h1>{id === null ? t("promo.new") : t("promo.edit")}</h1>
      {state ? <p className="admin-muted">{t("promo.stateNow", { state: t(`promo.states.${state}`) })}</p> : null}
      <FormError errors={firstError ? [firstError] : undefined} id={conform.errorId} />
      <Form method="post" className="admin-form promo-form" {...getFormProps(conform)}>
        <input type="hidden" name="intent" value="save" />
        <label>
          {t("promo.kind")}
          <select name="kind" defaultValue={form.kind}>
            {PROMOTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`promo.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("promo.titleZh")}
          <input name="titleZh" defaultValue={form.titleZh} required maxLength={200} aria-describedby={described("titleZh")} />
          {fieldError("titleZh")}
        </label>
        <label>
          {t("promo.titleEn")}
          <input name="titleEn" defaultValue={form.titleEn} required maxLength={200} aria-describedby={described("titleEn")} />
          {fieldError("titleEn")}
        </label>
        <label>
          {t("promo.startsAt")}
          <input type="datetime-local" name="startsAt" defaultValue={form.startsAt} required aria-describedby={described("startsAt")} />
          {fieldError("startsAt")}
        </label>
        <label>
          {t("promo.endsAt")}
          <input type="datetime-local" name="endsAt" defaultValue={form.endsAt} required aria-describedby={described("endsAt")} />
          {fieldError("endsAt")}
        </label>
        <label>
          {t("promo.discountPct")}
          <input name="discountPct" inputMode="numeric" defaultValue={form.discountPct} aria-describedby={described("discountPct") ?? "discount-hint"} />
          <small id="discount-hint" className="admin-muted">
            {t("promo.discountHint")}
          </small>
          {fieldError("discountPct")}
        </label>
        <label>
          {t("promo.minQty")}
          <input name="minQty" inputMode="numeric" defaultValue={form.minQty} aria-describedby={described("minQty")} />
          {fieldError("minQty")}
        </label>
        <label>
          {t("promo.minAmount")}
          <input name="minAmount" inputMode="decimal" defaultValue={form.minAmount} aria-describedby={described("minAmount")} />
          {fieldError("minAmount")}
        </label>
        <label>
          {t("promo.perCustomerLimit")}
          <input name="perCustomerLimit" inputMode="numeric" defaultValue={form.perCustomerLimit} aria-describedby={described("perCustomerLimit")} />
          {fieldError("perCustomerLimit")}
        </label>
        <label>
          {t("promo.giftCode")}
          <input name="giftCode" defaultValue={form.giftCode} aria-describedby={described("giftCode")} />
          {fieldError("giftCode")}
        </label>
        <label>
          {t("promo.giftQty")}
          <input name="giftQty" inputMode="numeric" defaultValue={form.giftQty} aria-describedby={described("giftQty")} />
          {fieldError("giftQty")}
        </label>
        <label className="admin-form-wide">
          {t("promo.items")}
          <textarea
            name="items"
            rows={8}
            defaultValue={form.items}
            aria-describedby={`items-hint${described("items") ? " items-error" : ""}`}
            data-testid="promotion-items"
          />
          <small id="items-hint" className="admin-muted">
            {t("promo.itemsHint")}
          </small>
          {fieldError("items")}
        </label>
        <p className="admin-muted admin-form-wide">{t("promo.chinaTime")}</p>
        <div className="admin-form-actions">
          <button type="submit" className="btn" data-testid="promotion-save">
            {t("common.save")}
          </button>
          <Link className="btn btn-outline" to="/system/promotion">
            {t("common.back")}
          </Link>
        </div>
      </Form>
      {sold.length ? <p className="admin-muted">{t("promo.sold", { list: sold.map((s) => `${s.code}: ${s.sold}`).join(", ") })}</p> : null}
      {id !== null && state !== "ended" ? (
        <Form method="post" className="admin-form-inline">
          <input type="hidden" name="intent" value="end" />
          <button type="submit" className="btn btn-outline" data-testid="promotion-end">
            {state === "upcoming" ? t("promo.cancel") : t("promo.end")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/AdminErrorBoundary";
