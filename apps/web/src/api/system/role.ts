import type {
  Page,
  RoleCreateInput,
  RoleItem,
  RoleListQuery,
  RoleOption,
  RoleTreeNode,
  RoleUpdateInput,
} from '@odp/contracts';
import { http } from '../client';

export const queryAllRoles = () => http.get<RoleOption[]>('/sys/role/queryall');

/** The filters of the role list as the page sends them; the server validates them against `RoleListQuery`. */
export type RoleListParams = Partial<RoleListQuery> & Pick<RoleListQuery, 'pageNo' | 'pageSize'>;

export const listRoles = (query: RoleListParams) => http.get<Page<RoleItem>>('/sys/role/list', query);

export const addRole = (input: RoleCreateInput) => http.post<RoleItem>('/sys/role/add', input);

export const editRole = (input: RoleUpdateInput) => http.put<RoleItem>('/sys/role/edit', input);

/** Refused (400) while users hold the role, and for the built-in roles. */
export const deleteRole = (id: string) => http.delete<unknown>('/sys/role/delete', { id });

export const queryRoleTreeList = () => http.get<RoleTreeNode[]>('/sys/role/queryTreeList');
