import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";
import { ReservationList } from "./__ReservationViews";
import { reservationListLoader } from "./__reservation.server";

export const handle = { i18n: ["support"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.stockReservation");

/** Stock reservation (spec §2 /customerSupport/standbyLibrary, decision 052): the customer's reservations, paged. */
export async function loader({ request }: LoaderFunctionArgs) {
  return reservationListLoader(request);
}

export default function Page() {
  const { rows, page, total, pageSize } = useLoaderData<typeof loader>();
  return <ReservationList rows={rows} page={page} total={total} pageSize={pageSize} />;
}
