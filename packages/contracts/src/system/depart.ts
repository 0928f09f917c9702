import { z } from 'zod';

/** 0 机构 (the city root), 1 部门, 2 区县. */
export const ORG_TYPE = { institution: '0', department: '1', district: '2' } as const;

/** A node of the department tree (`/sys/sysDepart/queryTreeList`); `key` and `value` are the id. */
export type DepartTreeNode = {
  key: string;
  value: string;
  title: string;
  id: string;
  parentId: string | null;
  orgCode: string;
  departName: string;
  orgType: string;
  children: DepartTreeNode[];
  isLeaf: boolean;
};

/** The slim tree for selectors (`/sys/sysDepart/queryIdTree`). */
export type DepartIdTreeNode = {
  key: string;
  value: string;
  title: string;
  children: DepartIdTreeNode[];
};

export const DepartSearchQuery = z.object({
  keyWord: z.string().trim().min(1, '请输入部门名称或编码').max(50, '关键字不能超过 50 个字符'),
  _t: z.unknown().optional(),
});
export type DepartSearchQuery = z.infer<typeof DepartSearchQuery>;

export const DepartListQuery = z.object({
  userName: z.string().trim().max(64, '用户名过长').optional(),
  _t: z.unknown().optional(),
});
export type DepartListQuery = z.infer<typeof DepartListQuery>;
