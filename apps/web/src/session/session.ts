import type { AllDictItems, DictOption, UserInfo } from '@odp/contracts';
import { Constants } from '@odp/contracts';
import { useSyncExternalStore } from 'react';
import { readLocal, removeLocal, writeLocal } from './storage';

const KEY = {
  token: 'Access-Token',
  userInfo: 'Login_Userinfo',
  dict: 'UI_CACHE_DB_DICT_DATA',
  tenant: 'TENANT_ID',
} as const;

export type Session = { token: string | null; userInfo: UserInfo | null; tenantId: string };

function load(): Session {
  return {
    token: readLocal<string>(KEY.token),
    userInfo: readLocal<UserInfo>(KEY.userInfo),
    tenantId: readLocal<string>(KEY.tenant) ?? String(Constants.defaultTenantId),
  };
}

let snapshot = load();
const listeners = new Set<() => void>();

/** The dictionaries the sign-in sent, parsed once per page (lists ask for them per row). */
let dictCache: AllDictItems | null | undefined;

function update(next: Partial<Session>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getSession = () => snapshot;
export const getToken = () => snapshot.token;

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession);
}

export function saveLogin(token: string, userInfo: UserInfo, dict: AllDictItems) {
  writeLocal(KEY.token, token);
  writeLocal(KEY.userInfo, userInfo);
  writeLocal(KEY.dict, dict);
  dictCache = dict;
  update({ token, userInfo });
}

export function saveUserInfo(userInfo: UserInfo) {
  writeLocal(KEY.userInfo, userInfo);
  update({ userInfo });
}

export function saveTenant(tenantId: string) {
  writeLocal(KEY.tenant, tenantId);
  update({ tenantId });
}

export function saveDictItems(dict: AllDictItems) {
  writeLocal(KEY.dict, dict);
  dictCache = dict;
}

/** Replaces one dictionary in the sign-in cache after an administrator changed it; null forgets it. */
export function saveCachedDict(code: string, items: DictOption[] | null) {
  const all = readLocal<AllDictItems>(KEY.dict);
  if (!all) return;
  if (items) all[code] = items;
  else delete all[code];
  writeLocal(KEY.dict, all);
  dictCache = all;
}

/** Options of one dictionary from the cache filled at sign-in; empty when unknown or expired. */
export function getCachedDict(code: string): DictOption[] {
  if (dictCache === undefined) dictCache = readLocal<AllDictItems>(KEY.dict);
  return dictCache?.[code] ?? [];
}

/** Forgets everything of the signed-in user on this device (spec §4 logout). */
export function clearSession() {
  for (const key of Object.values(KEY)) removeLocal(key);
  dictCache = null;
  update({ token: null, userInfo: null, tenantId: String(Constants.defaultTenantId) });
}
