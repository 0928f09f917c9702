import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Rate, Skeleton } from 'antd';
import { useState } from 'react';
import { listRatings, marketKeys } from '@/api/market';
import { formatDate } from '@/components/portal/format';
import { Pager } from '@/components/portal/Pager';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';

const PAGE_SIZE = 10;

/** 评价: what users said about the entry, newest first. */
export function EvaluationList({ catalogId, count }: { catalogId: string; count?: number }) {
  const [pageNo, setPageNo] = useState(1);
  const ratings = useQuery({
    queryKey: [...marketKeys.ratings(catalogId), pageNo, count],
    queryFn: () => listRatings(catalogId, pageNo, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  if (ratings.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (ratings.isError) return <ErrorState onRetry={() => ratings.refetch()} />;
  const page = ratings.data;
  if (!page || page.records.length === 0) return <EmptyState description="暂无评价" />;
  return (
    <>
      <ul className="detail-evaluations">
        {page.records.map((item) => (
          <li key={`${item.userName}-${item.createTime}`}>
            <div className="detail-evaluation-head">
              <span className="detail-evaluation-user">{item.userName || '匿名用户'}</span>
              <Rate disabled value={item.score} />
              <time>{formatDate(item.updateTime || item.createTime)}</time>
            </div>
            <p>{item.comment || '该用户未填写评价内容'}</p>
          </li>
        ))}
      </ul>
      {page.total > PAGE_SIZE && (
        <Pager current={pageNo} pageSize={PAGE_SIZE} total={page.total} onChange={setPageNo} />
      )}
    </>
  );
}
