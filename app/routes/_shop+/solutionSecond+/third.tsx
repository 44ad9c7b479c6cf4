import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SolutionLevelPage } from "~/components/services/SolutionLevelPage";
import { loadSolutionLevel } from "./__solution.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["services"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, "titles.industrySolution", { name: data?.item.title ?? "" });

/** Spec §2 /solutionSecond/third: a second-level industry solution and its third-level items in full. */
export const loader = (args: LoaderFunctionArgs) => loadSolutionLevel(args, 3);

export default function SolutionThird() {
  return <SolutionLevelPage data={useLoaderData<typeof loader>()} level={3} />;
}
