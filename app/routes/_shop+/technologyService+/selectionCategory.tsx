import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SelectionView } from "~/components/catalogue/SelectionView";
import { loadSelection } from "../__selection.server";
import catalogueStyles from "~/styles/catalogue.css";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["catalogue"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.productSelection");

/** /technologyService/selectionCategory: parametric product selection (GET form, counts per option). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadSelection(request);
}

export default function SelectionCategory() {
  const d = useLoaderData<typeof loader>();
  return <SelectionView d={d} action="/technologyService/selectionCategory" />;
}
