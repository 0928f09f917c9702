import { availableActions, CatalogStatus, CataloguePerm, ShelfStatus, transitionOf } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { batchButtonsFor, batchResultOf, buttonsFor } from '@/components/Workflow';
import { commentBoxOf } from '@/components/Workflow/buttons';
import { BATCH_ACTIONS, CATALOGUE_WORKFLOW, rowActions } from './lifecycle';

const lifecycleButtons = (actions: readonly string[]) => buttonsFor(CATALOGUE_WORKFLOW, actions);
const batchButtons = (can: (perm: string) => boolean) => batchButtonsFor(CATALOGUE_WORKFLOW, BATCH_ACTIONS, can);

const departmentPerms = new Set<string>([
  CataloguePerm.add,
  CataloguePerm.edit,
  CataloguePerm.submit,
  CataloguePerm.shelf,
]);
const labels = (actions: readonly string[]) => lifecycleButtons(actions).map((b) => b.label);

describe('lifecycleButtons', () => {
  it('offers what the row allows, labelled and ordered by the transition table', () => {
    expect(labels(['submit'])).toEqual(['提交审核']);
    expect(labels(['delete', 'upShelfApply'])).toEqual(['上架申请', '删除']);
    expect(labels([])).toEqual([]);
    expect(labels(undefined as unknown as string[])).toEqual([]);
  });

  it('leaves the reviewer decisions to 目录审核', () => {
    expect(labels(['approve', 'reject', 'upShelfApprove', 'offShelfReject'])).toEqual([]);
  });

  it('asks a reason and a comment for 下架申请 and marks destructive actions', () => {
    const [offShelf] = lifecycleButtons(['offShelfApply']);
    expect(offShelf).toMatchObject({ label: '下架申请', danger: true });
    expect(CATALOGUE_WORKFLOW.dialogs?.offShelfApply?.fields).toBeTruthy();
    expect(commentBoxOf(CATALOGUE_WORKFLOW, transitionOf('offShelfApply'))).toMatchObject({
      label: '下架说明',
      required: true,
      missing: '请填写下架说明',
    });
    const [submit] = lifecycleButtons(['submit']);
    expect(submit).toMatchObject({ danger: false });
    expect(CATALOGUE_WORKFLOW.dialogs?.submit?.fields).toBeUndefined();
    expect(commentBoxOf(CATALOGUE_WORKFLOW, transitionOf('submit'))).toMatchObject({ required: false });
    expect(lifecycleButtons(['delete'])[0].danger).toBe(true);
    // 删除 asks nothing but the confirmation.
    expect(commentBoxOf(CATALOGUE_WORKFLOW, transitionOf('delete'))).toBe(false);
  });

  it('follows each state of a department entry as the contract derives it', () => {
    const at = (catalogStatus: number, shelfStatus: number) =>
      labels(availableActions({ catalogStatus, shelfStatus }, departmentPerms));
    expect(at(CatalogStatus.draft, ShelfStatus.off)).toEqual(['提交审核']);
    expect(at(CatalogStatus.pending, ShelfStatus.off)).toEqual(['撤回']);
    expect(at(CatalogStatus.rejected, ShelfStatus.off)).toEqual(['提交审核']);
    expect(at(CatalogStatus.approved, ShelfStatus.off)).toEqual(['上架申请']);
    expect(at(CatalogStatus.approved, ShelfStatus.upPending)).toEqual([]);
    expect(at(CatalogStatus.approved, ShelfStatus.on)).toEqual(['下架申请']);
    expect(at(CatalogStatus.approved, ShelfStatus.down)).toEqual(['上架申请']);
  });
});

describe('rowActions', () => {
  it('adds 删除 to a draft the department may edit', () => {
    expect(rowActions({ actions: ['submit'], editable: true, catalogStatus: 0 })).toEqual(['submit', 'delete']);
    expect(rowActions({ actions: ['submit', 'delete'], editable: true, catalogStatus: 0 })).toEqual([
      'submit',
      'delete',
    ]);
    expect(rowActions({ actions: ['submit'], editable: false, catalogStatus: 0 })).toEqual(['submit']);
    expect(rowActions({ actions: ['upShelfApply'], editable: true, catalogStatus: 2 })).toEqual(['upShelfApply']);
  });
});

describe('batchButtons', () => {
  it('offers 提交审核, 上架申请 and 删除 to whoever holds their permission', () => {
    const all = batchButtons(() => true).map((b) => b.label);
    expect(all).toEqual(['提交审核', '上架申请', '删除']);
    // Department officers delete drafts with their edit permission.
    expect(batchButtons((perm) => departmentPerms.has(perm)).map((b) => b.label)).toEqual([
      '提交审核',
      '上架申请',
      '删除',
    ]);
    expect(batchButtons((perm) => perm === CataloguePerm.review)).toEqual([]);
  });
});

describe('batchResultOf', () => {
  const outcome = { succeeded: ['a'], refused: [{ id: 'b', reason: '当前状态为“待审核”，不能提交审核' }] };

  it('reads an answer and the result of a refusal of every entry', () => {
    expect(batchResultOf(outcome)).toEqual(outcome);
    expect(batchResultOf({ name: 'ApiError', result: outcome })).toEqual(outcome);
  });

  it('gives null for any other failure', () => {
    expect(batchResultOf(new Error('网络错误'))).toBeNull();
    expect(batchResultOf({ result: { field: 'ids' } })).toBeNull();
    expect(batchResultOf(null)).toBeNull();
  });
});
