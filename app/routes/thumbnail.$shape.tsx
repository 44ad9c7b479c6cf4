import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { GRID, thumbnailArt, type Tone } from "~/modules/catalogue/thumbnail-art.server";
import { isThumbKey, THUMB_VERSION, type ThumbKey } from "~/modules/catalogue/thumbnail";
import { fileResponse } from "~/utils/file-response.server";

/** How each part is painted: steel greys, the brand's navy outline, the cutting inserts in the accent colour. */
const PAINT: Record<Tone, React.SVGProps<SVGPathElement>> = {
  body: { fill: "#dde3ea", stroke: "#032c55", strokeWidth: 1.6, strokeLinejoin: "round" },
  shank: { fill: "#eef1f4", stroke: "#032c55", strokeWidth: 1.6, strokeLinejoin: "round" },
  land: { fill: "#cbd3dc", stroke: "#5b6f86", strokeWidth: 0.8 },
  hole: { fill: "#ffffff", stroke: "#032c55", strokeWidth: 1.3 },
  insert: { fill: "#f6b27a", stroke: "#8a3a06", strokeWidth: 1.1, strokeLinejoin: "round" },
  line: { fill: "none", stroke: "#5b6f86", strokeWidth: 1, strokeLinecap: "round" },
};

function Thumbnail({ shape }: { shape: ThumbKey }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${GRID} ${GRID}`} width={GRID} height={GRID}>
      {thumbnailArt(shape).map((part, i) => (
        <path key={i} d={part.d} {...PAINT[part.tone]} />
      ))}
    </svg>
  );
}

const rendered = new Map<ThumbKey, Uint8Array>();

/**
 * /thumbnail/<key>?v=<version>: a product family's picture (decision 069), the same for everyone:
 * no session is read, and the versioned address is kept for a year by browsers and proxies.
 * Drawn once per key and process.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const shape = params.shape ?? "";
  if (!isThumbKey(shape)) throw new Response("Not Found", { status: 404 });
  let body = rendered.get(shape);
  if (!body) rendered.set(shape, (body = new TextEncoder().encode(renderToStaticMarkup(<Thumbnail shape={shape} />))));
  const versioned = new URL(request.url).searchParams.get("v") === THUMB_VERSION;
  return fileResponse(request, {
    body,
    type: "image/svg+xml",
    cache: versioned ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    etag: `"thumb-${shape}-${THUMB_VERSION}"`,
  });
}
