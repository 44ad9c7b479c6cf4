import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { landingPage } from "~/modules/auth/login.server";
import { getOptionalSessionUser } from "~/utils/session.server";

/** The root goes to the configured landing page, else the first page the user's menu allows (spec §2, §6). */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  return redirect(await landingPage(db, await getOptionalSessionUser(request, db)));
}
