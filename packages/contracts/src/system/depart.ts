import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import {
  commaList,
  idOf,
  letterCode,
  optionalText,
  requiredText,
  sortNumber,
  trimmedText,
  uuidOf,
} from '../core/fields.js';

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
  userName: trimmedText(64, '用户名过长'),
  _t: z.unknown().optional(),
});
export type DepartListQuery = z.infer<typeof DepartListQuery>;

/** What the 基本信息 form edits; `orgType` is one of `ORG_TYPE`. */
const DepartFields = {
  parentId: uuidOf('上级部门')
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  departName: requiredText('部门名称', 100),
  departNameAbbr: optionalText(50, '简称'),
  orgCode: requiredText('机构编码', 64).regex(/^[A-Za-z0-9_-]+$/, '机构编码只能包含字母、数字、下划线和短横线'),
  orgType: z.enum([ORG_TYPE.institution, ORG_TYPE.department, ORG_TYPE.district], { error: '请选择机构类型' }),
  address: optionalText(200, '地址'),
  phone: optionalText(40, '电话'),
  sortNo: sortNumber(0),
};

export const DepartCreateInput = z.object(DepartFields);
export type DepartCreateInput = z.infer<typeof DepartCreateInput>;

export const DepartUpdateInput = z.object({ id: uuidOf('部门 ID'), ...DepartFields });
export type DepartUpdateInput = z.infer<typeof DepartUpdateInput>;

export const DepartIdQuery = z.object({ id: uuidOf('部门 ID'), _t: z.unknown().optional() });
export type DepartIdQuery = z.infer<typeof DepartIdQuery>;

/** One department with every field of the 基本信息 form (`/sys/sysDepart/queryById`). */
export type DepartDetail = {
  id: string;
  parentId: string | null;
  departName: string;
  departNameAbbr: string | null;
  orgCode: string;
  orgType: string;
  address: string | null;
  phone: string | null;
  sortNo: number;
};

/** Menus and buttons granted to a department: the ceiling of what its own roles may grant. */
export const DepartPermissionQuery = z.object({ departId: uuidOf('部门 ID'), _t: z.unknown().optional() });
export type DepartPermissionQuery = z.infer<typeof DepartPermissionQuery>;

const PermissionIds = z
  .array(idOf('菜单或按钮'))
  .max(5000, '一次最多授权 5000 项')
  .transform((ids) => [...new Set(ids)]);

export const SaveDepartPermissionInput = z.object({
  departId: uuidOf('部门 ID'),
  permissionIds: PermissionIds,
  /** What the editor loaded; when given and no longer current, the save is refused rather than overwriting. */
  lastpermissionIds: z.array(z.string()).max(5000).optional(),
});
export type SaveDepartPermissionInput = z.infer<typeof SaveDepartPermissionInput>;

// ---- Department roles (sys_depart_role) ----

const DepartRoleFields = {
  roleName: requiredText('角色名称', 100),
  description: optionalText(255, '描述'),
};

export const DepartRoleCreateInput = z.object({
  departId: uuidOf('部门 ID'),
  roleCode: letterCode('角色编码', 64),
  ...DepartRoleFields,
});
export type DepartRoleCreateInput = z.infer<typeof DepartRoleCreateInput>;

/** The department and the code stay as created: grants and members hang on them. */
export const DepartRoleUpdateInput = z.object({ id: uuidOf('角色 ID'), ...DepartRoleFields });
export type DepartRoleUpdateInput = z.infer<typeof DepartRoleUpdateInput>;

export const DepartRoleListQuery = PageQuery.extend({
  deptId: uuidOf('部门 ID'),
  roleName: trimmedText(100),
});
export type DepartRoleListQuery = z.infer<typeof DepartRoleListQuery>;

export type DepartRoleItem = {
  id: string;
  departId: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  /** Members holding the role; a role held by anyone cannot be deleted. */
  userCount: number;
  createTime: string;
};

export const DepartRoleIdQuery = z.object({ id: uuidOf('角色 ID'), _t: z.unknown().optional() });

export const DeptRoleByUserQuery = z.object({
  userId: uuidOf('用户 ID'),
  departId: uuidOf('部门 ID'),
  _t: z.unknown().optional(),
});
export type DeptRoleByUserQuery = z.infer<typeof DeptRoleByUserQuery>;

/** Role ids as the original client sends them: an array or a comma-separated string; empty means none. */
const RoleIdList = commaList()
  .pipe(z.array(idOf('角色')).max(200, '一次最多分配 200 个角色'))
  .transform((ids) => [...new Set(ids)]);

/**
 * Sets a member's roles in one department: `newRoleId` is the whole new set. `oldRoleId`, when
 * given, is what the editor loaded; if someone changed the member's roles since, the save is refused.
 */
export const DeptRoleUserAddInput = z.object({
  userId: uuidOf('用户 ID'),
  departId: uuidOf('部门 ID'),
  newRoleId: RoleIdList,
  oldRoleId: RoleIdList.optional(),
});
export type DeptRoleUserAddInput = z.infer<typeof DeptRoleUserAddInput>;

export const DepartMemberListQuery = PageQuery.extend({
  departId: uuidOf('部门 ID'),
  username: trimmedText(64),
});
export type DepartMemberListQuery = z.infer<typeof DepartMemberListQuery>;

/** A member of a department with the department roles they hold there. */
export type DepartMemberItem = {
  userId: string;
  username: string;
  realname: string;
  roleIds: string[];
};

export const DeptRolePermissionQuery = z.object({ roleId: uuidOf('角色 ID'), _t: z.unknown().optional() });

export const SaveDeptRolePermissionInput = z.object({ roleId: uuidOf('角色 ID'), permissionIds: PermissionIds });
export type SaveDeptRolePermissionInput = z.infer<typeof SaveDeptRolePermissionInput>;
