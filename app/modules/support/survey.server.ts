import { shopToday } from "~/i18n/format";
import type { DB } from "~/db/db.server";
import { recordAudit, type Actor } from "~/modules/admin/audit.server";
import { NotFoundError } from "~/modules/errors";
import { fail, ok, type Result } from "~/modules/result";

/**
 * Satisfaction surveys (decision 050). The back office defines a questionnaire for a period of
 * China days (inclusive); periods do not overlap, so at most one survey is current. A signed-in
 * dealer account answers the current survey once: the domain refuses a second answer, and the
 * unique index (survey, user) refuses it again when two posts race.
 */
export type QuestionKind = "scale" | "text";
export interface QuestionInput {
  kind: QuestionKind;
  textZh: string;
  textEn: string;
}
export interface SurveyInput {
  titleZh: string;
  titleEn: string;
  startsOn: string;
  endsOn: string;
  questions: QuestionInput[];
}

export async function listSurveys(db: DB) {
  const rows = await db
    .selectFrom("survey as s")
    .select([
      "s.id",
      "s.title_zh",
      "s.title_en",
      "s.starts_on",
      "s.ends_on",
      (eb) =>
        eb
          .selectFrom("survey_question as q")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("q.survey_id", "=", "s.id")
          .as("questions"),
      (eb) =>
        eb
          .selectFrom("survey_response as r")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("r.survey_id", "=", "s.id")
          .as("responses"),
    ])
    .orderBy("s.starts_on", "desc")
    .orderBy("s.id", "desc")
    .execute();
  return rows.map((r) => ({ ...r, questions: Number(r.questions), responses: Number(r.responses) }));
}

export async function getSurvey(db: DB, id: number) {
  const survey = await db.selectFrom("survey").selectAll().where("id", "=", id).executeTakeFirst();
  if (!survey) throw new NotFoundError("survey");
  const questions = await db.selectFrom("survey_question").selectAll().where("survey_id", "=", id).orderBy("sort").orderBy("id").execute();
  return { ...survey, questions: questions.map((q) => ({ ...q, kind: q.kind as QuestionKind })) };
}

/** The survey whose period holds today (China day), if any. */
export async function currentSurvey(db: DB, now = new Date()) {
  const today = shopToday(now);
  const row = await db
    .selectFrom("survey")
    .select("id")
    .where("starts_on", "<=", today)
    .where("ends_on", ">=", today)
    .orderBy("starts_on", "desc")
    .executeTakeFirst();
  return row ? getSurvey(db, row.id) : null;
}

async function overlaps(db: DB, input: SurveyInput, exceptId: number | null) {
  let q = db.selectFrom("survey").select("id").where("starts_on", "<=", input.endsOn).where("ends_on", ">=", input.startsOn);
  if (exceptId !== null) q = q.where("id", "<>", exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

function check(input: SurveyInput) {
  if (input.endsOn < input.startsOn) return fail("support:survey.periodOrder", undefined, "endsOn");
  if (input.questions.length === 0) return fail("support:survey.noQuestions");
  return null;
}

/** Creates a survey, or updates one; its questions can change only while nobody has answered. */
export async function saveSurvey(db: DB, actor: Actor, id: number | null, input: SurveyInput, now = new Date()): Promise<Result<{ id: number }>> {
  const invalid = check(input);
  if (invalid) return invalid;
  return db.transaction().execute(async (trx) => {
    if (await overlaps(trx, input, id)) return fail("support:survey.overlap");
    const iso = now.toISOString();
    const values = { title_zh: input.titleZh, title_en: input.titleEn, starts_on: input.startsOn, ends_on: input.endsOn, updated_at: iso };
    let surveyId: number;
    let before: unknown = undefined;
    if (id === null) {
      surveyId = (
        await trx
          .insertInto("survey")
          .values({ ...values, created_at: iso })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    } else {
      const old = await trx.selectFrom("survey").selectAll().where("id", "=", id).executeTakeFirst();
      if (!old) throw new NotFoundError("survey");
      before = old;
      surveyId = id;
      const answered = await trx.selectFrom("survey_response").select("id").where("survey_id", "=", id).executeTakeFirst();
      const oldQuestions = await trx
        .selectFrom("survey_question")
        .select(["kind", "text_zh", "text_en"])
        .where("survey_id", "=", id)
        .orderBy("sort")
        .orderBy("id")
        .execute();
      const same =
        oldQuestions.length === input.questions.length &&
        oldQuestions.every((q, i) => q.kind === input.questions[i].kind && q.text_zh === input.questions[i].textZh && q.text_en === input.questions[i].textEn);
      if (answered && !same) return fail("support:survey.hasAnswers");
      await trx.updateTable("survey").set(values).where("id", "=", id).execute();
      if (same) {
        await recordAudit(trx, actor, { action: "update", entity: "survey", entityId: surveyId, before, after: values }, now);
        return ok({ id: surveyId });
      }
      await trx.deleteFrom("survey_question").where("survey_id", "=", id).execute();
    }
    await trx
      .insertInto("survey_question")
      .values(input.questions.map((q, i) => ({ survey_id: surveyId, sort: (i + 1) * 10, kind: q.kind, text_zh: q.textZh, text_en: q.textEn })))
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: id === null ? "create" : "update", entity: "survey", entityId: surveyId, before, after: { ...values, questions: input.questions } },
      now,
    );
    return ok({ id: surveyId });
  });
}

export async function hasAnswered(db: DB, surveyId: number, userId: number): Promise<boolean> {
  return (await db.selectFrom("survey_response").select("id").where("survey_id", "=", surveyId).where("user_id", "=", userId).executeTakeFirst()) !== undefined;
}

/** Answers keyed by question id: a score 1–5 for a scale question, a text for a free-text one. */
export type Answers = Record<number, { score?: number | null; text?: string | null }>;

/**
 * Answers the current survey once. Every scale question needs a score of 1 to 5; free text is
 * optional (up to 2,000 characters). A second answer of the same account is refused.
 */
export async function answerSurvey(db: DB, user: { id: number; tenantId: number }, surveyId: number, answers: Answers, now = new Date()): Promise<Result> {
  const survey = await getSurvey(db, surveyId);
  const today = shopToday(now);
  if (survey.starts_on > today || survey.ends_on < today) return fail("support:survey.closed");
  const rows: { question_id: number; score: number | null; text: string | null }[] = [];
  for (const q of survey.questions) {
    const a = answers[q.id] ?? {};
    if (q.kind === "scale") {
      const score = a.score ?? null;
      if (score === null || !Number.isInteger(score) || score < 1 || score > 5) return fail("support:survey.scoreRequired");
      rows.push({ question_id: q.id, score, text: null });
    } else {
      const text = (a.text ?? "").trim();
      if (text.length > 2000) return fail("support:survey.textTooLong");
      if (text) rows.push({ question_id: q.id, score: null, text });
    }
  }
  if (await hasAnswered(db, surveyId, user.id)) return fail("support:survey.alreadyAnswered");
  try {
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto("survey_response")
        .values({ survey_id: surveyId, user_id: user.id, tenant_id: user.tenantId, created_at: now.toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (rows.length)
        await trx
          .insertInto("survey_answer")
          .values(rows.map((r) => ({ ...r, response_id: id })))
          .execute();
    });
  } catch (e) {
    // two posts at once: the unique (survey, user) index let the first one in
    if (await hasAnswered(db, surveyId, user.id)) return fail("support:survey.alreadyAnswered");
    throw e;
  }
  return ok();
}

/** Staff results: responses, per scale question its average and the count of each score, the latest free texts. */
export async function surveyResults(db: DB, surveyId: number) {
  const survey = await getSurvey(db, surveyId);
  const [responses, scores, texts] = await Promise.all([
    db
      .selectFrom("survey_response")
      .select((e) => e.fn.countAll<number>().as("n"))
      .where("survey_id", "=", surveyId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("survey_answer as a")
      .innerJoin("survey_question as q", "q.id", "a.question_id")
      .select(["a.question_id", "a.score", (e) => e.fn.countAll<number>().as("n")])
      .where("q.survey_id", "=", surveyId)
      .where("a.score", "is not", null)
      .groupBy(["a.question_id", "a.score"])
      .execute(),
    db
      .selectFrom("survey_answer as a")
      .innerJoin("survey_question as q", "q.id", "a.question_id")
      .innerJoin("survey_response as r", "r.id", "a.response_id")
      .select(["a.question_id", "a.text", "r.created_at"])
      .where("q.survey_id", "=", surveyId)
      .where("a.text", "is not", null)
      .orderBy("r.created_at", "desc")
      .orderBy("a.id", "desc")
      .execute(),
  ]);
  const questions = survey.questions.map((q) => {
    const counts = [1, 2, 3, 4, 5].map((s) => Number(scores.find((r) => r.question_id === q.id && Number(r.score) === s)?.n ?? 0));
    const answered = counts.reduce((a, b) => a + b, 0);
    const sum = counts.reduce((a, n, i) => a + n * (i + 1), 0);
    return {
      id: q.id,
      kind: q.kind,
      textZh: q.text_zh,
      textEn: q.text_en,
      answered,
      /** two decimals; null when nobody scored it */
      average: q.kind === "scale" && answered > 0 ? Math.round((sum / answered) * 100) / 100 : null,
      counts,
      texts:
        q.kind === "text"
          ? texts
              .filter((t) => t.question_id === q.id)
              .slice(0, 50)
              .map((t) => ({ text: t.text ?? "", at: t.created_at }))
          : [],
    };
  });
  return { survey, responses: Number(responses.n), questions };
}
