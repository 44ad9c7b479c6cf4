import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { getDb } from "~/db/index.server";
import { getLanguage } from "~/i18n/i18n.server";
import { getOptionalDealer } from "~/utils/session.server";
import { getSolutionChildren, getSolutionLevel } from "~/modules/services/solutions.server";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const query = z.object({
  industry: id.optional(),
  /** the old shop's links name the second page's industry `id` (issue 29 §15: keep it) */
  id: id.optional(),
  parentCode: id.optional(),
  catalogueCode: z.string().trim().min(1).max(60).optional(),
});

/**
 * /solutionSecond/second?industry=<first level>[&catalogueCode=] (or ?id=<first level>) and
 * /solutionSecond/third?industry=<first level>&parentCode=<second level>[&catalogueCode=].
 * No industry at all: the list of industries; an unknown or misplaced item: 404.
 */
export async function loadSolutionLevel({ request }: LoaderFunctionArgs, level: 2 | 3) {
  const url = new URL(request.url);
  const raw = Object.fromEntries([...url.searchParams].filter(([, v]) => v !== ""));
  const parsed = query.safeParse(raw);
  if (!parsed.success) throw new Response("Not Found", { status: 404 });
  const { parentCode, catalogueCode } = parsed.data;
  // the second page may name its industry by id or by parentCode alone (the first level is its parent)
  const industry = parsed.data.industry ?? (level === 2 ? (parsed.data.id ?? parentCode) : undefined);
  if (industry === undefined) throw redirect("/industrySolution");
  const db = getDb();
  const user = await getOptionalDealer(request, db);
  const lang = await getLanguage(request, user?.language);
  const found = await getSolutionLevel(db, {
    level,
    industryId: industry,
    parentId: level === 3 ? (parentCode ?? null) : null,
    lang,
    tenantId: user?.tenantId,
    catalogueCode,
  });
  if (!found) throw new Response("Not Found", { status: 404 });
  const details = level === 3 ? await getSolutionChildren(db, found.item, { lang, tenantId: user?.tenantId }) : [];
  return { ...found, details };
}
