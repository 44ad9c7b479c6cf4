import { Link } from "@remix-run/react";

export interface TrailItem {
  label: string;
  /** the pages above this one; the last item is the page itself and has no link */
  to?: string;
}

/** The breadcrumb trail above a shop page: links up to where the dealer came from, then this page. */
export function Trail({ items }: { items: TrailItem[] }) {
  return (
    <nav aria-label="breadcrumb">
      <ol className="breadcrumbs">
        {items.map((item, i) =>
          item.to && i < items.length - 1 ? (
            <li key={i}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ) : (
            <li key={i} aria-current="page">
              {item.label}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
