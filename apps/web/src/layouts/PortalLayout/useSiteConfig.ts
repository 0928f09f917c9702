import { useQuery } from '@tanstack/react-query';
import { getSiteConfig, type SiteConfig } from '@/api/portal';
import { queryKeys } from '@/api/query-keys';

/** Portal settings change rarely; one fetch per visit is enough. */
export function useSiteConfig(): SiteConfig {
  return (
    useQuery({ queryKey: queryKeys.portal.site, queryFn: getSiteConfig, staleTime: Number.POSITIVE_INFINITY }).data ??
    {}
  );
}
