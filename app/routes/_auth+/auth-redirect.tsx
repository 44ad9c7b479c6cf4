import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RelayRefused } from "~/components/services/RelayRefused";
import { relayLoader } from "./__relay.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["auth", "services"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.signInFromThePortal");

/** Spec §2 /auth-redirect?token=&redirect=: the hand-over, then the shop page asked for (decision 048). */
export const loader = ({ request, context }: LoaderFunctionArgs) => relayLoader(request, context.clientIp, "redirect");

export default function AuthRedirect() {
  return <RelayRefused />;
}
