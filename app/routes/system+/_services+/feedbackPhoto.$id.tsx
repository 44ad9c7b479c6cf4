import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { readFeedbackPhoto } from "~/modules/feedback/feedback.server";
import { fileResponse } from "~/utils/file-response.server";
import { notFound, requireStaff } from "~/utils/guard.server";
import { FeedbackIdParam } from "./__feedback.server";

/** A photo of a feedback of the signed-in company entity, for customer support (decision 049). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = getDb();
  const staff = await requireStaff(request, "svc:feedback:view", db);
  const id = FeedbackIdParam.safeParse(params.id ?? "");
  if (!id.success) notFound();
  const photo = await readFeedbackPhoto(db, { tenantId: staff.tenantId }, id.data);
  if (!photo) notFound();
  return fileResponse(request, { body: photo.body, type: photo.type, name: photo.name, inline: true, cache: "private, max-age=3600" });
}
