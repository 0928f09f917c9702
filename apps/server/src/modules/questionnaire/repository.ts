import { type Question, type QuestionKind, type QuestionnaireListQuery, QuestionnaireStatus } from '@odp/contracts';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  departs,
  type QuestionnaireRow,
  questionnaireAnswerItems,
  questionnaireAnswers,
  questionnaireOptions,
  questionnaireQuestions,
  questionnaires,
  users,
} from '../../db/schema/index.js';

const q = questionnaires;
const { draft, published, ended, withdrawn } = QuestionnaireStatus;

export const live = isNull(q.deletedAt);
/** Named in full: inside the subquery a bare "id" would be the question's own. */
const questionCount = sql<number>`(select count(*)::int from questionnaire_question qq where qq.questionnaire_id = "questionnaire"."id")`;
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The back-office status filter, by the effective status (已发布 past its close time is 已结束). */
export function statusFilter(status: string | undefined, now: Date): SQL | undefined {
  if (status === published) return and(eq(q.status, published), gt(q.closeTime, now));
  if (status === ended) return or(eq(q.status, ended), and(eq(q.status, published), lte(q.closeTime, now)));
  if (status === draft || status === withdrawn) return eq(q.status, status);
  return undefined;
}

export async function pageQuestionnaires(
  db: Executor,
  scope: SQL | undefined,
  query: QuestionnaireListQuery,
  now: Date,
): Promise<{ rows: (QuestionnaireRow & { departName: string | null; questionCount: number })[]; total: number }> {
  const where = and(
    live,
    scope,
    query.title ? ilike(q.title, likeText(query.title)) : undefined,
    statusFilter(query.status, now),
  );
  const [{ n }] = await db.select({ n: count() }).from(q).where(where);
  const rows = await db
    .select({
      row: q,
      departName: departs.departName,
      questionCount: questionCount,
    })
    .from(q)
    .leftJoin(departs, eq(departs.orgCode, q.orgCode))
    .where(where)
    .orderBy(desc(q.updatedAt), desc(q.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return { rows: rows.map((r) => ({ ...r.row, departName: r.departName, questionCount: r.questionCount })), total: n };
}

export async function findQuestionnaire(db: Executor, id: string): Promise<QuestionnaireRow | null> {
  const [row] = await db
    .select()
    .from(q)
    .where(and(eq(q.id, id), live));
  return row ?? null;
}

export async function lockQuestionnaire(db: Executor, id: string): Promise<QuestionnaireRow | null> {
  const [row] = await db
    .select()
    .from(q)
    .where(and(eq(q.id, id), live))
    .for('update');
  return row ?? null;
}

export async function departName(db: Executor, orgCode: string | null): Promise<string | null> {
  if (!orgCode) return null;
  const [row] = await db.select({ name: departs.departName }).from(departs).where(eq(departs.orgCode, orgCode));
  return row?.name ?? null;
}

/** The questions of questionnaires in order, each with its options in order. */
export async function questionsOf(db: Executor, ids: string[]): Promise<Map<string, Question[]>> {
  const out = new Map<string, Question[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const qs = await db
    .select()
    .from(questionnaireQuestions)
    .where(inArray(questionnaireQuestions.questionnaireId, ids))
    .orderBy(asc(questionnaireQuestions.questionnaireId), asc(questionnaireQuestions.sortNo));
  const opts = qs.length
    ? await db
        .select()
        .from(questionnaireOptions)
        .where(
          inArray(
            questionnaireOptions.questionId,
            qs.map((x) => x.id),
          ),
        )
        .orderBy(asc(questionnaireOptions.questionId), asc(questionnaireOptions.sortNo))
    : [];
  const byQuestion = new Map<string, { id: string; label: string }[]>();
  for (const o of opts) {
    const list = byQuestion.get(o.questionId) ?? [];
    list.push({ id: o.id, label: o.label });
    byQuestion.set(o.questionId, list);
  }
  for (const x of qs)
    out.get(x.questionnaireId)?.push({
      id: x.id,
      kind: x.kind as QuestionKind,
      title: x.title,
      required: x.required,
      options: byQuestion.get(x.id) ?? [],
    });
  return out;
}

/** Replaces every question (only before the first answer: answers refer to them). */
export async function replaceQuestions(
  db: Executor,
  questionnaireId: string,
  questions: { kind: string; title: string; required: boolean; options: { label: string }[] }[],
) {
  await db.delete(questionnaireQuestions).where(eq(questionnaireQuestions.questionnaireId, questionnaireId));
  if (!questions.length) return;
  const inserted = await db
    .insert(questionnaireQuestions)
    .values(
      questions.map((x, i) => ({
        questionnaireId,
        sortNo: i + 1,
        kind: x.kind,
        title: x.title,
        required: x.required,
      })),
    )
    .returning({ id: questionnaireQuestions.id, sortNo: questionnaireQuestions.sortNo });
  const idOf = new Map(inserted.map((r) => [r.sortNo, r.id]));
  const options = questions.flatMap((x, i) =>
    x.options.map((o, j) => ({ questionId: idOf.get(i + 1) as string, sortNo: j + 1, label: o.label })),
  );
  if (options.length) await db.insert(questionnaireOptions).values(options);
}

export async function hasAnswers(db: Executor, questionnaireId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: questionnaireAnswers.id })
    .from(questionnaireAnswers)
    .where(eq(questionnaireAnswers.questionnaireId, questionnaireId))
    .limit(1);
  return Boolean(row);
}

/** Whether this account or this device has answered already. */
export async function answeredBy(
  db: Executor,
  questionnaireId: string,
  who: { userId: string | null; deviceId: string | null },
): Promise<'user' | 'device' | null> {
  if (!who.userId && !who.deviceId) return null;
  const rows = await db
    .select({ userId: questionnaireAnswers.userId, deviceId: questionnaireAnswers.deviceId })
    .from(questionnaireAnswers)
    .where(
      and(
        eq(questionnaireAnswers.questionnaireId, questionnaireId),
        or(
          who.userId ? eq(questionnaireAnswers.userId, who.userId) : undefined,
          who.deviceId ? eq(questionnaireAnswers.deviceId, who.deviceId) : undefined,
        ),
      ),
    )
    .limit(1);
  if (!rows.length) return null;
  return who.userId && rows[0].userId === who.userId ? 'user' : 'device';
}

export type AnswerItem = { questionId: string; optionId?: string; text?: string; rating?: number };

export async function insertAnswer(
  db: Executor,
  questionnaireId: string,
  who: { userId: string | null; deviceId: string | null },
  items: AnswerItem[],
  at: Date,
): Promise<string> {
  const [answer] = await db
    .insert(questionnaireAnswers)
    .values({ questionnaireId, userId: who.userId, deviceId: who.deviceId, createdAt: at })
    .returning({ id: questionnaireAnswers.id });
  if (items.length)
    await db.insert(questionnaireAnswerItems).values(
      items.map((i) => ({
        answerId: answer.id,
        questionId: i.questionId,
        optionId: i.optionId ?? null,
        text: i.text ?? null,
        rating: i.rating ?? null,
      })),
    );
  await db
    .update(q)
    .set({ joinNumber: sql`${q.joinNumber} + 1` })
    .where(eq(q.id, questionnaireId));
  return answer.id;
}

/** Public rows: published or ended, never drafts or withdrawn ones. Open first, then upcoming, then ended. */
export async function pagePublic(db: Executor, now: Date, pageSize: number, offset: number) {
  const where = and(live, inArray(q.status, [published, ended]));
  const phase = sql`case when ${q.status} = ${published} and ${q.openTime} <= ${now} and ${q.closeTime} > ${now} then 0
    when ${q.status} = ${published} and ${q.openTime} > ${now} then 1 else 2 end`;
  const [{ n }] = await db.select({ n: count() }).from(q).where(where);
  const rows = await db
    .select({
      row: q,
      questionCount: questionCount,
    })
    .from(q)
    .where(where)
    .orderBy(phase, desc(q.closeTime), desc(q.id))
    .limit(pageSize)
    .offset(offset);
  return { rows: rows.map((r) => ({ ...r.row, questionCount: r.questionCount })), total: n };
}

/** Per question: how many sheets answered it; per option: how often chosen; per score: how often given. */
export async function aggregate(db: Executor, questionnaireId: string) {
  const items = questionnaireAnswerItems;
  const inQuestionnaire = sql`${items.questionId} in (select ${questionnaireQuestions.id} from ${questionnaireQuestions} where ${questionnaireQuestions.questionnaireId} = ${questionnaireId})`;
  const answered = await db
    .select({ questionId: items.questionId, n: sql<number>`count(distinct ${items.answerId})::int` })
    .from(items)
    .where(inQuestionnaire)
    .groupBy(items.questionId);
  const options = await db
    .select({ optionId: items.optionId, n: sql<number>`count(*)::int` })
    .from(items)
    .where(and(inQuestionnaire, sql`${items.optionId} is not null`))
    .groupBy(items.optionId);
  const ratings = await db
    .select({ questionId: items.questionId, rating: items.rating, n: sql<number>`count(*)::int` })
    .from(items)
    .where(and(inQuestionnaire, sql`${items.rating} is not null`))
    .groupBy(items.questionId, items.rating);
  return {
    answered: new Map(answered.map((r) => [r.questionId, r.n])),
    options: new Map(options.map((r) => [r.optionId as string, r.n])),
    ratings,
  };
}

export async function pageTextAnswers(db: Executor, questionId: string, pageSize: number, offset: number) {
  const where = and(
    eq(questionnaireAnswerItems.questionId, questionId),
    sql`${questionnaireAnswerItems.text} is not null`,
  );
  const [{ n }] = await db.select({ n: count() }).from(questionnaireAnswerItems).where(where);
  const rows = await db
    .select({
      answerId: questionnaireAnswerItems.answerId,
      text: questionnaireAnswerItems.text,
      time: questionnaireAnswers.createdAt,
    })
    .from(questionnaireAnswerItems)
    .innerJoin(questionnaireAnswers, eq(questionnaireAnswers.id, questionnaireAnswerItems.answerId))
    .where(where)
    .orderBy(desc(questionnaireAnswers.createdAt), desc(questionnaireAnswers.id))
    .limit(pageSize)
    .offset(offset);
  return { rows, total: n };
}

/** A batch of answer sheets after a (time, id) mark, with who answered, for the export. */
export async function answersAfter(
  db: Executor,
  questionnaireId: string,
  after: { at: Date; id: string } | null,
  limit: number,
) {
  const a = questionnaireAnswers;
  return db
    .select({ id: a.id, createdAt: a.createdAt, userId: a.userId, realname: users.realname, username: users.username })
    .from(a)
    .leftJoin(users, eq(users.id, a.userId))
    .where(
      and(
        eq(a.questionnaireId, questionnaireId),
        after ? or(gt(a.createdAt, after.at), and(eq(a.createdAt, after.at), gt(a.id, after.id))) : undefined,
      ),
    )
    .orderBy(asc(a.createdAt), asc(a.id))
    .limit(limit);
}

export async function itemsOf(db: Executor, answerIds: string[]) {
  if (!answerIds.length) return [];
  return db.select().from(questionnaireAnswerItems).where(inArray(questionnaireAnswerItems.answerId, answerIds));
}

export async function insertQuestionnaire(db: Executor, values: typeof q.$inferInsert): Promise<QuestionnaireRow> {
  const [row] = await db.insert(q).values(values).returning();
  return row;
}

export async function updateQuestionnaire(db: Executor, id: string, set: Partial<typeof q.$inferInsert>) {
  await db.update(q).set(set).where(eq(q.id, id));
}
