import { thumbSrc, type ThumbKey } from "~/modules/catalogue/thumbnail";

/**
 * A product's or a catalogue tile's picture (decision 069): a cached SVG file of its shape. It is
 * decorative (alt=""): the code or title beside it names the product.
 */
export function Thumbnail({ shape, size = "row" }: { shape: ThumbKey; size?: "row" | "tile" }) {
  const px = size === "tile" ? 56 : 40;
  return <img className={`thumb thumb-${size}`} src={thumbSrc(shape)} alt="" width={px} height={px} decoding="async" data-testid="thumb" data-shape={shape} />;
}
