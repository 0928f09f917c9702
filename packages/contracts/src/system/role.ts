import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, letterCode, optionalText, requiredText, trimmedText } from '../core/fields.js';

/** Roles the platform itself relies on (seed grants, sign-up, workflows); they cannot be deleted. */
export const BUILT_IN_ROLE_CODES = ['admin', 'reviewer', 'dept_admin', 'registered'] as const;

const RoleFields = {
  roleName: requiredText('角色名称', 100),
  description: optionalText(255, '描述'),
};

export const RoleCreateInput = z.object({
  roleCode: letterCode('角色编码', 64),
  ...RoleFields,
});
export type RoleCreateInput = z.infer<typeof RoleCreateInput>;

/** The code is what grants and the seed refer to, so an edit keeps it. */
export const RoleUpdateInput = z.object({ id: idOf('角色'), ...RoleFields });
export type RoleUpdateInput = z.infer<typeof RoleUpdateInput>;

export const RoleListQuery = PageQuery.extend({
  roleName: trimmedText(100),
  roleCode: trimmedText(64),
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
