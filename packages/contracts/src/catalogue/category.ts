import { z } from 'zod';
import { idOf, requiredText, tooLong, trimmedText } from '../core/fields.js';
import { CATEGORY_TREE_IDS } from './terms.js';

export type CategoryNode = {
  id: string;
  categoryName: string;
  categoryCode?: string;
  parentId: string | null;
  treeItemId: number;
  isLeaf: boolean;
  /** Department and district nodes carry the orgCode entries are filtered by (their id is the orgCode). */
  orgCode?: string;
  /** Entries under the node and its descendants that the tree's audience may see. */
  count?: number;
  sortNo?: number;
  children: CategoryNode[];
};

export const CategoryNodesQuery = z.object({
  treeItemId: z.coerce
    .number({ error: '请选择类目树' })
    .int()
    .refine((v) => (CATEGORY_TREE_IDS as readonly number[]).includes(v), '类目树编号只能是 1、2、3 或 10')
    .default(1),
  keyword: trimmedText(50, tooLong(50, '关键词')),
  _t: z.unknown().optional(),
});
export type CategoryNodesQuery = z.infer<typeof CategoryNodesQuery>;

const categoryName = requiredText('类目名称', 50).refine((v) => !/[<>]/.test(v), '类目名称不能包含 < 或 >');

export const CategoryAddInput = z.object({
  /** Omitted for a new root of the category tree. */
  parentId: idOf('上级类目').optional().nullable(),
  categoryName,
  sortNo: z.coerce.number().int().min(0).max(9999).optional(),
});
export type CategoryAddInput = z.infer<typeof CategoryAddInput>;

export const CategoryUpdateInput = z.object({
  id: idOf('类目'),
  categoryName,
  parentId: idOf('上级类目').optional().nullable(),
  sortNo: z.coerce.number().int().min(0).max(9999).optional(),
});
export type CategoryUpdateInput = z.infer<typeof CategoryUpdateInput>;

export const CategoryDeleteInput = z.object({ id: idOf('类目') });
export type CategoryDeleteInput = z.infer<typeof CategoryDeleteInput>;

export const CategoryDirectoryQuery = z.object({
  treeItemId: CategoryNodesQuery.shape.treeItemId,
  _t: z.unknown().optional(),
});

/** Ids of the four roots, for the portal's top-page tree. */
export type CategoryRootIds = { basic: string; topic: string; depart: string; district: string };

export const CategoryMessages = {
  inUse: '该类目下存在目录，不能删除',
  hasChildren: '该类目下存在子类目，不能删除',
  systemRoot: '系统类目不能删除',
  notFound: '类目不存在',
  duplicate: '同级类目中已存在同名类目',
  cycle: '不能把类目移动到它自己或它的下级类目下',
  notEditableTree: '部门与区县目录由部门管理维护，不能在此修改',
} as const;
