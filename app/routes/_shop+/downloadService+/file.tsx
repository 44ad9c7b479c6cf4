import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { getContentFile } from "~/modules/content/content.server";
import { storedFileResponse } from "~/utils/stored-file.server";
import { getOptionalDealer } from "~/utils/session.server";

/**
 * The file of a published download (decision 046): see storedFileResponse for the headers.
 * A draft, a future item or another entity's file is 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("id") ?? "";
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  const user = id ? await getOptionalDealer(request) : null;
  const meta = id ? await getContentFile(getDb(), { id, tenantId: user?.tenantId }) : null;
  return storedFileResponse(request, meta, user ? "private" : "public");
}
