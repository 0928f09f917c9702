import type {
  AllDictItems,
  Depart,
  DictOption,
  LoginInput,
  LoginResult,
  Tenant,
  UpdatePasswordInput,
  UserInfo,
  UserPermissionResult,
} from '@odp/contracts';
import { http } from './client';

/** Sign-in reports its own failure (登录失败 notification), so the client stays silent. */
export const login = (input: LoginInput) => http.post<LoginResult>('/sys/login', input, { silent: true });

export const logout = () => http.post<null>('/sys/logout', undefined, { silent: true });

/** The captcha image as a data URL for the client-made `checkKey`. */
export const getCaptcha = (checkKey: string) =>
  http.get<string>(`/sys/randomImage/${encodeURIComponent(checkKey)}`, undefined, { silent: true });

export const getUserPermission = () =>
  http.get<UserPermissionResult>('/sys/permission/getUserPermissionByToken', undefined, { silent: true });

export const getCurrentUserDeparts = () =>
  http.get<{ list: Depart[]; orgCode: string | null }>('/sys/user/getCurrentUserDeparts');

export const selectDepart = (input: { orgCode: string; username: string }) =>
  http.put<{ userInfo: UserInfo }>('/sys/selectDepart', input, { silent: true });

export const getDepartList = (userName: string) => http.get<Depart[]>('/sys/getDepartList', { userName });

export const getTenants = (ids: string) => http.get<Tenant[]>('/sys/tenant/queryList', { ids });

/** Resolves to the server's message, which the dialog shows as it is. */
export const updatePassword = (input: UpdatePasswordInput) =>
  http.put<string | null>('/sys/user/updatePassword', input, { silent: true });

export const getAllDictItems = () => http.get<AllDictItems>('/sys/dict/queryAllDictItems');

export const getDictItems = (code: string) =>
  http.get<DictOption[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`);
