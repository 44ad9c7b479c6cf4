import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import { readQuotationFile } from "~/modules/quotation/drawings.server";
import { fileResponse, viewsInBrowser } from "~/utils/file-response.server";
import { notFound, requireUser } from "~/utils/guard.server";

const IdParam = z.coerce.number().int().min(1).max(2_000_000_000);

/**
 * A drawing of the customer's own quotation (decision 051), with the type read from its content on
 * upload; anyone else's is 404. Images and PDF open in the browser, a DXF is downloaded.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = IdParam.safeParse(new URL(request.url).searchParams.get("id") ?? "");
  if (!id.success) notFound();
  const file = await readQuotationFile(getDb(), { tenantId: user.tenantId, customerId: user.customerId }, id.data);
  if (!file) notFound();
  return fileResponse(request, { body: file.body, type: file.type, name: file.name, inline: viewsInBrowser(file.type), cache: "private, max-age=3600" });
}
