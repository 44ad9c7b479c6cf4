import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "~/db/index.server";
import { AVATAR_MAX_BYTES, readAvatar, removeAvatar, setAvatar } from "~/modules/services/profile.server";
import { fileResponse } from "~/utils/file-response.server";
import { readFormData } from "~/utils/form.server";
import { requireUser } from "~/utils/guard.server";
import { redirectWithToast } from "~/utils/reply.server";
import { AvatarSchema } from "./__profile.server";

/** Back to the personal centre, whose page shows what happened (the form is there, this route has no page). */
const back = (key: string, kind: "success" | "error" = "error") => redirectWithToast("/profile/index", { key, kind });

/** GET /profile/avatar: the signed-in account's own avatar (nobody else's; 404 when none). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const avatar = await readAvatar(getDb(), user);
  if (!avatar) throw new Response("Not Found", { status: 404 });
  return fileResponse(request, { body: avatar.data, type: avatar.type, cache: "private, no-cache", etag: `"${avatar.key}"` });
}

/** POST /profile/avatar: upload (PNG/JPEG by content, ≤ 1 MB) or remove; back to the personal centre with a message. */
export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireUser(request, db);
  if (Number(request.headers.get("content-length") ?? 0) > AVATAR_MAX_BYTES + 64 * 1024) return back("services:profile.avatarTooBig");
  let form: FormData;
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    try {
      form = await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: AVATAR_MAX_BYTES }));
    } catch (e) {
      if (e instanceof MaxPartSizeExceededError) return back("services:profile.avatarTooBig");
      return back("services:profile.avatarType");
    }
  } else form = await readFormData(request);
  const submission = parseWithZod(form, { schema: AvatarSchema });
  if (submission.status !== "success") return back("services:profile.avatarEmpty");
  if (submission.value.intent === "remove") {
    await removeAvatar(db, user);
    return back("services:profile.avatarRemoved", "success");
  }
  const outcome = await setAvatar(db, user, new Uint8Array(await submission.value.avatar.arrayBuffer()));
  return outcome.ok ? back("services:profile.avatarSaved", "success") : back(outcome.error);
}
