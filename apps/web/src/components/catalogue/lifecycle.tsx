import {
  CATALOGUE_MACHINE,
  CatalogStatus,
  type CatalogueAction,
  type CatalogueItem,
  CataloguePerm,
} from '@odp/contracts';
import { Form } from 'antd';
import { isDirectAction, runLifecycle } from '@/api/catalogue';
import { DictSelect } from '@/components/DictSelect';
import { defineWorkflow } from '@/components/Workflow';
import { CATALOGUE_STALE_KEYS } from './use-catalogue-refresh';

/** What the lifecycle reads of an entry; list rows and details both carry it. */
export type LifecycleEntry = Pick<CatalogueItem, 'id' | 'catalogName' | 'actions'>;

/**
 * The catalogue machine on the web: the actions the server allows on an entry (its `actions`), of
 * those the department sends itself (a reviewer's approve/reject are taken in 目录审核).
 */
export const CATALOGUE_WORKFLOW = defineWorkflow<LifecycleEntry, CatalogueAction>({
  machine: CATALOGUE_MACHINE,
  idOf: (entry) => entry.id,
  nameOf: (entry) => entry.catalogName,
  actionsOf: (entry) => entry.actions,
  offers: CATALOGUE_MACHINE.transitions.map((t) => t.action).filter(isDirectAction),
  run: (action, ids, { comment, reason }) =>
    runLifecycle(action, { ids, comment, reason: typeof reason === 'string' ? reason : undefined }),
  silent: true,
  invalidates: CATALOGUE_STALE_KEYS,
  primary: ['submit', 'upShelfApply'],
  // Department officers delete drafts with their edit permission.
  batchPermissions: { delete: CataloguePerm.edit },
  dialogs: {
    submit: { hint: '提交后目录进入待审核状态，审核期间不能编辑。' },
    recovery: { hint: '撤回后目录回到草稿状态，可继续编辑。' },
    upShelfApply: { hint: '上架审核通过后，开放类型为无条件开放或有条件开放的目录将在门户公开。' },
    offShelfApply: {
      hint: '下架审核通过后，目录将从门户撤下。',
      fields: (
        <Form.Item name="reason" label="下架原因" rules={[{ required: true, message: '请选择下架原因' }]}>
          <DictSelect code="early_warning_information" placeholder="请选择下架原因" />
        </Form.Item>
      ),
      comment: { label: '下架说明', missing: '请填写下架说明' },
    },
    delete: {
      hint: '草稿将被彻底删除；其他目录转为“已删除”，不再在门户显示，管理员可以恢复。',
      comment: false,
    },
    recover: { hint: '恢复后目录回到删除前的上架状态。' },
  },
});

/**
 * The actions of a list row: the server's, plus 删除 for a draft its department may edit (drafts are
 * removed by whoever edits them; other entries only by holders of catalog:delete).
 */
export function rowActions(item: Pick<CatalogueItem, 'actions' | 'editable' | 'catalogStatus'>): string[] {
  const draft = item.catalogStatus === CatalogStatus.draft && item.editable;
  return draft && !item.actions.includes('delete') ? [...item.actions, 'delete'] : item.actions;
}

/** The list's rows, whose drafts their editors may delete. */
export const CATALOGUE_LIST_WORKFLOW = defineWorkflow<CatalogueItem, CatalogueAction>({
  ...CATALOGUE_WORKFLOW,
  actionsOf: rowActions,
});

/** Batch actions of the list: offered when the user holds the permission; the server refuses per entry. */
export const BATCH_ACTIONS: readonly CatalogueAction[] = ['submit', 'upShelfApply', 'delete'];
