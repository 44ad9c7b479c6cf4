import { describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { makeFixture, type Fixture } from "../../../tests/helpers/order-fixtures";
import { testDatabases, withFreshDb } from "../../../tests/helpers/db";
import { shopToday } from "~/i18n/format";
import { fail, ok } from "~/modules/result";
import { answerSurvey, currentSurvey, getSurvey, saveSurvey, surveyResults } from "./survey.server";

const staff = { id: 1, code: "EMP000003", tenantId: null };
const day = (offset: number) => shopToday(new Date(Date.now() + offset * 86_400_000));

describe.each(testDatabases())("satisfaction survey on $name", ({ url }) => {
  let db: DB;
  let fx: Fixture;
  let surveyId: number;

  withFreshDb(url, async (fresh) => {
    db = fresh;
    fx = await makeFixture(db);
    const r = await saveSurvey(db, staff, null, {
      titleZh: "2026 年度满意度调查",
      titleEn: "2026 satisfaction survey",
      startsOn: day(-3),
      endsOn: day(20),
      questions: [
        { kind: "scale", textZh: "产品质量", textEn: "Product quality" },
        { kind: "scale", textZh: "交货及时", textEn: "Delivery on time" },
        { kind: "text", textZh: "建议", textEn: "Suggestions" },
      ],
    });
    if (!r.ok) throw new Error(r.error.key);
    surveyId = r.value.id;
  });

  it("refuses a period that ends before it starts, an empty questionnaire and an overlapping period", async () => {
    const base = { titleZh: "x", titleEn: "x", questions: [{ kind: "scale" as const, textZh: "q", textEn: "q" }] };
    expect(await saveSurvey(db, staff, null, { ...base, startsOn: day(40), endsOn: day(30) })).toEqual({
      ok: false,
      error: { key: "support:survey.periodOrder", field: "endsOn" },
    });
    expect(await saveSurvey(db, staff, null, { ...base, startsOn: day(30), endsOn: day(40), questions: [] })).toEqual({
      ok: false,
      error: { key: "support:survey.noQuestions" },
    });
    expect(await saveSurvey(db, staff, null, { ...base, startsOn: day(10), endsOn: day(40) })).toEqual({ ok: false, error: { key: "support:survey.overlap" } });
  });

  it("finds the current survey and answers it once per account", async () => {
    const current = await currentSurvey(db);
    expect(current?.id).toBe(surveyId);
    const [q1, q2, q3] = current!.questions;
    // a scale question left empty is refused
    expect(await answerSurvey(db, fx.a, surveyId, { [q1.id]: { score: 5 } })).toEqual(fail("support:survey.scoreRequired"));
    expect(await answerSurvey(db, fx.a, surveyId, { [q1.id]: { score: 6 }, [q2.id]: { score: 3 } })).toEqual(fail("support:survey.scoreRequired"));
    expect(await answerSurvey(db, fx.a, surveyId, { [q1.id]: { score: 5 }, [q2.id]: { score: 4 }, [q3.id]: { text: "  交期再快一点  " } })).toEqual(ok());
    // the second answer of the same account is refused, one after the other or both at once
    expect(await answerSurvey(db, fx.a, surveyId, { [q1.id]: { score: 1 }, [q2.id]: { score: 1 } })).toEqual(fail("support:survey.alreadyAnswered"));
    const both = await Promise.all([
      answerSurvey(db, fx.b, surveyId, { [q1.id]: { score: 4 }, [q2.id]: { score: 2 } }),
      answerSurvey(db, fx.b, surveyId, { [q1.id]: { score: 4 }, [q2.id]: { score: 2 } }),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toEqual(fail("support:survey.alreadyAnswered"));
    expect(
      Number(
        (
          await db
            .selectFrom("survey_response")
            .select((e) => e.fn.countAll<number>().as("n"))
            .where("survey_id", "=", surveyId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(2);
  });

  it("computes per-question averages and the count of each score", async () => {
    const res = await surveyResults(db, surveyId);
    expect(res.responses).toBe(2);
    const [q1, q2, q3] = res.questions;
    expect(q1.average).toBe(4.5); // 5 and 4
    expect(q1.counts).toEqual([0, 0, 0, 1, 1]);
    expect(q2.average).toBe(3); // 4 and 2
    expect(q2.counts).toEqual([0, 1, 0, 1, 0]);
    expect(q3.average).toBeNull();
    expect(q3.texts.map((t) => t.text)).toEqual(["交期再快一点"]);
  });

  it("refuses an answer outside the period, and questions changed after answers", async () => {
    const r = await saveSurvey(db, staff, null, {
      titleZh: "旧",
      titleEn: "Old",
      startsOn: day(-40),
      endsOn: day(-10),
      questions: [{ kind: "scale", textZh: "q", textEn: "q" }],
    });
    if (!r.ok) throw new Error(r.error.key);
    const old = await getSurvey(db, r.value.id);
    expect(await answerSurvey(db, fx.a, r.value.id, { [old.questions[0].id]: { score: 3 } })).toEqual(fail("support:survey.closed"));
    const s = await getSurvey(db, surveyId);
    const same = s.questions.map((q) => ({ kind: q.kind, textZh: q.text_zh, textEn: q.text_en }));
    expect(
      await saveSurvey(db, staff, surveyId, { titleZh: s.title_zh, titleEn: "Renamed", startsOn: s.starts_on, endsOn: s.ends_on, questions: same.slice(1) }),
    ).toEqual({ ok: false, error: { key: "support:survey.hasAnswers" } });
    expect(
      await saveSurvey(db, staff, surveyId, { titleZh: s.title_zh, titleEn: "Renamed", startsOn: s.starts_on, endsOn: s.ends_on, questions: same }),
    ).toEqual({ ok: true, value: { id: surveyId } });
    expect((await getSurvey(db, surveyId)).title_en).toBe("Renamed");
  });
});
