import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { requiredText } from '../core/fields.js';
import {
  isChoice,
  QUESTION_KINDS,
  QUESTIONNAIRE_LIMITS,
  type QuestionnaireAction,
  QuestionnaireMessages,
  QuestionnaireStatus,
} from './terms.js';

const L = QUESTIONNAIRE_LIMITS;
const when = (label: string) =>
  z.iso.datetime({
    offset: true,
    error: (issue) => (issue.input === undefined || issue.input === '' ? `请选择${label}` : `${label}格式不正确`),
  });

/** One question of the builder; options only for the choice kinds (two at least, no repeats). */
export const QuestionInput = z
  .object({
    kind: z.enum(QUESTION_KINDS, { error: '请选择题型' }),
    title: requiredText('题目', L.questionTitle, { missing: true }),
    required: z.boolean({ error: '必答标记格式不正确' }).default(true),
    options: z
      .array(z.object({ label: requiredText('选项内容', L.option, { missing: true }) }), { error: '选项格式不正确' })
      .max(L.options, `每道题最多 ${L.options} 个选项`)
      .default([]),
  })
  .superRefine((q, ctx) => {
    if (!isChoice(q.kind)) return;
    if (q.options.length < L.optionsMin)
      ctx.addIssue({ code: 'custom', message: `选择题至少需要 ${L.optionsMin} 个选项`, path: ['options'] });
    const labels = q.options.map((o) => o.label);
    if (new Set(labels).size !== labels.length)
      ctx.addIssue({ code: 'custom', message: '同一道题的选项不能重复', path: ['options'] });
  })
  // Text and rating questions carry no options, whatever was sent.
  .transform((q) => (isChoice(q.kind) ? q : { ...q, options: [] }));
export type QuestionInput = z.output<typeof QuestionInput>;

const QuestionnaireFields = z.object({
  title: requiredText('问卷标题', L.title, { missing: true }),
  description: z
    .string({ error: '问卷说明格式不正确' })
    .trim()
    .max(L.description, `问卷说明不能超过 ${L.description} 个字`)
    .default(''),
  openTime: when('开始时间'),
  closeTime: when('结束时间'),
  allowAnonymous: z.boolean({ error: '匿名作答格式不正确' }).default(false),
  showResults: z.boolean({ error: '公开结果格式不正确' }).default(false),
  questions: z
    .array(QuestionInput, { error: QuestionnaireMessages.noQuestions })
    .min(1, QuestionnaireMessages.noQuestions)
    .max(L.questions, `每份问卷最多 ${L.questions} 道题`),
});

/** 保存: a new questionnaire without `id`, an edit with it. */
export const QuestionnaireSaveInput = QuestionnaireFields.extend({
  id: z.guid('问卷编号不正确').optional(),
}).refine((v) => new Date(v.closeTime).getTime() > new Date(v.openTime).getTime(), {
  message: QuestionnaireMessages.closeBeforeOpen,
  path: ['closeTime'],
});
export type QuestionnaireSaveInput = z.output<typeof QuestionnaireSaveInput>;
export type QuestionnaireSaveForm = z.input<typeof QuestionnaireSaveInput>;

export const QuestionnaireListQuery = PageQuery.extend({
  title: z.string().trim().max(100, '问卷标题不能超过 100 个字').optional(),
  status: z
    .enum(Object.values(QuestionnaireStatus) as [QuestionnaireStatus, ...QuestionnaireStatus[]], {
      error: '问卷状态不正确',
    })
    .optional(),
});
export type QuestionnaireListQuery = z.output<typeof QuestionnaireListQuery>;

export const QuestionnaireIdQuery = z.object({ id: z.guid('问卷编号不正确') });
export const QuestionnaireIdsInput = z
  .array(z.guid('问卷编号不正确'), { error: '请选择问卷' })
  .min(1, '请选择问卷')
  .max(100, '一次最多操作 100 份问卷');

export const QuestionnaireTransitionInput = z.object({
  ids: QuestionnaireIdsInput,
  action: z.enum(['publish', 'withdraw', 'end', 'delete'] satisfies QuestionnaireAction[], {
    error: '操作不正确',
  }),
});
export type QuestionnaireTransitionInput = z.output<typeof QuestionnaireTransitionInput>;

export const TextAnswersQuery = PageQuery.extend({
  id: z.guid('问卷编号不正确'),
  questionId: z.guid('题目编号不正确'),
});

export const PublicQuestionnaireQuery = PageQuery;

/**
 * One answer sheet. The shape is checked here; what each answer must be (its question's kind, its
 * options, required questions) is the server's check against the questionnaire, which names the
 * question in its refusal.
 */
export const AnswerInput = z.object({
  id: z.guid('问卷编号不正确'),
  answers: z
    .array(
      z.object({
        questionId: z.guid('题目编号不正确'),
        optionIds: z.array(z.guid('选项编号不正确')).max(L.options, '选项过多').optional(),
        text: z.string({ error: '回答格式不正确' }).max(2000, '回答过长').optional(),
        rating: z.number({ error: '评分格式不正确' }).int('评分须为整数').optional(),
      }),
      { error: '请作答后再提交' },
    )
    .max(L.questions, '答卷题目过多'),
});
export type AnswerInput = z.output<typeof AnswerInput>;
