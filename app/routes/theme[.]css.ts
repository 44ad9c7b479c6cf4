import { chakraGlobalCss } from "~/theme/global-css.server";

/** /theme.css: Chakra's global CSS, linked from every page (see app/theme/global-css.server.ts). */
export function loader() {
  return new Response(chakraGlobalCss().css, {
    headers: {
      "Content-Type": "text/css; charset=utf-8",
      // The link carries a content hash (?v=), so a changed theme is a new URL.
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
