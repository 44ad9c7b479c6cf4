export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

/** Any unknown path: the not-found page, inside the shop layout, with status 404. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
