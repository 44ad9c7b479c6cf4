import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { readFeedbackPhoto } from "~/modules/feedback/feedback.server";
import { fileResponse } from "~/utils/file-response.server";
import { notFound, requireUser } from "~/utils/guard.server";
import { IdParam } from "./__feedback.server";

/** A photo of the customer's own feedback (decision 049): its type as read from its content on upload; anyone else's is 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = IdParam.safeParse(new URL(request.url).searchParams.get("id") ?? "");
  if (!id.success) notFound();
  const photo = await readFeedbackPhoto(getDb(), { tenantId: user.tenantId, customerId: user.customerId }, id.data);
  if (!photo) notFound();
  return fileResponse(request, { body: photo.body, type: photo.type, name: photo.name, inline: true, cache: "private, max-age=3600" });
}
