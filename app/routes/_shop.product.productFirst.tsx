import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/catalogue/Breadcrumbs";
import { NodeOverview, NonStandardMark } from "~/components/catalogue/NodeOverview";
import { loadOverview } from "~/modules/catalogue/pages.server";
import catalogueStyles from "~/styles/catalogue.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.node.label ?? ""} · 产品中心 · Products` }];

/** /product/productFirst?catalogueCode=<node>&parentCode=<parent>: the node's children and grandchildren. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadOverview(request);
}

export default function ProductFirst() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="catalogue-page">
      <Breadcrumbs items={data.crumbs} />
      <header className="page-head">
        <h1>
          {data.node.label} <NonStandardMark show={data.node.isNonStandard} />
        </h1>
        {data.node.describe ? <p className="muted">{data.node.describe}</p> : null}
      </header>
      <NodeOverview items={data.children} />
    </div>
  );
}
