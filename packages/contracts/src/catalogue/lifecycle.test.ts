import { describe, expect, it } from 'vitest';
import { availableActions, CataloguePerm, isEditable, refusal, transitionOf } from './lifecycle.js';

const all = new Set(Object.values(CataloguePerm));

describe('catalogue lifecycle', () => {
  it('lets a draft be submitted and nothing shelf-related happen before approval', () => {
    const actions = availableActions({ catalogStatus: 0, shelfStatus: 0 }, all);
    expect(actions).toContain('submit');
    expect(actions).not.toContain('upShelfApply');
    expect(refusal(transitionOf('upShelfApply'), { catalogStatus: 0, shelfStatus: 0 })).toBe(
      '目录尚未审核通过，不能上架申请',
    );
  });

  it('walks an entry from draft to on shelf and off again', () => {
    expect(availableActions({ catalogStatus: 1, shelfStatus: 0 }, all)).toEqual([
      'recovery',
      'approve',
      'reject',
      'delete',
    ]);
    expect(availableActions({ catalogStatus: 2, shelfStatus: 0 }, all)).toEqual(['upShelfApply', 'delete']);
    expect(availableActions({ catalogStatus: 2, shelfStatus: 2 }, all)).toEqual(['offShelfApply', 'delete']);
    expect(availableActions({ catalogStatus: 2, shelfStatus: 4 }, all)).toEqual(['upShelfApply', 'delete']);
    expect(availableActions({ catalogStatus: 2, shelfStatus: 9 }, all)).toEqual(['recover']);
  });

  it('filters by permission', () => {
    const officer = new Set([CataloguePerm.submit, CataloguePerm.shelf]);
    expect(availableActions({ catalogStatus: 1, shelfStatus: 0 }, officer)).toEqual(['recovery']);
  });

  it('explains a refused transition in Chinese', () => {
    expect(refusal(transitionOf('approve'), { catalogStatus: 0, shelfStatus: 0 })).toBe(
      '当前状态为“草稿”，不能审核通过',
    );
  });

  it('locks editing while a review is pending', () => {
    expect(isEditable({ catalogStatus: 0, shelfStatus: 0 })).toBe(true);
    expect(isEditable({ catalogStatus: 1, shelfStatus: 0 })).toBe(false);
    expect(isEditable({ catalogStatus: 2, shelfStatus: 3 })).toBe(false);
  });
});
