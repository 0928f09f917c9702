import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay } from './calendar.js';
import {
  allowedActions,
  decisionAction,
  defineMachine,
  pendingTaskTypes,
  refusalOf,
  transitionIn,
} from './workflow.js';

const machine = defineMachine({
  subject: 'sample',
  label: '样例',
  axes: {
    review: { label: '审核', states: { '0': '草稿', '1': '待审核', '2': '通过' } },
    life: { label: '存续', states: { live: '正常', gone: '已删除' } },
  },
  tasks: { check: '审核' },
  transitions: [
    {
      action: 'submit',
      label: '提交',
      axis: 'review',
      from: ['0'],
      to: '1',
      permission: 'p:submit',
      blockedWhen: { axis: 'life', in: ['gone'], refusal: '已删除，请先恢复' },
      task: { opens: 'check', assignee: { kind: 'role', role: 'reviewer' } },
    },
    {
      action: 'pass',
      label: '通过',
      axis: 'review',
      from: ['1'],
      to: '2',
      permission: 'p:review',
      task: { closes: 'check', decision: 'approve' },
    },
    {
      action: 'remove',
      label: '删除',
      axis: 'life',
      from: ['live'],
      to: 'gone',
      permission: 'p:remove',
      requires: { axis: 'review', in: ['0', '2'], refusal: '审核中不能删除' },
    },
  ],
});

describe('machines', () => {
  it('checks blockedWhen before the state and requires after it', () => {
    expect(refusalOf(machine, transitionIn(machine, 'submit'), { review: '1', life: 'gone' })).toBe('已删除，请先恢复');
    expect(refusalOf(machine, transitionIn(machine, 'submit'), { review: '1', life: 'live' })).toBe(
      '当前状态为“待审核”，不能提交',
    );
    expect(refusalOf(machine, transitionIn(machine, 'remove'), { review: '1', life: 'live' })).toBe('审核中不能删除');
    expect(refusalOf(machine, transitionIn(machine, 'remove'), { review: '2', life: 'live' })).toBeNull();
  });

  it('offers only actions the permissions and the state allow, and finds the pending decision', () => {
    const state = { review: '1', life: 'live' };
    expect(allowedActions(machine, state, new Set(['p:submit', 'p:review', 'p:remove']))).toEqual(['pass']);
    expect(allowedActions(machine, state, new Set(['p:submit']))).toEqual([]);
    expect(pendingTaskTypes(machine, state)).toEqual(['check']);
    expect(decisionAction(machine, state, 'approve')).toBe('pass');
    expect(decisionAction(machine, state, 'reject')).toBeNull();
  });

  it('refuses a table with unknown states, repeated actions or unlabelled tasks', () => {
    const base = { subject: 'bad', label: '坏', axes: { s: { label: '状态', states: { a: 'A' } } } };
    const t = { action: 'x', label: 'X', axis: 's', from: ['a'], to: 'a', permission: 'p' } as const;
    expect(() => defineMachine({ ...base, transitions: [{ ...t, to: 'b' }] })).toThrow(/unknown target/);
    expect(() => defineMachine({ ...base, transitions: [t, t] })).toThrow(/twice/);
    expect(() =>
      defineMachine({ ...base, transitions: [{ ...t, task: { closes: 'nope', decision: 'approve' } }] }),
    ).toThrow(/no label/);
  });
});

describe('working days', () => {
  it('skips weekends and listed holidays, counts listed 调休 Saturdays, in China time', () => {
    // 2026-09-30 is a Wednesday; 10-01..10-07 are the National Day holidays, 10-10 a working Saturday.
    const calendar = {
      holidays: new Set(['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07']),
      workdays: new Set(['2026-10-10']),
    };
    expect(isWorkingDay('2026-10-10', calendar)).toBe(true);
    expect(isWorkingDay('2026-10-03')).toBe(false);
    const start = new Date('2026-09-30T09:00:00+08:00');
    expect(addWorkingDays(start, 1, calendar).toISOString()).toBe('2026-10-08T15:59:59.999Z');
    expect(addWorkingDays(start, 3, calendar).toISOString()).toBe('2026-10-10T15:59:59.999Z');
    // 23:30 on Friday in China is still Friday, though it is Friday afternoon in UTC.
    expect(addWorkingDays(new Date('2026-11-27T15:30:00Z'), 1).toISOString()).toBe('2026-11-30T15:59:59.999Z');
  });
});
