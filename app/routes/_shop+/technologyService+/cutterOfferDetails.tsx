import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChineseOnly } from "~/components/content/ChineseOnly";
import feedbackCss from "~/styles/feedback.css";
import ordersCss from "~/styles/orders.css";
import quotationCss from "~/styles/quotation.css";
import { requireUser } from "~/utils/guard.server";
import { pageMeta } from "~/utils/meta";
import { QuoteFacts, QuoteFiles, QuoteHistory, type Reply } from "./__QuotationViews";
import { detailsAction, detailsLoader } from "./__quotation.server";

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ordersCss },
  { rel: "stylesheet", href: feedbackCss },
  { rel: "stylesheet", href: quotationCss },
];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "报价单详情", "Quotation");

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
  const reply = useActionData<typeof action>() as Reply | undefined;
  const { t, i18n } = useTranslation("quotation");
  if (i18n.language === "en") return <ChineseOnly />;
  return (
    <div className="feedback-page quotation-page">
      <nav aria-label="breadcrumb">
        <ol className="breadcrumbs">
          <li>
            <Link to="/technologyService">{t("common:menu.technologyService")}</Link>
          </li>
          <li>
            <Link to="/technologyService/cutterOffer">{t("title")}</Link>
          </li>
          <li aria-current="page">{q.quoteNo}</li>
        </ol>
      </nav>
      <h1 className="page-title">{t("detailsNamed", { no: q.quoteNo })}</h1>
      {reply?.error ? (
        <p className="message message-error" role="alert" data-testid="quote-error">
          {t(reply.error, reply.params)}
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
          <Form method="post" className="card" data-testid="quote-answer">
            <h2 className="fb-section-title">{t("dealer.answerTitle")}</h2>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="intent" value="answer" />
            <label className="field">
              <span className="required">{t("dealer.answerTitle")}</span>
              <textarea name="body" rows={3} maxLength={textMax} required />
            </label>
            <div>
              <button type="submit" className="btn">
                {t("dealer.answer")}
              </button>
            </div>
          </Form>
        ) : null}
        {actions.accept ? (
          <Form method="post" className="card" data-testid="quote-accept">
            <h2 className="fb-section-title">{t("dealer.acceptTitle")}</h2>
            <p className="hint">{t("dealer.acceptHint", { moq: q.moq ?? 1 })}</p>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="intent" value="accept" />
            <label className="field">
              <span className="required">{t("dealer.acceptQty")}</span>
              <input name="qty" type="number" min={q.moq ?? 1} max={100000} inputMode="numeric" required defaultValue={acceptQty} data-testid="quote-accept-qty" />
            </label>
            <div>
              <button type="submit" className="btn">
                {t("dealer.accept")}
              </button>
            </div>
          </Form>
        ) : null}
        {actions.decline ? (
          <Form method="post" className="card" data-testid="quote-decline">
            <h2 className="fb-section-title">{t("dealer.declineTitle")}</h2>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="intent" value="decline" />
            <label className="field">
              <span>
                {t("dealer.declineReason")}
                {t("optional")}
              </span>
              <textarea name="body" rows={2} maxLength={textMax} />
            </label>
            <div>
              <button type="submit" className="btn btn-outline">
                {t("dealer.decline")}
              </button>
            </div>
          </Form>
        ) : null}
        {actions.cancel ? (
          <Form method="post" className="card" data-testid="quote-cancel">
            <h2 className="fb-section-title">{t("dealer.cancelTitle")}</h2>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="intent" value="cancel" />
            <label className="field">
              <span>
                {t("dealer.cancelNote")}
                {t("optional")}
              </span>
              <textarea name="body" rows={2} maxLength={textMax} />
            </label>
            <div>
              <button type="submit" className="btn btn-outline btn-danger">
                {t("dealer.cancel")}
              </button>
            </div>
          </Form>
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
