import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { redirectWithToast } from "~/utils/reply.server";
import { ProductTable } from "~/components/catalogue/ProductTable";
import { getDb } from "~/db/index.server";
import { readFormData } from "~/utils/form.server";
import { requireFunction, requireUser } from "~/utils/guard.server";
import { productsByIds } from "~/modules/catalogue/catalogue.server";
import { buildListItems, listContext } from "~/modules/catalogue/listing.server";
import { pageBase, returnPath } from "~/utils/page.server";
import { addFavourite, listFavouriteIds, removeFavourite } from "~/modules/favourites/favourites.server";
import catalogueStyles from "~/styles/catalogue.css";
import { safeRedirect } from "~/utils/redirect";
import { pageMeta } from "~/utils/meta";
import { FavouriteSchema } from "./__forms.server";

export const handle = { i18n: ["catalogue"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.myFavourites");

/** /order/myCollect: the signed-in user's favourites, with add to cart. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { db, lang, url } = await pageBase(request);
  const ids = await listFavouriteIds(db, user);
  const rows = await productsByIds(db, ids, lang);
  const items = await buildListItems(db, user, rows, lang);
  return { items, ctx: listContext(user), redirectTo: returnPath(url), lang };
}

/**
 * Add or remove a favourite (from lists, detail, search, this page). Without JS: redirect back to
 * redirectTo with a toast; with JS (inline=1): JSON { ok, fav, message }.
 */
export async function action({ request }: ActionFunctionArgs) {
  // starring and un-starring: the favourites' one function code
  const user = await requireFunction(request, "favourite:add");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: FavouriteSchema });
  const inline = formData.get("inline") === "1";
  const back = (key: string, kind: "success" | "error" = "success") =>
    redirectWithToast(safeRedirect(formData.get("redirectTo"), "/order/myCollect"), { key, kind });
  if (submission.status !== "success") {
    return inline ? json({ ok: false, fav: false, message: "catalogue:favourite.notFound" }, { status: 400 }) : back("catalogue:favourite.notFound", "error");
  }
  const form = submission.value;
  const db = getDb();
  if (form.intent === "remove") {
    await removeFavourite(db, user, form.productId);
    return inline ? json({ ok: true, fav: false, message: "catalogue:favourite.removed" }) : back("catalogue:favourite.removed");
  }
  const r = await addFavourite(db, user, form.productId);
  if (!r.ok) return inline ? json({ ok: false, fav: false, message: r.error.key }, { status: 400 }) : back(r.error.key, "error");
  return inline ? json({ ok: true, fav: true, message: "catalogue:favourite.added" }) : back("catalogue:favourite.added");
}

export default function MyCollect() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  return (
    <div className="catalogue-page">
      <header className="page-head">
        <h1>{t("myCollect.title")}</h1>
        {d.items.length ? <p className="muted">{t("myCollect.count", { count: d.items.length })}</p> : null}
      </header>
      {d.items.length ? (
        <ProductTable items={d.items} ctx={d.ctx} redirectTo={d.redirectTo} lang={d.lang} />
      ) : (
        <p className="card muted">{t("myCollect.empty")}</p>
      )}
    </div>
  );
}
