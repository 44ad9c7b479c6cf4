import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { getPublicDocument } from "~/modules/bidding/bidding.server";
import { storedFileResponse } from "~/utils/stored-file.server";
import { biddingId } from "./__bidding.server";

/** A tender's document for anybody (decision 053); a draft's or an unknown document is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = biddingId.safeParse(params.id);
  const meta = id.success ? await getPublicDocument(getDb(), { id: id.data }) : null;
  return storedFileResponse(request, meta, "public");
}
