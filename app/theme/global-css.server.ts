import crypto from "node:crypto";
import createCache from "@emotion/cache";
import { serializeStyles } from "@emotion/serialize";
import { chakraGlobalStyles } from "./system";

/**
 * Chakra's global CSS (preflight, tokens as CSS variables, global styles) as one stylesheet,
 * compiled once by Emotion's own compiler exactly as <Global> would have inserted it, and served
 * with a content hash in its URL so browsers cache it for good (decision 028).
 */
function compile(): string {
  const cache = createCache({ key: "css" });
  const serialized = serializeStyles([chakraGlobalStyles] as Parameters<typeof serializeStyles>[0]);
  // Without a DOM and with shouldCache false, Emotion's insert returns the CSS text.
  return (cache.insert("", serialized, cache.sheet, false) as unknown as string | undefined) ?? "";
}

let compiled: { css: string; href: string } | null = null;

export function chakraGlobalCss(): { css: string; href: string } {
  if (!compiled) {
    const css = compile();
    const hash = crypto.createHash("sha256").update(css).digest("hex").slice(0, 12);
    compiled = { css, href: `/theme.css?v=${hash}` };
  }
  return compiled;
}
