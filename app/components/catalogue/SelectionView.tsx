import { Form, Link } from "@remix-run/react";
import type { Language } from "~/i18n/config";
import type { ListContext, ListItem } from "~/modules/catalogue/listing.server";
import { Pager } from "~/components/Pager";
import { ProductTable } from "./ProductTable";
import { useCachedT } from "~/i18n/useCachedT";

type Facet = "shape" | "size" | "radius" | "breaker" | "grade" | "material";
const FACETS: Facet[] = ["material", "shape", "size", "radius", "breaker", "grade"];

export interface SelectionData {
  filters: Partial<Record<Facet, string>> & { node?: string };
  nodes: { code: string; label: string; depth: number }[];
  facets: Record<Facet, { value: string; count: number }[]>;
  items: ListItem[];
  total: number;
  page: number;
  pageSize: number;
  ctx: ListContext;
  redirectTo: string;
  lang: Language;
}

/**
 * Product selection: a GET form (works without JS) of native selects whose options carry
 * the number of products each choice gives; the results below as the usual product table.
 */
export function SelectionView({ d, action }: { d: SelectionData; action: string }) {
  const t = useCachedT("catalogue");
  const label = (facet: Facet, value: string) =>
    facet === "material" ? t(`materials.${value}`, { defaultValue: value }) : facet === "radius" ? `${value} mm` : value;
  return (
    <div className="catalogue-page">
      <header className="page-head">
        <h1>{t("selection.title")}</h1>
        <p className="muted">{t("selection.intro")}</p>
      </header>
      <Form method="get" action={action} className="card selection-form" aria-label={t("selection.filters")}>
        <div className="selection-grid">
          <label className="field field-wide">
            <span>{t("selection.node")}</span>
            <select name="node" defaultValue={d.filters.node ?? ""}>
              <option value="">{t("selection.any")}</option>
              {d.nodes.map((n) => (
                <option key={n.code} value={n.code}>{`${"\u00a0\u00a0".repeat(n.depth)}${n.label}`}</option>
              ))}
            </select>
          </label>
          {FACETS.map((facet) => (
            <label key={facet} className="field">
              <span>{t(`selection.${facet}`)}</span>
              <select name={facet} defaultValue={d.filters[facet] ?? ""}>
                <option value="">{t("selection.any")}</option>
                {d.facets[facet].map((o) => (
                  <option key={o.value} value={o.value} disabled={o.count === 0 && d.filters[facet] !== o.value}>
                    {label(facet, o.value)} ({o.count})
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
        <div className="selection-actions">
          <button type="submit" className="btn">
            {t("selection.apply")}
          </button>
          <Link to={action} className="btn btn-outline">
            {t("selection.reset")}
          </Link>
        </div>
      </Form>
      <p className="list-total" role="status">
        {t("selection.results", { count: d.total })}
      </p>
      {d.items.length ? <ProductTable items={d.items} ctx={d.ctx} redirectTo={d.redirectTo} lang={d.lang} /> : null}
      <Pager page={d.page} total={d.total} pageSize={d.pageSize} />
    </div>
  );
}
