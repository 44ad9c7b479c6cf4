import { Breadcrumbs, type Crumb } from "~/components/catalogue/Breadcrumbs";
import { NodeOverview, NonStandardMark } from "~/components/catalogue/NodeOverview";

type OverviewData = {
  crumbs: Crumb[];
  node: { label: string; isNonStandard: boolean; describe: string };
  children: Parameters<typeof NodeOverview>[0]["items"];
};

/** A catalogue level page (productFirst, productSecond): the node, its children and grandchildren. */
export function CatalogueOverview({ data }: { data: OverviewData }) {
  return (
    <div className="catalogue-page">
      <NodeHeader crumbs={data.crumbs} node={data.node} />
      <NodeOverview items={data.children} />
    </div>
  );
}

/** Breadcrumbs, title (with the non-standard mark) and description of a catalogue node. */
export function NodeHeader({ crumbs, node }: { crumbs: Crumb[]; node: OverviewData["node"] }) {
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <header className="page-head">
        <h1>
          {node.label} <NonStandardMark show={node.isNonStandard} />
        </h1>
        {node.describe ? <p className="muted">{node.describe}</p> : null}
      </header>
    </>
  );
}
