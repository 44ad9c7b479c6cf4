import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { idParam, PromotionSchema } from "./__promotionEdit.server";
import { AdminInput, AdminSelect, AdminTextarea } from "~/components/admin/AdminField";
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
  return (
    <div className="admin-page">
      <h1>{id === null ? t("promo.new") : t("promo.edit")}</h1>
      {state ? <p className="admin-muted">{t("promo.stateNow", { state: t(`promo.states.${state}`) })}</p> : null}
      <FormError errors={firstError ? [firstError] : undefined} id={conform.errorId} />
      <Form method="post" className="admin-form promo-form" {...getFormProps(conform)}>
        <input type="hidden" name="intent" value="save" />
        <AdminSelect
          label={t("promo.kind")}
          name="kind"
          defaultValue={form.kind}
          options={PROMOTION_KINDS.map((k) => ({ value: k, label: t(`promo.kinds.${k}`) }))}
        />
        <AdminInput label={t("promo.titleZh")} name="titleZh" defaultValue={form.titleZh} required maxLength={200} errors={errors.titleZh} />
        <AdminInput label={t("promo.titleEn")} name="titleEn" defaultValue={form.titleEn} required maxLength={200} errors={errors.titleEn} />
        <AdminInput label={t("promo.startsAt")} name="startsAt" type="datetime-local" defaultValue={form.startsAt} required errors={errors.startsAt} />
        <AdminInput label={t("promo.endsAt")} name="endsAt" type="datetime-local" defaultValue={form.endsAt} required errors={errors.endsAt} />
        <AdminInput
          label={t("promo.discountPct")}
          name="discountPct"
          inputMode="numeric"
          defaultValue={form.discountPct}
          hint={t("promo.discountHint")}
          errors={errors.discountPct}
        />
        <AdminInput label={t("promo.minQty")} name="minQty" inputMode="numeric" defaultValue={form.minQty} errors={errors.minQty} />
        <AdminInput label={t("promo.minAmount")} name="minAmount" inputMode="decimal" defaultValue={form.minAmount} errors={errors.minAmount} />
        <AdminInput
          label={t("promo.perCustomerLimit")}
          name="perCustomerLimit"
          inputMode="numeric"
          defaultValue={form.perCustomerLimit}
          errors={errors.perCustomerLimit}
        />
        <AdminInput label={t("promo.giftCode")} name="giftCode" defaultValue={form.giftCode} errors={errors.giftCode} />
        <AdminInput label={t("promo.giftQty")} name="giftQty" inputMode="numeric" defaultValue={form.giftQty} errors={errors.giftQty} />
        <AdminTextarea
          label={t("promo.items")}
          name="items"
          rows={8}
          defaultValue={form.items}
          hint={t("promo.itemsHint")}
          errors={errors.items}
          wide
          data-testid="promotion-items"
        />
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
