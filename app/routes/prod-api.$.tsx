import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { openApiDocument } from "~/modules/integration/openapi.server";
import { answerApi } from "~/utils/prod-api.server";

/**
 * `/prod-api/*`: the integration API (spec §7, §8; decision 072). JSON in and out, the session
 * token in `X-Token`; the calls, their shapes and their work are the table of
 * `~/modules/integration/calls.server`, answered by `answerApi`. `/prod-api/openapi.json` is the
 * OpenAPI 3.1 document generated from that table.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (new URL(request.url).pathname === "/prod-api/openapi.json") {
    return json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
  }
  return answerApi(request, context.clientIp);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return answerApi(request, context.clientIp);
}
