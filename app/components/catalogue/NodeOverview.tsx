import { Link } from "@remix-run/react";
import { useCachedT } from "~/i18n/useCachedT";
import { nodeThumb } from "~/modules/catalogue/thumbnail";
import { Thumbnail } from "./Thumbnail";

interface Child {
  code: string;
  label: string;
  describe: string;
  isNonStandard: boolean;
  href: string;
  children: { code: string; label: string; isNonStandard: boolean; href: string }[];
}

export function NonStandardMark({ show }: { show: boolean }) {
  const t = useCachedT("catalogue");
  return show ? <span className="tag tag-nonstd">{t("nonStandard")}</span> : null;
}

/** Cards of a node's children, each listing its own children (catalogue levels 1–3). */
export function NodeOverview({ items }: { items: Child[] }) {
  const t = useCachedT("catalogue");
  if (!items.length) return <p className="muted">{t("noProducts")}</p>;
  return (
    <div className="node-grid">
      {items.map((c) => (
        <section key={c.code} className="card node-card" aria-labelledby={`node-${c.code}`}>
          <div className="with-thumb">
            <Thumbnail shape={nodeThumb(c.code)} size="tile" />
            <div className="node-head">
              <h2 className="node-title" id={`node-${c.code}`}>
                <Link to={c.href}>{c.label}</Link> <NonStandardMark show={c.isNonStandard} />
              </h2>
              {c.describe ? <p className="node-describe">{c.describe}</p> : null}
            </div>
          </div>
          {c.children.length ? (
            <ul className="node-links">
              {c.children.map((g) => (
                <li key={g.code}>
                  <Link to={g.href}>{g.label}</Link> <NonStandardMark show={g.isNonStandard} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}
