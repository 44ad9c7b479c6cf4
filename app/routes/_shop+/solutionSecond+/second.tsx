import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SolutionLevelPage } from "~/components/services/SolutionLevelPage";
import { loadSolutionLevel } from "./__solution.server";
import { pageMeta } from "~/utils/meta";

export const handle = { i18n: ["services"] };

export { ShopErrorBoundary as ErrorBoundary } from "~/components/ShopErrorBoundary";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, "titles.industrySolution", { name: data?.item.title ?? "" });

/** Spec §2 /solutionSecond/second: a first-level industry solution and its second-level items. */
export const loader = (args: LoaderFunctionArgs) => loadSolutionLevel(args, 2);

export default function SolutionSecond() {
  return <SolutionLevelPage data={useLoaderData<typeof loader>()} level={2} />;
}
