import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChineseOnly } from "~/components/content/ChineseOnly";
import { formatDateTime } from "~/i18n/format";
import { QuoteStatus } from "./QuoteDetails";

/**
 * The dealer's request page of customized tool quotations (decision 051): the request form with
 * the customer's requests, at /technologyService/cutterOffer and its customer-support copy.
 * Chinese only (spec §2): in English the Chinese-only card.
 */
export interface AttributeView {
  key: string;
  labelZh: string;
  labelEn: string;
  kind: "number" | "choice" | "text";
  unit: string | null;
  min: number | null;
  max: number | null;
  choices: string[];
  required: boolean;
}

interface ListRow {
  id: number;
  quote_no: string;
  status: string;
  qty: number;
  type_zh: string;
  created_at: string;
  updated_at: string;
  user_code: string;
}

export interface RequestPageData {
  types: { id: number; code: string; nameZh: string; nameEn: string }[];
  chosen: { id: number; code: string; nameZh: string; attributes: AttributeView[] } | null;
  requests: ListRow[];
  token: string;
  maxFiles: number;
  mb: number;
  textMax: number;
  qtyMax: number;
}

const DETAILS = "/technologyService/cutterOfferDetails";

/** The request form's answer (replyInvalid / replyWithErrors): texts already in the user's language. */
export function QuotationRequestPage({ data, result }: { data: RequestPageData; result?: SubmissionResult<string[]> }) {
  const { t, i18n } = useTranslation("quotation");
  const { pathname } = useLocation();
  const [form] = useForm({ id: "quote", lastResult: result });
  if (i18n.language === "en") return <ChineseOnly />;
  const { types, chosen, requests, token, maxFiles, mb, textMax, qtyMax } = data;
  // the values typed before ("attrs.x" is nested in conform's initial value)
  const initial = (form.initialValue ?? {}) as Record<string, unknown> & { attrs?: Record<string, unknown> };
  const valueOf = (name: string) => {
    const v = name.startsWith("attrs.") ? initial.attrs?.[name.slice(6)] : initial[name];
    return typeof v === "string" ? v : "";
  };
  const errorOf = (name: string) => form.allErrors[name]?.[0];
  const fieldError = (name: string) =>
    errorOf(name) ? (
      <span className="field-error" id={`${name.replace(".", "-")}-error`}>
        {errorOf(name)}
      </span>
    ) : null;
  const invalid = (name: string) => (errorOf(name) ? { "aria-invalid": true, "aria-describedby": `${name.replace(".", "-")}-error` } : {});
  const topError = form.errors?.[0] ?? (Object.keys(form.allErrors).length ? t("error.form") : undefined);
  return (
    <div className="feedback-page quotation-page">
      <div className="page-head">
        <h1 className="page-title">{t("title")}</h1>
      </div>
      <p className="feedback-intro">{t("intro")}</p>
      {topError ? (
        <p className="message message-error" role="alert" data-testid="quote-error">
          {topError}
        </p>
      ) : null}
      <section className="card feedback-card" aria-labelledby="quote-new">
        <h2 id="quote-new" className="fb-section-title">
          {t("newRequest")}
        </h2>
        <Form method="get" className="feedback-order-pick">
          <label className="field">
            <span className="required">{t("chooseType")}</span>
            <select name="type" defaultValue={chosen?.code ?? ""} data-testid="quote-type">
              <option value="">{t("choosePlaceholder")}</option>
              {types.map((ty) => (
                <option key={ty.code} value={ty.code}>
                  {ty.nameZh}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-outline" data-testid="quote-pick">
            {t("showFields")}
          </button>
        </Form>
        {!chosen ? <p className="hint">{t("typeHint")}</p> : null}
        {chosen ? (
          // posted to the page with its type, so a refused request comes back with the type's fields
          <Form
            method="post"
            action={`${pathname}?type=${chosen.code}`}
            encType="multipart/form-data"
            className="feedback-form"
            data-testid="quote-form"
            {...getFormProps(form)}
          >
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="typeId" value={chosen.id} />
            <fieldset className="qt-attrs">
              <legend>
                {t("attributes")}：{chosen.nameZh}
              </legend>
              {chosen.attributes.map((a) => {
                const name = `attrs.${a.key}`;
                const label = (
                  <span className={a.required ? "required" : undefined}>
                    {a.labelZh}
                    {a.unit ? `（${a.unit}）` : ""}
                    {a.required ? "" : t("optional")}
                  </span>
                );
                return (
                  <label key={a.key} className="field">
                    {label}
                    {a.kind === "choice" ? (
                      <select name={name} defaultValue={valueOf(name)} required={a.required} {...invalid(name)}>
                        <option value="">—</option>
                        {a.choices.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </select>
                    ) : a.kind === "number" ? (
                      <input
                        name={name}
                        type="number"
                        step="any"
                        inputMode="decimal"
                        min={a.min ?? undefined}
                        max={a.max ?? undefined}
                        defaultValue={valueOf(name)}
                        required={a.required}
                        {...invalid(name)}
                      />
                    ) : (
                      <input name={name} maxLength={100} defaultValue={valueOf(name)} required={a.required} {...invalid(name)} />
                    )}
                    {fieldError(name)}
                  </label>
                );
              })}
            </fieldset>
            <div className="qt-row">
              <label className="field">
                <span className="required">{t("qty")}</span>
                <input
                  name="qty"
                  type="number"
                  min={1}
                  max={qtyMax}
                  inputMode="numeric"
                  required
                  defaultValue={valueOf("qty")}
                  data-testid="quote-qty"
                  {...invalid("qty")}
                />
                {fieldError("qty")}
              </label>
              <label className="field">
                <span>
                  {t("wantedDate")}
                  {t("optional")}
                </span>
                <input name="wantedDate" type="date" defaultValue={valueOf("wantedDate")} {...invalid("wantedDate")} />
                {fieldError("wantedDate")}
              </label>
            </div>
            <label className="field">
              <span className="required">{t("material")}</span>
              <input
                name="material"
                maxLength={200}
                required
                defaultValue={valueOf("material")}
                placeholder={t("materialHint")}
                data-testid="quote-material"
                {...invalid("material")}
              />
              {fieldError("material")}
            </label>
            <label className="field">
              <span>
                {t("note")}
                {t("optional")}
              </span>
              <textarea name="note" rows={4} maxLength={textMax} defaultValue={valueOf("note")} {...invalid("note")} />
              <span className="hint">{t("noteHint", { max: textMax })}</span>
              {fieldError("note")}
            </label>
            <label className="field">
              <span>{t("files")}</span>
              <input
                type="file"
                name="files"
                multiple
                accept=".pdf,.dxf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
                data-testid="quote-files"
                {...invalid("files")}
              />
              <span className="hint">{t("filesHint", { max: maxFiles, mb })}</span>
              {fieldError("files")}
            </label>
            <div>
              <button type="submit" className="btn" data-testid="quote-submit">
                {t("submit")}
              </button>
            </div>
          </Form>
        ) : null}
      </section>
      <h2 className="fb-section-title">{t("myRequests")}</h2>
      {requests.length === 0 ? (
        <p className="card">{t("empty")}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t("myRequests")}>
          <table className="data-table" data-testid="quote-list">
            <thead>
              <tr>
                <th scope="col">{t("quoteNo")}</th>
                <th scope="col">{t("type")}</th>
                <th scope="col" className="num">
                  {t("qty")}
                </th>
                <th scope="col">{t("status")}</th>
                <th scope="col">{t("updatedAt")}</th>
                <th scope="col">{t("applicant")}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`${DETAILS}?id=${r.id}`}>{r.quote_no}</Link>
                  </td>
                  <td>{r.type_zh}</td>
                  <td className="num">{r.qty}</td>
                  <td>
                    <QuoteStatus status={r.status} />
                  </td>
                  <td className="fb-nowrap">{formatDateTime(r.updated_at)}</td>
                  <td>{r.user_code}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
