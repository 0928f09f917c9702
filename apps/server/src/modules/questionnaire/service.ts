import {
  type AnswerInput,
  AnswerRefusal,
  allowedActions,
  type BatchResult,
  effectiveStatus,
  isChoice,
  type Page,
  QUESTIONNAIRE_LIMITS,
  QUESTIONNAIRE_MACHINE,
  type Question,
  type QuestionnaireAction,
  type QuestionnaireCard,
  type QuestionnaireDetail,
  type QuestionnaireListQuery,
  QuestionnaireMessages,
  type QuestionnairePhase,
  type QuestionnairePublicDetail,
  type QuestionnaireRecord,
  type QuestionnaireResults,
  type QuestionnaireSaveInput,
  QuestionnaireStatus,
  type QuestionnaireTransitionInput,
  type QuestionResult,
  type TextAnswer,
  toPage,
} from '@odp/contracts';
import type { Db, Executor } from '../../db/client.js';
import { type QuestionnaireRow, questionnaires } from '../../db/schema/index.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { departmentFilter, ownsDepartment } from '../../platform/auth/scope.js';
import { isUniqueViolation } from '../../platform/http/db-errors.js';
import { badRequest, notFound, unauthorized } from '../../platform/http/errors.js';
import { applyTransition, applyTransitions, departNameOf } from '../../platform/workflow/apply.js';
import { recordHistory } from '../../platform/workflow/history.js';
import {
  type AnswerItem,
  aggregate,
  answeredBy,
  departName,
  findQuestionnaire,
  hasAnswers,
  insertAnswer,
  insertQuestionnaire,
  lockQuestionnaire,
  pagePublic,
  pageQuestionnaires,
  pageTextAnswers,
  questionsOf,
  replaceQuestions,
  updateQuestionnaire,
} from './repository.js';
import { questionnaireSubject } from './subject.js';

const ALL = QUESTIONNAIRE_MACHINE.allDepartmentsPermission;

/** Who answers: the signed-in account, and the signed device cookie where anonymous answers are allowed. */
export type Respondent = { actor: Actor | null; deviceId: string | null };

export function phaseOf(
  row: Pick<QuestionnaireRow, 'status' | 'openTime' | 'closeTime'>,
  now: Date,
): QuestionnairePhase {
  if (effectiveStatus(row.status, row.closeTime, now) === QuestionnaireStatus.ended) return 'ended';
  return row.openTime > now ? 'upcoming' : 'open';
}

const isPublic = (row: QuestionnaireRow) =>
  row.status === QuestionnaireStatus.published || row.status === QuestionnaireStatus.ended;

/** The questions as a comparable value: what may not change once someone answered. */
const shapeOf = (qs: { kind: string; title: string; required: boolean; options: { label: string }[] }[]) =>
  JSON.stringify(qs.map((x) => [x.kind, x.title, x.required, x.options.map((o) => o.label)]));

function record(
  actor: Actor,
  row: QuestionnaireRow & { departName: string | null; questionCount: number },
  locked: boolean,
  now: Date,
): QuestionnaireRecord {
  const status = effectiveStatus(row.status, row.closeTime, now);
  const own = ownsDepartment(actor, row.orgCode, ALL);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    openTime: row.openTime.toISOString(),
    closeTime: row.closeTime.toISOString(),
    allowAnonymous: row.allowAnonymous,
    showResults: row.showResults,
    status,
    joinNumber: row.joinNumber,
    questionCount: row.questionCount,
    orgCode: row.orgCode,
    departName: row.departName,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
    locked,
    actions: own ? (allowedActions(QUESTIONNAIRE_MACHINE, { status }, actor.perms) as QuestionnaireAction[]) : [],
  };
}

function card(row: QuestionnaireRow & { questionCount: number }, now: Date): QuestionnaireCard {
  const phase = phaseOf(row, now);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    openTime: row.openTime.toISOString(),
    closeTime: row.closeTime.toISOString(),
    allowAnonymous: row.allowAnonymous,
    joinNumber: row.joinNumber,
    questionCount: row.questionCount,
    phase,
    resultsPublic: phase === 'ended' && row.showResults,
  };
}

/** The record the caller's department may see, else 404 (another department's answers alike). */
async function visible(db: Executor, actor: Actor, id: string): Promise<QuestionnaireRow> {
  const row = await findQuestionnaire(db, id);
  if (!row || !ownsDepartment(actor, row.orgCode, ALL)) throw notFound(QuestionnaireMessages.notFound);
  return row;
}

/**
 * Checks one answer sheet against the questions, naming the first question that fails, and turns it
 * into rows: one per chosen option, the text, or the score. Unanswered optional questions give none.
 */
export function checkAnswers(questions: Question[], input: AnswerInput['answers']): AnswerItem[] {
  const byId = new Map(input.map((a) => [a.questionId, a]));
  if (byId.size !== input.length) throw badRequest(QuestionnaireMessages.repeatedQuestion);
  const known = new Set(questions.map((x) => x.id));
  if (input.some((a) => !known.has(a.questionId))) throw badRequest(QuestionnaireMessages.unknownQuestion);
  const items: AnswerItem[] = [];
  questions.forEach((question, i) => {
    const n = i + 1;
    const a = byId.get(question.id);
    const field = { field: question.id };
    if (isChoice(question.kind)) {
      const chosen = [...new Set(a?.optionIds ?? [])];
      if (a && (a.text !== undefined || a.rating !== undefined))
        throw badRequest(AnswerRefusal.wrongKind(n, question.title), field);
      if (!chosen.length) {
        if (question.required) throw badRequest(AnswerRefusal.required(n, question.title), field);
        return;
      }
      const options = new Set(question.options.map((o) => o.id));
      if (chosen.some((id) => !options.has(id))) throw badRequest(AnswerRefusal.badOption(n, question.title), field);
      if (question.kind === 'single' && chosen.length > 1)
        throw badRequest(AnswerRefusal.oneOption(n, question.title), field);
      for (const optionId of chosen) items.push({ questionId: question.id, optionId });
    } else if (question.kind === 'text') {
      if (a && (a.optionIds?.length || a.rating !== undefined))
        throw badRequest(AnswerRefusal.wrongKind(n, question.title), field);
      const text = a?.text?.trim() ?? '';
      if (!text) {
        if (question.required) throw badRequest(AnswerRefusal.required(n, question.title), field);
        return;
      }
      if (text.length > QUESTIONNAIRE_LIMITS.textAnswer)
        throw badRequest(AnswerRefusal.textTooLong(n, question.title), field);
      items.push({ questionId: question.id, text });
    } else {
      if (a && (a.optionIds?.length || a.text !== undefined))
        throw badRequest(AnswerRefusal.wrongKind(n, question.title), field);
      if (a?.rating === undefined) {
        if (question.required) throw badRequest(AnswerRefusal.required(n, question.title), field);
        return;
      }
      const { ratingMin, ratingMax } = QUESTIONNAIRE_LIMITS;
      if (a.rating < ratingMin || a.rating > ratingMax)
        throw badRequest(AnswerRefusal.badRating(n, question.title), field);
      items.push({ questionId: question.id, rating: a.rating });
    }
  });
  return items;
}

/** Per question: the counts and shares of its options, the distribution and average of its scores. */
async function resultsOf(db: Executor, row: QuestionnaireRow, now: Date): Promise<QuestionnaireResults> {
  const questions = (await questionsOf(db, [row.id])).get(row.id) ?? [];
  const agg = await aggregate(db, row.id);
  const share = (n: number) => (row.joinNumber ? Math.round((n / row.joinNumber) * 1000) / 10 : 0);
  const out: QuestionResult[] = questions.map((x) => {
    let rating: QuestionResult['rating'] = null;
    if (x.kind === 'rating') {
      const mine = agg.ratings.filter((r) => r.questionId === x.id);
      const distribution = [1, 2, 3, 4, 5].map((score) => ({
        score,
        count: mine.find((r) => r.rating === score)?.n ?? 0,
      }));
      const total = distribution.reduce((s, d) => s + d.count, 0);
      const sum = distribution.reduce((s, d) => s + d.score * d.count, 0);
      rating = { average: total ? Math.round((sum / total) * 100) / 100 : 0, distribution };
    }
    return {
      id: x.id,
      kind: x.kind,
      title: x.title,
      required: x.required,
      answered: agg.answered.get(x.id) ?? 0,
      options: x.options.map((o) => {
        const count = agg.options.get(o.id) ?? 0;
        return { id: o.id, label: o.label, count, percent: share(count) };
      }),
      rating,
    };
  });
  return {
    id: row.id,
    title: row.title,
    status: effectiveStatus(row.status, row.closeTime, now),
    joinNumber: row.joinNumber,
    questions: out,
  };
}

export const questionnaireService = {
  async list(
    db: Db,
    actor: Actor,
    query: QuestionnaireListQuery,
    now = new Date(),
  ): Promise<Page<QuestionnaireRecord>> {
    const scope = departmentFilter(actor, { column: questionnaires.orgCode, allDepartmentsPermission: ALL });
    const { rows, total } = await pageQuestionnaires(db, scope, query, now);
    return toPage(
      rows.map((r) => record(actor, r, r.joinNumber > 0, now)),
      total,
      query,
    );
  },

  async get(db: Db, actor: Actor, id: string, now = new Date()): Promise<QuestionnaireDetail> {
    const row = await visible(db, actor, id);
    const questions = (await questionsOf(db, [id])).get(id) ?? [];
    const r = record(
      actor,
      { ...row, departName: await departName(db, row.orgCode), questionCount: questions.length },
      await hasAnswers(db, id),
      now,
    );
    return { ...r, questions };
  },

  /**
   * 保存: a new questionnaire is a 草稿 of the caller's department; an edit goes through the machine's
   * `edit` rule, and its questions may change only while nobody has answered (checked under the
   * questionnaire's row lock, which every answer takes too).
   */
  async save(db: Db, actor: Actor, input: QuestionnaireSaveInput): Promise<{ id: string }> {
    const columns = {
      title: input.title,
      description: input.description,
      openTime: new Date(input.openTime),
      closeTime: new Date(input.closeTime),
      allowAnonymous: input.allowAnonymous,
      showResults: input.showResults,
    };
    if (input.id) {
      const id = input.id;
      await visible(db, actor, id);
      await applyTransition(db, actor, questionnaireSubject, id, 'edit', {}, async (tx) => {
        const before = (await questionsOf(tx, [id])).get(id) ?? [];
        if (shapeOf(before) !== shapeOf(input.questions)) {
          if (await hasAnswers(tx, id)) throw badRequest(QuestionnaireMessages.locked, { field: 'questions' });
          await replaceQuestions(tx, id, input.questions);
        }
        await updateQuestionnaire(tx, id, { ...columns, updatedAt: new Date() });
      });
      return { id };
    }
    if (!actor.orgCode) throw badRequest(QuestionnaireMessages.noDepartment);
    return db.transaction(async (tx) => {
      const row = await insertQuestionnaire(tx, { ...columns, orgCode: actor.orgCode, createdBy: actor.userId });
      await replaceQuestions(tx, row.id, input.questions);
      await recordHistory(tx, {
        subjectType: QUESTIONNAIRE_MACHINE.subject,
        subjectId: row.id,
        action: 'create',
        from: null,
        to: { status: row.status },
        comment: null,
        actor,
        departName: await departNameOf(tx, actor.orgCode),
      });
      await logOperation(tx, actor, { content: `新增调查问卷：${row.title}`, operateType: 'add', target: row.id });
      return { id: row.id };
    });
  },

  /** 发布, 撤回, 结束, 删除 through the kernel; a questionnaire whose close time has passed is not published. */
  async transition(db: Db, actor: Actor, input: QuestionnaireTransitionInput, now = new Date()): Promise<BatchResult> {
    const seen: string[] = [];
    const refused: BatchResult['refused'] = [];
    for (const id of new Set(input.ids)) {
      const row = await findQuestionnaire(db, id);
      if (row && ownsDepartment(actor, row.orgCode, ALL)) seen.push(id);
      else refused.push({ id, reason: QuestionnaireMessages.notFound });
    }
    if (input.ids.length === 1 && refused.length) throw notFound(QuestionnaireMessages.notFound);
    const result = await applyTransitions(db, actor, questionnaireSubject, seen, (r) =>
      input.action === 'publish' && r.row.closeTime <= now
        ? { refused: QuestionnaireMessages.closePassed }
        : input.action,
    );
    return { succeeded: result.succeeded, refused: [...result.refused, ...refused] };
  },

  async results(db: Db, actor: Actor, id: string, now = new Date()) {
    return resultsOf(db, await visible(db, actor, id), now);
  },

  async textAnswers(
    db: Db,
    actor: Actor,
    q: { id: string; questionId: string; pageNo: number; pageSize: number },
  ): Promise<Page<TextAnswer>> {
    await visible(db, actor, q.id);
    const questions = (await questionsOf(db, [q.id])).get(q.id) ?? [];
    if (!questions.some((x) => x.id === q.questionId && x.kind === 'text')) throw notFound('题目不存在');
    const { rows, total } = await pageTextAnswers(db, q.questionId, q.pageSize, (q.pageNo - 1) * q.pageSize);
    return toPage(
      rows.map((r) => ({ answerId: r.answerId, text: r.text ?? '', time: r.time.toISOString() })),
      total,
      q,
    );
  },

  visible,

  // — public —

  async publicList(
    db: Db,
    q: { pageNo: number; pageSize: number },
    now = new Date(),
  ): Promise<Page<QuestionnaireCard>> {
    const { rows, total } = await pagePublic(db, now, q.pageSize, (q.pageNo - 1) * q.pageSize);
    return toPage(
      rows.map((r) => card(r, now)),
      total,
      q,
    );
  },

  async publicDetail(db: Db, who: Respondent, id: string, now = new Date()): Promise<QuestionnairePublicDetail> {
    const row = await findQuestionnaire(db, id);
    if (!row || !isPublic(row)) throw notFound(QuestionnaireMessages.notFound);
    const questions = (await questionsOf(db, [id])).get(id) ?? [];
    const answered = await answeredBy(db, id, {
      userId: who.actor?.userId ?? null,
      deviceId: row.allowAnonymous ? who.deviceId : null,
    });
    return {
      ...card({ ...row, questionCount: questions.length }, now),
      questions,
      answered: answered !== null,
      needSignIn: !row.allowAnonymous && !who.actor,
    };
  },

  /**
   * One answer sheet, in one transaction under the questionnaire's row lock: open now, the visitor
   * allowed (signed in, or a device where anonymous answers are allowed), not answered before (the
   * unique indexes hold even against a race), every answer checked against its question. A refusal
   * writes nothing.
   */
  async answer(db: Db, who: Respondent, input: AnswerInput, now = new Date()): Promise<{ joinNumber: number }> {
    try {
      return await db.transaction(async (tx) => {
        const row = await lockQuestionnaire(tx, input.id);
        if (!row || !isPublic(row)) throw notFound(QuestionnaireMessages.notFound);
        const phase = phaseOf(row, now);
        if (phase === 'upcoming') throw badRequest(QuestionnaireMessages.notOpen);
        if (phase === 'ended') throw badRequest(QuestionnaireMessages.ended);
        if (!row.allowAnonymous && !who.actor) throw unauthorized(QuestionnaireMessages.signIn);
        const respondent = {
          userId: who.actor?.userId ?? null,
          deviceId: row.allowAnonymous ? who.deviceId : null,
        };
        const before = await answeredBy(tx, row.id, respondent);
        if (before === 'user') throw badRequest(QuestionnaireMessages.answered);
        if (before === 'device') throw badRequest(QuestionnaireMessages.deviceAnswered);
        const questions = (await questionsOf(tx, [row.id])).get(row.id) ?? [];
        const items = checkAnswers(questions, input.answers);
        await insertAnswer(tx, row.id, respondent, items, now);
        return { joinNumber: row.joinNumber + 1 };
      });
    } catch (e) {
      if (isUniqueViolation(e, 'questionnaire_answer_user_uq')) throw badRequest(QuestionnaireMessages.answered);
      if (isUniqueViolation(e, 'questionnaire_answer_device_uq'))
        throw badRequest(QuestionnaireMessages.deviceAnswered);
      throw e;
    }
  },

  /** The summary of an ended questionnaire whose administrator shows it: counts and scores, no texts. */
  async publicResults(db: Db, id: string, now = new Date()): Promise<QuestionnaireResults> {
    const row = await findQuestionnaire(db, id);
    if (!row || !isPublic(row)) throw notFound(QuestionnaireMessages.notFound);
    if (phaseOf(row, now) !== 'ended' || !row.showResults) throw badRequest(QuestionnaireMessages.resultsHidden);
    return resultsOf(db, row, now);
  },
};
