import type { MenuNode } from "~/modules/catalogue/menu.server";

/** The product mega-menu's links: catalogue levels 1–3, a column per level-1 node. */
export function MegaMenuLinks({ catalogue, allProductsLabel }: { catalogue: MenuNode[]; allProductsLabel: string }) {
  const q = encodeURIComponent;
  return (
    <>
      {catalogue.map((l1) => (
        <section key={l1.code} className="mega-column">
          <a className="mega-l1" data-nav href={`/product/productFirst?catalogueCode=${q(l1.code)}`}>
            {l1.label}
          </a>
          <ul>
            {l1.children.map((l2) => (
              <li key={l2.code}>
                <a className="mega-l2" data-nav href={`/product/productSecond?catalogueCode=${q(l2.code)}&parentCode=${q(l1.code)}`}>
                  {l2.label}
                </a>
                <ul>
                  {l2.children.map((l3) => (
                    <li key={l3.code}>
                      <a className="mega-l3" data-nav href={`/product/productThird?catalogueCode=${q(l3.code)}&parentCode=${q(l2.code)}`}>
                        {l3.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <a className="mega-all" data-nav href="/product">
        {allProductsLabel} →
      </a>
    </>
  );
}
