import { AnswerRefusal, type Question } from '@odp/contracts/constants';

export type Answer = { optionIds?: string[]; text?: string; rating?: number };
export type Answers = Record<string, Answer>;

/** The first unanswered required question, named as the server would name it. */
export function missingRequired(questions: Question[], answers: Answers): { id: string; message: string } | null {
  for (const [i, q] of questions.entries()) {
    if (!q.required) continue;
    const a = answers[q.id];
    const empty =
      q.kind === 'text' ? !a?.text?.trim() : q.kind === 'rating' ? a?.rating === undefined : !a?.optionIds?.length;
    if (empty) return { id: q.id, message: AnswerRefusal.required(i + 1, q.title) };
  }
  return null;
}

/** The sheet as the server takes it: only what was answered. */
export type SheetItem = { questionId: string; optionIds?: string[]; text?: string; rating?: number };
export function sheetOf(questions: Question[], answers: Answers): SheetItem[] {
  return questions.flatMap((q): SheetItem[] => {
    const a = answers[q.id];
    if (!a) return [];
    if (q.kind === 'text') return a.text?.trim() ? [{ questionId: q.id, text: a.text.trim() }] : [];
    if (q.kind === 'rating') return a.rating !== undefined ? [{ questionId: q.id, rating: a.rating }] : [];
    return a.optionIds?.length ? [{ questionId: q.id, optionIds: a.optionIds }] : [];
  });
}
