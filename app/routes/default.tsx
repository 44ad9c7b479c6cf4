import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getDb } from "~/db/index.server";
import { landingPage } from "~/modules/auth/login.server";
import { getOptionalSessionUser } from "~/utils/session.server";

/** Spec §2 /default: the legacy default page; like the root, it goes to the landing page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  return redirect(await landingPage(db, await getOptionalSessionUser(request, db)));
}
