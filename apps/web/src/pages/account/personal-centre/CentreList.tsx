import type { Page } from '@odp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError } from '@/api/client';
import type { PersonalPage } from '@/api/personal';
import { personalKeys } from '@/api/personal';
import { type DataColumn, DataTable } from '@/components/portal/DataTable';
import { Pager } from '@/components/portal/Pager';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';

const PAGE_SIZE = 10;

type Props<T> = {
  /** The query key's kind and the list's call. */
  kind: string;
  load: (params: PersonalPage) => Promise<Page<T>>;
  columns: DataColumn<T>[];
  rowKey: (row: T) => string;
  caption: string;
  empty: ReactNode;
};

/**
 * One paged table of the personal centre (我的收藏, 我的评价, 操作记录): loading, error with retry,
 * the empty state, and the pager. On a phone the table scrolls inside its card.
 */
export function CentreList<T>({ kind, load, columns, rowKey, caption, empty }: Props<T>) {
  const [page, setPage] = useState(1);
  const params = { pageNo: page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: personalKeys.list(kind, params),
    queryFn: () => load(params),
    placeholderData: keepPreviousData,
  });
  if (list.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.isError || !list.data)
    return (
      <ErrorState
        message={list.error instanceof ApiError ? list.error.message : undefined}
        onRetry={() => list.refetch()}
      />
    );
  const data = list.data;
  // The last row of a page was removed: show the page before it.
  if (data.records.length === 0 && page > 1) {
    setPage(page - 1);
    return null;
  }
  if (data.records.length === 0) return <>{empty}</>;
  return (
    <div className={list.isPlaceholderData ? 'is-refreshing' : undefined}>
      <DataTable caption={caption} columns={columns} rows={data.records} rowKey={(row) => rowKey(row)} stacked />
      <div className="centre-pager">
        <Pager
          current={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          totalText={`共 ${data.total} 条`}
          onChange={setPage}
        />
      </div>
    </div>
  );
}

export { EmptyState };
