import type { Page, UserCreateInput, UserItem, UserListQuery, UserUpdateInput } from '@odp/contracts';
import { http } from '../client';

/** The filters of the user list as the page sends them; the server validates them against `UserListQuery`. */
export type UserListParams = Partial<UserListQuery> & Pick<UserListQuery, 'pageNo' | 'pageSize'>;

export const listUsers = (query: UserListParams) => http.get<Page<UserItem>>('/sys/user/list', query);

export const addUser = (input: UserCreateInput) => http.post<UserItem>('/sys/user/add', input);

export const editUser = (input: UserUpdateInput) => http.put<UserItem>('/sys/user/edit', input);

/** Ids of the roles the user holds. */
export const queryUserRole = (userid: string) => http.get<string[]>('/sys/user/queryUserRole', { userid });

export const queryUserByDepId = (departId: string) =>
  http.get<UserItem[]>('/sys/user/queryUserByDepId', { id: departId });

/** Status 1 正常, 2 冻结 (`USER_STATUS` in contracts). */
export const frozenBatch = (ids: string[], status: 1 | 2) =>
  http.put<unknown>('/sys/user/frozenBatch', { ids, status });

/** An administrator sets a new password for a user (no old password asked). */
export const changePassword = (input: { username: string; password: string; confirmpassword: string }) =>
  http.put<unknown>('/sys/user/changePassword', input);

/**
 * Resolves when the account name is free; rejects with the server's 400 ('用户账号已存在') when taken.
 * Silent: the form shows the message under the field instead of a notice.
 */
export const checkOnlyUser = (username: string) =>
  http.get<unknown>('/sys/user/checkOnlyUser', { username }, { silent: true });
