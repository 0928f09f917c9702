import type {
  DataRuleColumnsResult,
  DataRuleCreateInput,
  DataRuleItem,
  DataRuleUpdateInput,
  RoleDataRuleResult,
  SaveRoleDataRuleInput,
} from '@odp/contracts';
import { http } from '../client';
import { resourceKeys } from './query-keys';

const keys = resourceKeys('dataRule');

/** 数据规则 keys: per menu, the menu's usable columns, and a role's selection on a menu. */
export const dataRuleKeys = {
  ...keys,
  ofMenu: (permissionId: string, search: object = {}) => [...keys.all, 'menu', permissionId, search] as const,
  columns: (permissionId: string) => [...keys.all, 'columns', permissionId] as const,
  ofRole: (permissionId: string, roleId: string) => [...keys.all, 'role', permissionId, roleId] as const,
};

/** The rules of a menu, optionally searched by name and column. */
export const queryPermissionRule = (permissionId: string, search: { ruleName?: string; ruleColumn?: string } = {}) =>
  http.get<DataRuleItem[]>('/sys/permission/queryPermissionRule', { permissionId, ...search });

/** The fields the menu's list accepts in rules (`known` false: the menu serves no rule-aware list). */
export const queryDataRuleColumns = (permissionId: string) =>
  http.get<DataRuleColumnsResult>('/sys/permission/dataRuleColumns', { permissionId });

export const addPermissionRule = (input: DataRuleCreateInput) =>
  http.post<DataRuleItem>('/sys/permission/addPermissionRule', input);

export const editPermissionRule = (input: DataRuleUpdateInput) =>
  http.put<DataRuleItem>('/sys/permission/editPermissionRule', input);

export const deletePermissionRule = (id: string) =>
  http.delete<unknown>('/sys/permission/deletePermissionRule', { id });

/** The menu's rules and the ids the role has selected among them. */
export const queryRoleDataRule = (permissionId: string, roleId: string) =>
  http.get<RoleDataRuleResult>(`/sys/role/datarule/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}`);

/** Replaces the role's selection for that menu. */
export const saveRoleDataRule = (input: SaveRoleDataRuleInput) => http.post<unknown>('/sys/role/datarule', input);
