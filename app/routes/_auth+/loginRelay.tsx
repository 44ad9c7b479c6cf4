import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RelayRefused } from "~/components/services/RelayRefused";
import { relayLoader } from "./__relay.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["auth", "services"] };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, "titles.signInFromThePortal");

/** Spec §2 /loginRelay: sign-in handed over from the company portal (decision 048). */
export const loader = ({ request, context }: LoaderFunctionArgs) => relayLoader(request, context.clientIp, "login");

export default function LoginRelay() {
  return <RelayRefused />;
}
