import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/meta";
import { ReservationNew } from "./__ReservationViews";
import { reservationNewAction, reservationNewLoader } from "./__reservation.server";

export const handle = { i18n: ["support"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.requestAStockReservation");

/** A new stock reservation request (decision 052): the form carries a one-time token, so a double post files it once. */
export async function loader({ request }: LoaderFunctionArgs) {
  return reservationNewLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return reservationNewAction(request);
}

export default function Page() {
  const { token, maxLines } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = Object.values(actionData?.result.error ?? {}).flat() as string[];
  return <ReservationNew token={token} maxLines={maxLines} errors={errors} initial={actionData?.result.initialValue as Record<string, unknown> | undefined} />;
}
