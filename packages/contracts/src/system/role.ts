import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';

/** Roles the platform itself relies on (seed grants, sign-up, workflows); they cannot be deleted. */
export const BUILT_IN_ROLE_CODES = ['admin', 'reviewer', 'dept_admin', 'registered'] as const;

const RoleFields = {
  roleName: z.string().trim().min(1, '请输入角色名称').max(100, '角色名称不能超过 100 个字符'),
  description: z
    .string()
    .trim()
    .max(255, '描述不能超过 255 个字符')
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
};

export const RoleCreateInput = z.object({
  roleCode: z
    .string()
    .trim()
    .min(1, '请输入角色编码')
    .max(64, '角色编码不能超过 64 个字符')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '角色编码以字母开头，只能包含字母、数字和下划线'),
  ...RoleFields,
});
export type RoleCreateInput = z.infer<typeof RoleCreateInput>;

/** The code is what grants and the seed refer to, so an edit keeps it. */
export const RoleUpdateInput = z.object({ id: z.string().uuid('角色 ID 格式不正确'), ...RoleFields });
export type RoleUpdateInput = z.infer<typeof RoleUpdateInput>;

export const RoleListQuery = PageQuery.extend({
  roleName: z.string().trim().max(100).optional(),
  roleCode: z.string().trim().max(64).optional(),
});
export type RoleListQuery = z.infer<typeof RoleListQuery>;

export type RoleItem = {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  /** One of `BUILT_IN_ROLE_CODES`: cannot be deleted. */
  builtIn: boolean;
  /** How many users hold the role; a role held by anyone cannot be deleted. */
  userCount: number;
  createTime: string;
};

/** A role as a node of the selectors' tree list (`/sys/role/queryTreeList`); roles are flat, so every node is a leaf. */
export type RoleTreeNode = {
  key: string;
  value: string;
  title: string;
  roleCode: string;
  isLeaf: true;
  children: [];
};
