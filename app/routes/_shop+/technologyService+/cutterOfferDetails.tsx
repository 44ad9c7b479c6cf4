import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChineseOnly } from "~/components/content/ChineseOnly";
import feedbackCss from "~/styles/feedback.css";
import ordersCss from "~/styles/orders.css";
import quotationCss from "~/styles/quotation.css";
import { requireUser } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { QuoteFacts, QuoteFiles, QuoteHistory } from "~/components/quotation/QuoteDetails";
import { detailsAction, detailsLoader } from "./__quotation.server";
import { Trail } from "~/components/Trail";

export const handle = { i18n: ["quotation"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ordersCss },
  { rel: "stylesheet", href: feedbackCss },
  { rel: "stylesheet", href: quotationCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.quotation");

/**
 * Spec §2 /technologyService/cutterOfferDetails?id= (Chinese only): one quotation of the customer
 * with its drawings and history, and the dealer's forms its state allows: answer a question,
 * accept (into the cart), decline, cancel (decision 051). Another customer's is 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return detailsLoader(request, await requireUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return detailsAction(request, await requireUser(request));
}

export default function CutterOfferDetails() {
  const { quotation: q, attributes, messages, files, actions, acceptQty, token, textMax } = useLoaderData<typeof loader>();
  // a refused step (zod's or the quotation's): its first text above the page's forms
  const result = useActionData<typeof action>()?.result;
  const refused = result?.error
    ? Object.values(result.error)
        .flat()
        .find((e): e is string => !!e)
    : undefined;
  const { t, i18n } = useTranslation("quotation");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <div className="feedback-page quotation-page">
      <Trail
        items={[
          { to: "/technologyService", label: t("common:menu.technologyService") },
          { to: "/technologyService/cutterOffer", label: t("title") },
          { label: q.quoteNo },
        ]}
      />
      <h1 className="page-title">{t("detailsNamed", { no: q.quoteNo })}</h1>
      {refused ? (
        <p className="message message-error" role="alert" data-testid="quote-error">
          {refused}
        </p>
      ) : null}
      <section className="card">
        <QuoteFacts q={q} attributes={attributes} />
        <h2 className="fb-section-title">{t("drawings")}</h2>
        <QuoteFiles files={files} href={(id) => `/technologyService/cutterOfferFile?id=${id}`} />
      </section>
      {q.expired ? <p className="message message-error">{t("expiredNote")}</p> : null}
      {q.status === "accepted" && q.inCart ? (
        <p className="message message-success">
          {t("dealer.inCart")} <Link to="/shopCart">{t("dealer.goToCart")}</Link>
        </p>
      ) : null}
      <div className="qt-actions">
        {actions.answer ? (
          <NoteForm
            intent="answer"
            token={token}
            maxLength={textMax}
            title={t("dealer.answerTitle")}
            label={t("dealer.answerTitle")}
            button={t("dealer.answer")}
            required
            rows={3}
          />
        ) : null}
        {actions.accept ? (
          <Form method="post" className="card" data-testid="quote-accept">
            <h2 className="fb-section-title">{t("dealer.acceptTitle")}</h2>
            <p className="hint">{t("dealer.acceptHint", { moq: q.moq ?? 1 })}</p>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="intent" value="accept" />
            <label className="field">
              <span className="required">{t("dealer.acceptQty")}</span>
              <input
                name="qty"
                type="number"
                min={q.moq ?? 1}
                max={100000}
                inputMode="numeric"
                required
                defaultValue={acceptQty}
                data-testid="quote-accept-qty"
              />
            </label>
            <div>
              <button type="submit" className="btn">
                {t("dealer.accept")}
              </button>
            </div>
          </Form>
        ) : null}
        {actions.decline ? (
          <NoteForm
            intent="decline"
            token={token}
            maxLength={textMax}
            title={t("dealer.declineTitle")}
            label={t("dealer.declineReason") + t("optional")}
            button={t("dealer.decline")}
            buttonClass="btn btn-outline"
          />
        ) : null}
        {actions.cancel ? (
          <NoteForm
            intent="cancel"
            token={token}
            maxLength={textMax}
            title={t("dealer.cancelTitle")}
            label={t("dealer.cancelNote") + t("optional")}
            button={t("dealer.cancel")}
            buttonClass="btn btn-outline btn-danger"
          />
        ) : null}
      </div>
      <h2 className="fb-section-title">{t("history")}</h2>
      <QuoteHistory messages={messages} />
      <p>
        <Link to="/technologyService/cutterOffer">{t("back")}</Link>
      </p>
    </div>
  );
}

/** The dealer's answer to a question, or his reason to decline or cancel: one text posted with its intent. */
function NoteForm(props: {
  intent: "answer" | "decline" | "cancel";
  token: string;
  maxLength: number;
  title: string;
  label: string;
  button: string;
  required?: boolean;
  rows?: number;
  buttonClass?: string;
}) {
  return (
    <Form method="post" className="card" data-testid={`quote-${props.intent}`}>
      <h2 className="fb-section-title">{props.title}</h2>
      <input type="hidden" name="token" value={props.token} />
      <input type="hidden" name="intent" value={props.intent} />
      <label className="field">
        <span className={props.required ? "required" : undefined}>{props.label}</span>
        <textarea name="body" rows={props.rows ?? 2} maxLength={props.maxLength} required={props.required} />
      </label>
      <div>
        <button type="submit" className={props.buttonClass ?? "btn"}>
          {props.button}
        </button>
      </div>
    </Form>
  );
}
