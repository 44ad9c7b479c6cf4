import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { finishedCourses, setCourseFinished } from "./training.server";

/** Online training progress (issue 18 §5) on the demo data. */
describe.each(testDatabases())("training progress on $name", ({ seeded }) => {
  let db: DB;
  let learner: { userId: number; tenantId: number };
  let other: { userId: number; tenantId: number };
  let course: number;
  let draft: number;
  let announcement: number;

  withFreshDb(
    () => seeded({ products: 40 }),
    async (fresh) => {
      db = fresh;
      const user = async (code: string) => {
        const u = await db
          .selectFrom("app_user")
          .innerJoin("user_tenant", "user_tenant.user_id", "app_user.id")
          .select(["app_user.id", "user_tenant.tenant_id"])
          .where("code", "=", code)
          .orderBy("is_default", "desc")
          .executeTakeFirstOrThrow();
        return { userId: u.id, tenantId: u.tenant_id };
      };
      learner = await user("XCD000001");
      other = await user("DPC000001");
      const content = (kind: string, status: string) =>
        db
          .selectFrom("content")
          .select("id")
          .where("kind", "=", kind)
          .where("status", "=", status)
          .where("tenant_id", "is", null)
          .orderBy("id")
          .executeTakeFirstOrThrow();
      course = (await content("training", "published")).id;
      announcement = (await content("announcement", "published")).id;
      draft = (
        await db
          .insertInto("content")
          .values({
            kind: "training",
            title_zh: "草稿课程",
            title_en: "Draft course",
            body_zh: "",
            body_en: "",
            published_at: new Date().toISOString(),
            status: "draft",
            tenant_id: null,
          } as never)
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    },
  );

  it("marks a course finished once, however often it is posted, for this account only, and unmarks it", async () => {
    expect(await finishedCourses(db, learner.userId)).toEqual([]);
    const results = await Promise.all([1, 2, 3].map(() => setCourseFinished(db, learner, { contentId: course, finished: true, lang: "zh" })));
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(await finishedCourses(db, learner.userId)).toEqual([course]);
    expect(await finishedCourses(db, other.userId)).toEqual([]);
    expect(await setCourseFinished(db, learner, { contentId: course, finished: false, lang: "zh" })).toEqual({ ok: true });
    expect(await finishedCourses(db, learner.userId)).toEqual([]);
  });

  it("refuses a draft, an item of another kind and an unknown id, recording nothing", async () => {
    for (const contentId of [draft, announcement, 999_999]) {
      expect(await setCourseFinished(db, learner, { contentId, finished: true, lang: "en" })).toEqual({ ok: false, error: "training.notFound" });
    }
    expect(await finishedCourses(db, learner.userId)).toEqual([]);
  });
});
