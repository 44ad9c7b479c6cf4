import type { ListItem } from "~/modules/catalogue/listing.server";
import { cartFormHtml, favStarHtml, type RowMessage, type T } from "./productHtml";

/**
 * The product detail page's add-to-cart form and favourite star: the same markup as a list row's
 * (productHtml), inside a box that takes no space of its own (.form-host, display: contents).
 */
export function CartForm({
  p,
  redirectTo,
  t,
  busy,
  message,
}: {
  p: Pick<ListItem, "id" | "moq" | "mpq" | "promotionItemId">;
  redirectTo: string;
  t: T;
  busy: boolean;
  message?: RowMessage;
}) {
  return <div className="form-host" dangerouslySetInnerHTML={{ __html: cartFormHtml(p, redirectTo, t, busy, message) }} />;
}

export function FavForm(props: { id: number; fav: boolean; priceEmpty: boolean; redirectTo: string; t: T; error?: string }) {
  return <span className="form-host" dangerouslySetInnerHTML={{ __html: favStarHtml(props) }} />;
}
