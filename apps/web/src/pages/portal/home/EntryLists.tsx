import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { getDownloadRank, getRecentOpen, type MarketCard, marketKeys } from '@/api/market';
import { formatCounter, formatDate } from '@/components/portal/format';
import { CATALOGUE_PATH as CATALOGUE, detailPath } from '@/components/portal/links';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';

const SIZE = 6;

type ListProps = {
  id: string;
  title: string;
  more: string;
  query: { queryKey: readonly unknown[]; queryFn: () => Promise<{ records: MarketCard[] }> };
  ranked?: boolean;
  aside: (entry: MarketCard) => ReactNode;
};

function EntryList({ id, title, more, query, ranked, aside }: ListProps) {
  const list = useQuery(query);
  let body: ReactNode;
  if (list.isLoading) body = <Skeleton active title={false} paragraph={{ rows: SIZE }} />;
  else if (list.isError) body = <ErrorState onRetry={() => list.refetch()} />;
  else if (!list.data?.records.length) body = <EmptyState />;
  else
    body = (
      <ol className={`home-list${ranked ? ' is-ranked' : ''}`}>
        {list.data.records.map((entry, i) => (
          <li key={entry.id}>
            {ranked && <span className={`home-rank home-rank-${i + 1}`}>{i + 1}</span>}
            <Link to={detailPath(entry.id)} title={entry.catalogName}>
              {entry.catalogName}
            </Link>
            <span className="home-list-aside">{aside(entry)}</span>
          </li>
        ))}
      </ol>
    );
  return (
    <section className="home-panel" aria-labelledby={id}>
      <header className="home-block-head">
        <h2 id={id}>{title}</h2>
        <Link to={more}>更多 ›</Link>
      </header>
      {body}
    </section>
  );
}

/** 最新开放, 最近更新 and 下载排名, side by side under the key areas. */
export function EntryLists() {
  return (
    <div className="portal-section home-lists">
      <EntryList
        id="home-recent-open"
        title="最新开放"
        more={`${CATALOGUE}?sort=releaseTime&order=desc`}
        query={{ queryKey: marketKeys.recent('releaseTime'), queryFn: () => getRecentOpen('releaseTime', SIZE) }}
        aside={(e) => formatDate(e.releaseTime)}
      />
      <EntryList
        id="home-recent-update"
        title="最近更新"
        more={`${CATALOGUE}?sort=dataUpdateTime&order=desc`}
        query={{ queryKey: marketKeys.recent('dataUpdateTime'), queryFn: () => getRecentOpen('dataUpdateTime', SIZE) }}
        aside={(e) => formatDate(e.dataUpdateTime)}
      />
      <EntryList
        id="home-downloads"
        title="下载排名"
        more={`${CATALOGUE}?sort=downloadNum&order=desc`}
        query={{ queryKey: marketKeys.downloads, queryFn: () => getDownloadRank(SIZE) }}
        ranked
        aside={(e) => `${formatCounter(e.downloadNum)} 次下载`}
      />
    </div>
  );
}
