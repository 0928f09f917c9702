import { useCallback } from 'react';
import { hasAuth, usePermission } from '@/session';

/**
 * One check function for every button of a page: `useHasAuth` takes one code per hook call, and a
 * page has as many buttons as rows. A missing code means the declaration asked for no permission.
 * Hiding a button is a courtesy; the server checks the same code on the route.
 */
export function useCan(): (code?: string) => boolean {
  const auth = usePermission().data?.auth;
  return useCallback((code?: string) => code === undefined || hasAuth(auth, code), [auth]);
}
