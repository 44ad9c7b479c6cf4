import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { LayoutSchema } from "./backOffice.schemas.server";
import { getDb } from "~/db/index.server";
import { saveStaffSettings } from "~/modules/admin/settings.server";
import { plainCookie, readLayoutState, tagsCookie } from "~/utils/admin-layout.server";
import { setToast } from "~/utils/cookies.server";
import { readFormData } from "~/utils/form.server";
import { requireStaff } from "~/utils/guard.server";
import { safeRedirect } from "~/utils/redirect";

/**
 * The admin-style layout's controls (spec §2, §4): sidebar open/closed and size in cookies, the
 * tags view's pages, the settings panel per user. Each posts here and goes back to its page.
 */
export async function action({ request }: ActionFunctionArgs) {
  const db = getDb();
  const user = await requireStaff(request, null, db);
  const submission = parseWithZod(await readFormData(request), { schema: LayoutSchema });
  if (submission.status !== "success") return redirect("/system");
  const value = submission.value;
  const to = safeRedirect(value.back, "/system");
  const headers = new Headers();
  const { tags } = await readLayoutState(request);
  const path = to.split("?")[0];
  switch (value.intent) {
    case "sidebar":
      headers.append("Set-Cookie", plainCookie("sidebarStatus", value.open));
      break;
    case "size":
      headers.append("Set-Cookie", plainCookie("size", value.size));
      headers.append("Set-Cookie", await setToast({ key: "admin:layout.sizeSwitched" })); // spec §9 'switch size success'
      break;
    case "closeTag": {
      const left = tags.filter((t) => t !== value.path);
      headers.append("Set-Cookie", await tagsCookie.serialize(left));
      // closing the page one is on goes to the last page left open
      if (value.path === path) return redirect(left.at(-1) ?? "/system", { headers });
      break;
    }
    case "closeOthers":
      headers.append("Set-Cookie", await tagsCookie.serialize(tags.filter((t) => t === value.path)));
      break;
    case "closeAll":
      headers.append("Set-Cookie", await tagsCookie.serialize([]));
      return redirect("/system", { headers });
    case "settings":
      await saveStaffSettings(db, user.id, {
        themeColor: value.themeColor,
        tagsView: !!value.tagsView,
        fixedHeader: !!value.fixedHeader,
        sidebarLogo: !!value.sidebarLogo,
      });
      break;
  }
  return redirect(to, { headers });
}

export const loader = () => redirect("/system");
