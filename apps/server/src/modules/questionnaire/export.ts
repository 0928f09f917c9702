import type { Readable } from 'node:stream';
import { QUESTION_KIND_LABEL } from '@odp/contracts';
import type { Db } from '../../db/client.js';
import type { QuestionnaireRow } from '../../db/schema/index.js';
import { neutraliseFormula } from '../files/cells.js';
import { xlsxStream } from '../files/xlsx-stream.js';
import { answersAfter, itemsOf, questionsOf } from './repository.js';

const BATCH = 500;

/** `2026-11-28 14:05:09`, Beijing time. */
const beijing = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Every answer sheet as one .xlsx row (序号, 提交时间, 答题人, then one column per question in order),
 * streamed batch by batch with the datastore's writer (files/xlsx-stream.ts): the first bytes leave at
 * once and memory stays flat. Choices are their option texts (several joined by “；”), scores numbers,
 * texts neutralised against formulas. A sheet of an anonymous questionnaire names nobody.
 */
export async function exportAnswers(db: Db, row: QuestionnaireRow): Promise<{ fileName: string; body: Readable }> {
  const questions = (await questionsOf(db, [row.id])).get(row.id) ?? [];
  const labels = new Map(questions.flatMap((x) => x.options.map((o) => [o.id, o.label] as const)));
  const columns = [
    '序号',
    '提交时间',
    '答题人',
    ...questions.map((x, i) => neutraliseFormula(`${i + 1}. ${x.title}（${QUESTION_KIND_LABEL[x.kind]}）`)),
  ];
  async function* rows() {
    let n = 0;
    let after: { at: Date; id: string } | null = null;
    for (;;) {
      const sheets = await answersAfter(db, row.id, after, BATCH);
      if (!sheets.length) return;
      const items = await itemsOf(
        db,
        sheets.map((s) => s.id),
      );
      const bySheet = new Map<string, typeof items>();
      for (const it of items) bySheet.set(it.answerId, [...(bySheet.get(it.answerId) ?? []), it]);
      for (const s of sheets) {
        const mine = bySheet.get(s.id) ?? [];
        const who = row.allowAnonymous ? '匿名' : s.realname || s.username || '已注销用户';
        yield [
          ++n,
          beijing(s.createdAt),
          neutraliseFormula(who),
          ...questions.map((x): string | number => {
            const answers = mine.filter((it) => it.questionId === x.id);
            if (x.kind === 'rating') return answers[0]?.rating ?? '';
            if (x.kind === 'text') return neutraliseFormula(answers[0]?.text ?? '');
            // In the option order of the question, not the order they were stored in.
            const chosen = new Set(answers.map((it) => it.optionId));
            return neutraliseFormula(
              x.options
                .filter((o) => chosen.has(o.id))
                .map((o) => labels.get(o.id))
                .join('；'),
            );
          }),
        ];
      }
      const last = sheets[sheets.length - 1];
      after = { at: last.createdAt, id: last.id };
    }
  }
  const safeTitle = row.title.replace(/[\\/:*?"<>|]/g, '_');
  return { fileName: `${safeTitle}-答卷.xlsx`, body: xlsxStream(columns, rows(), '答卷') };
}
