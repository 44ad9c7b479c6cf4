import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import { getLanguage } from "~/i18n/i18n.server";
import { getOptionalDealer } from "~/utils/session.server";
import { getContent, listContent, type ContentItem } from "~/modules/content/content.server";

const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** Loader of a content page: the list of a kind, or one item when ?id= is given (404 if unknown). */
export async function loadContentPage({ request }: LoaderFunctionArgs, kind: string) {
  const db = getDb();
  const user = await getOptionalDealer(request);
  const lang = await getLanguage(request, user?.language);
  const rawId = new URL(request.url).searchParams.get("id");
  if (rawId !== null) {
    const id = idParam.safeParse(rawId);
    const item = id.success ? await getContent(db, { id: id.data, kind, lang, tenantId: user?.tenantId }) : null;
    if (!item) throw new Response("Not Found", { status: 404 });
    return { items: [] as ContentItem[], item: item as ContentItem | null };
  }
  const items = await listContent(db, { kind, lang, tenantId: user?.tenantId, limit: 50, topLevelOnly: kind === "solution" });
  return { items, item: null as ContentItem | null };
}
