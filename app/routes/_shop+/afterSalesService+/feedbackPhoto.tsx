import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { contentDisposition } from "~/modules/content/files.server";
import { readFeedbackPhoto } from "~/modules/feedback/feedback.server";
import { notFound, requireUser } from "~/utils/guard.server";
import { IdParam } from "./__feedback.server";

/** A photo of the customer's own feedback (decision 049): its type as read from its content on upload; anyone else's is 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = IdParam.safeParse(new URL(request.url).searchParams.get("id") ?? "");
  if (!id.success) notFound();
  const photo = await readFeedbackPhoto(getDb(), { tenantId: user.tenantId, customerId: user.customerId }, id.data);
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
