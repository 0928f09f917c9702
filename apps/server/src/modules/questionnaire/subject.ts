import {
  effectiveStatus,
  QUESTIONNAIRE_MACHINE,
  type QuestionnaireAction,
  QuestionnaireMessages,
} from '@odp/contracts';
import { eq, inArray } from 'drizzle-orm';
import { type QuestionnaireRow, questionnaires } from '../../db/schema/index.js';
import { defineSubject, type SubjectRecord } from '../../platform/workflow/subject.js';

export type QuestionnaireSubjectRecord = SubjectRecord & { row: QuestionnaireRow };

/**
 * A questionnaire as a workflow subject, acted on by its department (the bureau on all). Its state is
 * the effective one: 已发布 past the close time is 已结束, so the kernel refuses 撤回 of an ended survey
 * and allows 删除 without any job having to move the stored status.
 */
export const questionnaireSubject = defineSubject<QuestionnaireAction, QuestionnaireSubjectRecord>({
  machine: QUESTIONNAIRE_MACHINE,
  messages: { notFound: QuestionnaireMessages.notFound, notOwn: QuestionnaireMessages.notOwn },

  async load(tx, id) {
    const [row] = await tx.select().from(questionnaires).where(eq(questionnaires.id, id)).for('update');
    if (!row || row.deletedAt) return null;
    return {
      id: row.id,
      state: { status: effectiveStatus(row.status, row.closeTime, new Date()) },
      orgCode: row.orgCode,
      title: row.title,
      describe: row.title,
      applicantId: row.createdBy,
      row,
    };
  },

  async write(tx, record, next, t, ctx) {
    const set: Partial<typeof questionnaires.$inferInsert> = { status: String(next.status), updatedAt: ctx.now };
    if (t.action === 'publish') set.publishedAt = ctx.now;
    // 结束 early: the close time becomes now, so the public page and the answer call agree.
    if (t.action === 'end' && record.row.closeTime > ctx.now) set.closeTime = ctx.now;
    if (t.action === 'delete') set.deletedAt = ctx.now;
    await tx.update(questionnaires).set(set).where(eq(questionnaires.id, record.id));
  },

  async titles(db, ids) {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: questionnaires.id, title: questionnaires.title })
      .from(questionnaires)
      .where(inArray(questionnaires.id, ids));
    return new Map(rows.map((r) => [r.id, r.title]));
  },
});
