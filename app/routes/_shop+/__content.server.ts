import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import { getLanguage } from "~/i18n/i18n.server";
import { getOptionalDealer } from "~/utils/session.server";
import { getContent, listContent, listDownloads, type ContentItem, type DownloadGroup } from "~/modules/content/content.server";

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

const categoryParam = z.coerce.number().int().min(0).max(2_147_483_647).optional().catch(undefined);

/** Loader of the downloads page: one download (?id=), or the downloads grouped by category, one category with ?category= (0: without a category). */
export async function loadDownloadsPage(args: LoaderFunctionArgs) {
  const params = new URL(args.request.url).searchParams;
  if (params.get("id") !== null) {
    const { item } = await loadContentPage(args, "download");
    return { item, groups: [] as DownloadGroup[], filter: [] as { categoryId: number; name: string; count: number }[], categoryId: null as number | null };
  }
  const user = await getOptionalDealer(args.request);
  const lang = await getLanguage(args.request, user?.language);
  const categoryId = categoryParam.parse(params.get("category") ?? undefined) ?? null;
  const { filter, groups } = await listDownloads(getDb(), { lang, tenantId: user?.tenantId, categoryId });
  return { item: null as ContentItem | null, groups, filter, categoryId };
}
