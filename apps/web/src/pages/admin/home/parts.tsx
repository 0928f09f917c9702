import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { HomeScope } from './widgets';

/** A figure as the page shows it: grouped digits (with `decimals` fixed), or a dash when there is nothing to measure. */
export const formatCount = (value: number | null, decimals = 0) =>
  value === null
    ? '—'
    : value.toLocaleString('zh-CN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

export function ScopeTag({ scope }: { scope: HomeScope }) {
  return scope === 'city' ? <Tag color="blue">全市</Tag> : <Tag>本部门</Tag>;
}

/** A failed figure says so in its own card and offers to ask again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="数据加载失败，请稍后重试">
      <Button size="small" onClick={onRetry}>
        重试
      </Button>
    </Empty>
  );
}

/** A card whose body is one query's answer: a skeleton while it loads, a retry when it failed. */
export function QueryCard<T>({
  title,
  extra,
  query,
  rows = 2,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'refetch'>;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card title={title} extra={extra} className="home-card">
      {query.isError ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : query.data === undefined ? (
        <Skeleton active title={false} paragraph={{ rows }} />
      ) : (
        children(query.data)
      )}
    </Card>
  );
}

/** One figure: a label, the value with its unit, and where it leads when the user may go there. */
export function Figure({
  label,
  value,
  unit,
  to,
  emptyText = '—',
  decimals = 0,
}: {
  label: string;
  value: number | null;
  unit?: string;
  to?: string;
  /** What stands for a figure that cannot be measured (a rate without calls). */
  emptyText?: string;
  decimals?: number;
}) {
  const text = value === null ? emptyText : formatCount(value, decimals);
  const body = (
    <>
      <span className="home-figure-label">{label}</span>
      <span className={value === null ? 'home-figure-value home-figure-empty' : 'home-figure-value'}>
        {text}
        {unit && value !== null && <span className="home-figure-unit">{unit}</span>}
      </span>
    </>
  );
  return to ? (
    <Link
      className="home-figure"
      to={to}
      aria-label={`${label} ${text}${value === null ? '' : (unit ?? '')}，查看列表`}
    >
      {body}
    </Link>
  ) : (
    <div className="home-figure">{body}</div>
  );
}
