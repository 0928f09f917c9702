import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { catalogueKeys } from '@/api/catalogue';
import { queryKeys } from '@/api/query-keys';
import { workOrderKeys } from '@/api/workorder';

/**
 * What any change of an entry's state makes stale: the catalogue lists and details, the work orders
 * and the to-do counts, and the permission answer whose menu carries the pending-review badge.
 */
export const CATALOGUE_STALE_KEYS: ReadonlyArray<readonly unknown[]> = [
  catalogueKeys.all,
  workOrderKeys.all,
  queryKeys.permission,
];

export function useCatalogueRefresh() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(CATALOGUE_STALE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient]);
}
