import type { Question } from '@odp/contracts/constants';
import { describe, expect, it } from 'vitest';
import { missingRequired, sheetOf } from './answer-sheet';

const questions: Question[] = [
  { id: 'q1', kind: 'single', title: '您的身份', required: true, options: [{ id: 'o1', label: '市民' }] },
  { id: 'q2', kind: 'text', title: '建议', required: false, options: [] },
  { id: 'q3', kind: 'rating', title: '满意度', required: true, options: [] },
  { id: 'q4', kind: 'multiple', title: '用途', required: true, options: [{ id: 'o2', label: '下载' }] },
];

describe('the answer sheet', () => {
  it('names the first unanswered required question as the server does', () => {
    expect(missingRequired(questions, {})).toEqual({ id: 'q1', message: '第1题“您的身份”为必答题，请作答' });
    expect(missingRequired(questions, { q1: { optionIds: ['o1'] }, q2: { text: '  ' } })?.message).toBe(
      '第3题“满意度”为必答题，请作答',
    );
    expect(
      missingRequired(questions, { q1: { optionIds: ['o1'] }, q3: { rating: 4 }, q4: { optionIds: [] } })?.id,
    ).toBe('q4');
    expect(
      missingRequired(questions, { q1: { optionIds: ['o1'] }, q3: { rating: 1 }, q4: { optionIds: ['o2'] } }),
    ).toBeNull();
  });

  it('sends only what was answered, texts trimmed', () => {
    expect(
      sheetOf(questions, { q1: { optionIds: ['o1'] }, q2: { text: ' 多开放交通数据 ' }, q3: { rating: 5 }, q4: {} }),
    ).toEqual([
      { questionId: 'q1', optionIds: ['o1'] },
      { questionId: 'q2', text: '多开放交通数据' },
      { questionId: 'q3', rating: 5 },
    ]);
  });
});
