import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";
import { ReservationDetail } from "./__ReservationViews";
import { reservationDetailAction, reservationDetailLoader } from "./__reservation.server";

export const handle = { i18n: ["support"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.stockReservationDetails");

/** One stock reservation of the customer (decision 052): what is kept and ordered; withdraw or release it. Another customer's is not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return reservationDetailLoader(request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return reservationDetailAction(request, params.id);
}

export default function Page() {
  const { reservation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = Object.values(actionData?.result.error ?? {}).flat() as string[];
  return <ReservationDetail reservation={reservation} errors={errors} />;
}
