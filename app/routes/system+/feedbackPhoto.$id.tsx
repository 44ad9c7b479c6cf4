import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { contentDisposition } from "~/modules/content/files.server";
import { readFeedbackPhoto } from "~/modules/feedback/feedback.server";
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
  return new Response(new Uint8Array(photo.body), {
    headers: {
      "Content-Type": photo.type,
      "Content-Disposition": contentDisposition(photo.name, true),
      "Content-Length": String(photo.body.byteLength),
      "Cache-Control": "private, max-age=3600",
    },
  });
}
