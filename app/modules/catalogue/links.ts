/** URL of the page that shows a catalogue node of a given level (the spec's query parameters). */
export function nodeHref(node: { code: string; level: number; parentCode: string | null }): string {
  const page = ["", "productFirst", "productSecond", "productThird", "productFourth"][node.level] ?? "productThird";
  const parent = node.parentCode ? `&parentCode=${encodeURIComponent(node.parentCode)}` : "";
  return `/product/${page}?catalogueCode=${encodeURIComponent(node.code)}${parent}`;
}
