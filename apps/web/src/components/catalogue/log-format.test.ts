import { describe, expect, it } from 'vitest';
import { actionLabel, statusChanges } from './log-format';

const none = { fromCatalogStatus: null, toCatalogStatus: null, fromShelfStatus: null, toShelfStatus: null };

describe('log format', () => {
  it('labels transitions from the contract and edits in Chinese', () => {
    expect(actionLabel({ action: 'submit' })).toBe('提交审核');
    expect(actionLabel({ action: 'offShelfApprove' })).toBe('下架审核通过');
    expect(actionLabel({ action: 'create' })).toBe('新建目录');
    expect(actionLabel({ action: 'unknown' })).toBe('unknown');
    expect(actionLabel({ action: 'submit', actionLabel: '重新提交' })).toBe('重新提交');
  });

  it('writes the state changes of either axis', () => {
    expect(statusChanges({ ...none, fromCatalogStatus: 0, toCatalogStatus: 1 })).toEqual(['编目：草稿 → 待审核']);
    expect(statusChanges({ ...none, fromShelfStatus: 2, toShelfStatus: 3 })).toEqual(['上架：已上架 → 下架审核中']);
    expect(statusChanges({ ...none, toCatalogStatus: 0 })).toEqual(['编目：— → 草稿']);
    expect(statusChanges({ ...none, fromCatalogStatus: 2, toCatalogStatus: 2 })).toEqual([]);
    expect(statusChanges(none)).toEqual([]);
  });
});
