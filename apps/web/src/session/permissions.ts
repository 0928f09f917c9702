import type { PermissionAction, UserPermissionResult } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { getUserPermission } from '@/api/auth';
import { queryKeys } from '@/api/query-keys';
import { useSession } from './session';

/** The signed-in user's menu and button permissions; loaded once per token (spec §4). */
export function usePermission() {
  const { token } = useSession();
  return useQuery<UserPermissionResult>({
    queryKey: [...queryKeys.permission, token],
    queryFn: getUserPermission,
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Spec §6: an action is granted when the user's list holds it and it is not a type-2 (non-button) entry. */
export function hasAuth(auth: PermissionAction[] | undefined, action: string) {
  return Boolean(auth?.some((item) => item.action === action && item.type !== '2'));
}

export function useHasAuth(action: string) {
  return hasAuth(usePermission().data?.auth, action);
}
