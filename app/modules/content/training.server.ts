import type { DB } from "~/db/db.server";
import type { Language } from "~/i18n/config";
import { getContent } from "./content.server";

/**
 * A dealer's progress in online training (issue 18 §5): an account marks a course as finished
 * (or not any more); the training list shows which and how many. Only a published course the
 * account may see can be marked.
 */
export interface TrainingLearner {
  userId: number;
  tenantId: number;
}

/** The ids of the courses this account finished. */
export async function finishedCourses(db: DB, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("training_progress").select("content_id").where("user_id", "=", userId).orderBy("content_id").execute();
  return rows.map((r) => r.content_id);
}

/** Marks a course finished or not; twice the same is one effect. Unknown or hidden course: not found. */
export async function setCourseFinished(
  db: DB,
  learner: TrainingLearner,
  input: { contentId: number; finished: boolean; lang: Language },
  now = new Date(),
): Promise<{ ok: true } | { ok: false; error: "training.notFound" }> {
  const course = await getContent(db, { id: input.contentId, kind: "training", lang: input.lang, tenantId: learner.tenantId, now });
  if (!course) return { ok: false, error: "training.notFound" };
  if (!input.finished) {
    await db.deleteFrom("training_progress").where("user_id", "=", learner.userId).where("content_id", "=", input.contentId).execute();
    return { ok: true };
  }
  await db
    .insertInto("training_progress")
    .values({ user_id: learner.userId, content_id: input.contentId, completed_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "content_id"]).doNothing())
    .execute();
  return { ok: true };
}
