import { useQuery } from '@tanstack/react-query';
import { listSourceColumns } from '@/api/collection';
import { listDataSourceOptions, listSourceTables, resourceKeys } from '@/api/resources';

/** The data sources a department may mount (all when no department is given). */
export function useSourceOptions(orgCode?: string) {
  const query = useQuery({
    queryKey: resourceKeys.dataSources.options,
    queryFn: listDataSourceOptions,
    staleTime: 30_000,
  });
  const sources = (query.data ?? []).filter((s) => !orgCode || s.orgCode === orgCode);
  return { ...query, sources };
}

/** The tables and views of a source, read from the source itself. */
export function useSourceTables(sourceId: string | undefined) {
  return useQuery({
    queryKey: resourceKeys.dataSources.tables(sourceId ?? ''),
    queryFn: () => listSourceTables(sourceId ?? ''),
    enabled: Boolean(sourceId),
    staleTime: 30_000,
    retry: false,
  });
}

export function useSourceColumns(sourceId: string | undefined, table: string | undefined) {
  return useQuery({
    queryKey: resourceKeys.dataSources.columns(sourceId ?? '', table ?? ''),
    queryFn: () => listSourceColumns(sourceId ?? '', table ?? ''),
    enabled: Boolean(sourceId && table),
    staleTime: 30_000,
    retry: false,
  });
}
