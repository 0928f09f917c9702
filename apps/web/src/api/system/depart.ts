import type {
  DepartCreateInput,
  DepartDetail,
  DepartMemberItem,
  DepartMemberListQuery,
  DepartRoleCreateInput,
  DepartRoleItem,
  DepartRoleListQuery,
  DepartRoleUpdateInput,
  DepartTreeNode,
  DepartUpdateInput,
  Page,
  PermissionTreeNode,
} from '@odp/contracts';
import { http } from '../client';
import { resourceKeys, systemKeys } from './query-keys';

export const queryDepartTree = () => http.get<DepartTreeNode[]>('/sys/sysDepart/queryTreeList');

export const queryDepartById = (id: string) => http.get<DepartDetail>('/sys/sysDepart/queryById', { id });

export const addDepart = (input: DepartCreateInput) => http.post<DepartDetail>('/sys/sysDepart/add', input);

export const editDepart = (input: DepartUpdateInput) => http.put<DepartDetail>('/sys/sysDepart/edit', input);

/** Refused (400) while the department has members, child departments or catalogue entries. */
export const deleteDepart = (id: string) => http.delete<unknown>('/sys/sysDepart/delete', { id });

// ---- Department permissions ----

/** The whole menu and button tree, to tick what a department may hold. */
export const queryDepartPermissionTree = () => http.get<PermissionTreeNode[]>('/sys/sysDepart/queryPermissionTree');

export const queryDepartPermission = (departId: string) =>
  http.get<string[]>('/sys/permission/queryDepartPermission', { departId });

export const saveDepartPermission = (departId: string, permissionIds: string[], lastpermissionIds?: string[]) =>
  http.post<unknown>('/sys/permission/saveDepartPermission', { departId, permissionIds, lastpermissionIds });

// ---- Department roles ----

const roleKeys = resourceKeys('departRole');

/** Query keys of the department page beyond the shared tree (systemKeys.departs). */
export const departKeys = {
  ...systemKeys.departs,
  detail: (id: string) => [...systemKeys.departs.all, 'detail', id] as const,
  permissionTree: [...systemKeys.departs.all, 'permissionTree'] as const,
  permissions: (departId: string) => [...systemKeys.departs.all, 'permissions', departId] as const,
  roles: roleKeys,
  grantableTree: (departId: string) => [...roleKeys.all, 'grantable', departId] as const,
  rolePermissions: (roleId: string) => [...roleKeys.all, 'permissions', roleId] as const,
  members: (params: object) => [...roleKeys.all, 'members', params] as const,
};

export type DepartRoleListParams = Partial<DepartRoleListQuery> & Pick<DepartRoleListQuery, 'pageNo' | 'pageSize'>;

export const listDepartRoles = (query: DepartRoleListParams) =>
  http.get<Page<DepartRoleItem>>('/sys/sysDepartRole/list', query);

export const addDepartRole = (input: DepartRoleCreateInput) =>
  http.post<DepartRoleItem>('/sys/sysDepartRole/add', input);

export const editDepartRole = (input: DepartRoleUpdateInput) =>
  http.put<DepartRoleItem>('/sys/sysDepartRole/edit', input);

/** Refused (400) while members hold the role. */
export const deleteDepartRole = (id: string) => http.delete<unknown>('/sys/sysDepartRole/delete', { id });

export type DepartMemberParams = Partial<DepartMemberListQuery> &
  Pick<DepartMemberListQuery, 'departId' | 'pageNo' | 'pageSize'>;

export const listDepartMembers = (query: DepartMemberParams) =>
  http.get<Page<DepartMemberItem>>('/sys/sysDepartRole/memberList', query);

/** Sets a member's roles in the department; `oldRoleIds` is what the dialog loaded, so a concurrent change is refused. */
export const saveMemberDepartRoles = (userId: string, departId: string, newRoleIds: string[], oldRoleIds: string[]) =>
  http.post<unknown>('/sys/sysDepartRole/deptRoleUserAdd', {
    userId,
    departId,
    newRoleId: newRoleIds,
    oldRoleId: oldRoleIds,
  });

/** The menu tree cut down to what the department holds. */
export const queryGrantableTree = (departId: string) =>
  http.get<PermissionTreeNode[]>('/sys/sysDepartPermission/queryTreeList', { departId });

export const queryDeptRolePermission = (roleId: string) =>
  http.get<string[]>('/sys/sysDepartPermission/queryDeptRolePermission', { roleId });

export const saveDeptRolePermission = (roleId: string, permissionIds: string[]) =>
  http.post<unknown>('/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds });
