import { type ShareDetail, type ShareItemView, ShareMessages } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import {
  canApprove,
  canReject,
  decidesSource,
  initialNarrowing,
  narrowingProblem,
  sameNarrowing,
  toNodeInput,
} from './narrowing';

const item = (name: string, extra: Partial<ShareItemView> = {}): ShareItemView => ({
  name,
  enName: null,
  shareProperty: '10',
  sharingCondition: null,
  masked: false,
  applied: true,
  reason: null,
  granted: false,
  ...extra,
});

const detail = (extra: Partial<ShareDetail> = {}) =>
  ({
    applyId: '11111111-1111-4111-8111-111111111111',
    items: [item('姓名', { shareProperty: '20', reason: '核验' }), item('执业类别'), item('地址', { applied: false })],
    ifForever: false,
    startTime: '2026-12-01',
    endTime: '2027-11-30',
    grantedForever: false,
    grantedStartTime: null,
    grantedEndTime: null,
    actions: ['sourceApprove', 'sourceReject'],
    ...extra,
  }) as ShareDetail;

describe('the source department narrowing', () => {
  it('starts from what was applied for, or from what it saved before', () => {
    expect(initialNarrowing(detail())).toEqual({
      items: ['姓名', '执业类别'],
      period: { forever: false, start: '2026-12-01', end: '2027-11-30' },
    });
    const saved = detail({
      items: [item('姓名', { granted: true }), item('执业类别')],
      grantedStartTime: '2026-12-01',
      grantedEndTime: '2027-06-30',
    });
    expect(initialNarrowing(saved)).toEqual({
      items: ['姓名'],
      period: { forever: false, start: '2026-12-01', end: '2027-06-30' },
    });
  });

  it('accepts a narrower grant and refuses a wider one', () => {
    const d = detail();
    const start = initialNarrowing(d);
    expect(narrowingProblem(d, start)).toBeNull();
    expect(narrowingProblem(d, { ...start, items: ['执业类别'] })).toBeNull();
    expect(narrowingProblem(d, { ...start, items: [] })).toBe(ShareMessages.itemsMissing);
    expect(narrowingProblem(d, { ...start, items: ['地址'] })).toBe(ShareMessages.narrowOnly);
    expect(narrowingProblem(d, { ...start, period: { forever: false, start: '2026-12-01', end: '2028-01-01' } })).toBe(
      ShareMessages.narrowOnly,
    );
    expect(narrowingProblem(d, { ...start, period: { forever: true } })).toBe(ShareMessages.narrowOnly);
  });

  it('knows when it changed and sends the period the server compares', () => {
    const d = detail();
    const start = initialNarrowing(d);
    expect(sameNarrowing(start, { ...start })).toBe(true);
    expect(sameNarrowing(start, { ...start, items: ['姓名'] })).toBe(false);
    expect(toNodeInput(d, { ...start, items: ['姓名'] })).toEqual({
      applyId: d.applyId,
      items: ['姓名'],
      ifForever: '0',
      dataStartTime: '2026-12-01',
      dataEndTime: '2027-11-30',
    });
    const forever = detail({ ifForever: true, startTime: null, endTime: null });
    expect(toNodeInput(forever, { items: ['姓名'], period: { forever: true } })).toEqual({
      applyId: d.applyId,
      items: ['姓名'],
      ifForever: '1',
      dataStartTime: null,
      dataEndTime: null,
    });
  });

  it('offers the decisions of the node the application waits at', () => {
    expect(decidesSource(['sourceApprove', 'sourceReject'])).toBe(true);
    expect(decidesSource(['bureauApprove', 'bureauReject'])).toBe(false);
    expect(canApprove(['sourceGrant'])).toBe(true);
    expect(canReject(['recall'])).toBe(false);
  });
});
