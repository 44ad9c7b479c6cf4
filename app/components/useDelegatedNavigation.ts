import { useNavigate } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";

/**
 * Client-side navigation for plain `<a data-nav>` links inside one element. Long lists and the
 * mega-menu render many links; a Remix <Link> runs several hooks each on the server (measured as
 * a fifth of a product list's render), a plain anchor none. One click handler on the container
 * gives the anchors the same in-app navigation once JavaScript runs; without it they are links.
 */
export function useDelegatedNavigation() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element).closest?.("a[data-nav]") as HTMLAnchorElement | null;
      if (!anchor || anchor.target || anchor.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(anchor.pathname + anchor.search + anchor.hash);
    },
    [navigate],
  );
}
