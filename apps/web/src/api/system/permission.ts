import type { PermissionCreateInput, PermissionNode, PermissionTreeNode, PermissionUpdateInput } from '@odp/contracts';
import { http } from '../client';
import { resourceKeys } from './query-keys';

const keys = resourceKeys('permission');

/** Menu management keys; a change of the menus also makes the assign tree stale. */
export const permissionKeys = {
  ...keys,
  tree: [...keys.all, 'tree'] as const,
  ofRole: (roleId: string) => [...keys.all, 'role', roleId] as const,
};

/** Every directory, menu and button with all fields, nested. */
export const listPermissions = () => http.get<PermissionNode[]>('/sys/permission/list');

export const addPermission = (input: PermissionCreateInput) => http.post<PermissionNode>('/sys/permission/add', input);

export const editPermission = (input: PermissionUpdateInput) => http.put<PermissionNode>('/sys/permission/edit', input);

/** Refused (400) while the entry has children. */
export const deletePermission = (id: string) => http.delete<unknown>('/sys/permission/delete', { id });

/** The slim tree of menus and buttons to tick per role. */
export const queryPermissionTree = () => http.get<PermissionTreeNode[]>('/sys/permission/queryTreeList');

export const queryRolePermission = (roleId: string) =>
  http.get<string[]>('/sys/permission/queryRolePermission', { roleId });

export const saveRolePermission = (roleId: string, permissionIds: string[]) =>
  http.post<unknown>('/sys/permission/saveRolePermission', { roleId, permissionIds });
