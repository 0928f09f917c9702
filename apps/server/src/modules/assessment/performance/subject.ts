import {
  ASSESSMENT_MACHINE,
  type AssessmentAction,
  AssessmentMessages,
  AssessmentStatus,
  periodLabel,
} from '@odp/contracts';
import { inArray } from 'drizzle-orm';
import { assessmentPeriods } from '../../../db/schema/index.js';
import { defineSubject, type SubjectRecord } from '../../../platform/workflow/subject.js';
import { findPeriod, type PeriodRow, schemeNames, updatePeriod } from './repository.js';

export const PERFORMANCE_PATH = '/performanceManage';
export type PeriodRecord = SubjectRecord & { row: PeriodRow };

const titleOf = (scheme: string | undefined, row: Pick<PeriodRow, 'periodType' | 'periodKey'>) =>
  `${scheme ?? '考核'}（${periodLabel(row.periodType, row.periodKey)}）`;

/** A period's assessment as a workflow subject: the bureau's record, so it has no owning department. */
export const assessmentSubject = defineSubject<AssessmentAction, PeriodRecord>({
  machine: ASSESSMENT_MACHINE,
  messages: { notFound: AssessmentMessages.periodNotFound, notOwn: AssessmentMessages.periodNotFound },
  inboxPage: PERFORMANCE_PATH,

  async load(tx, id) {
    const row = await findPeriod(tx, id, true);
    if (!row) return null;
    const title = titleOf((await schemeNames(tx, [row.schemeId])).get(row.schemeId), row);
    return { id: row.id, state: { status: row.status }, orgCode: null, title, describe: title, applicantId: null, row };
  },

  async write(tx, record, next, t, ctx) {
    const status = Number(next.status);
    const set: Partial<PeriodRow> = { status };
    if (t.action === 'score' || t.action === 'rescore') set.scoredAt = ctx.now;
    if (t.action === 'return') set.comment = ctx.comment;
    if (t.action === 'confirm') Object.assign(set, { confirmedAt: ctx.now, comment: null });
    if (status === AssessmentStatus.bureau) set.comment = null;
    await updatePeriod(tx, record.row.id, set);
  },

  decisionMessage(record, t, ctx) {
    if (t.action !== 'confirm' && t.action !== 'return') return null;
    return {
      messageType: 'assessment',
      title: `${record.title}${t.action === 'confirm' ? '已确认' : '被退回'}`,
      text: t.action === 'return' ? `退回理由：${ctx.comment ?? ''}` : ctx.comment,
      openPage: PERFORMANCE_PATH,
    };
  },

  async titles(db, ids) {
    if (!ids.length) return new Map();
    const rows = await db.select().from(assessmentPeriods).where(inArray(assessmentPeriods.id, ids));
    const names = await schemeNames(db, [...new Set(rows.map((r) => r.schemeId))]);
    return new Map(rows.map((r) => [r.id, titleOf(names.get(r.schemeId), r)]));
  },
});
