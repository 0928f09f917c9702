import type { HomeInformation as Home } from '@odp/contracts';
import { CONTENT_PATHS, informationDetailPath } from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { contentKeys, homeInformation } from '@/api/content';
import { formatDate } from '@/components/portal/format';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { TabStrip } from '@/components/portal/TabStrip';
import '../content/content.css';

type Tab = 'news' | 'policy' | 'notices';
const TABS: { key: Tab; label: string; more?: string }[] = [
  { key: 'news', label: '新闻动态', more: `${CONTENT_PATHS.information}?currentSelect=1` },
  { key: 'policy', label: '政策法规', more: `${CONTENT_PATHS.information}?currentSelect=2` },
  { key: 'notices', label: '公告通知' },
];

function rows(data: Home, tab: Tab): { id: string; title: string; time: string | null; to: string; top: boolean }[] {
  if (tab === 'notices')
    return data.notices.map((n) => ({
      id: n.id,
      title: n.title,
      time: n.releaseTime,
      to: `${CONTENT_PATHS.detail}?notice=${encodeURIComponent(n.id)}`,
      top: false,
    }));
  return data[tab].map((n) => ({
    id: n.id,
    title: n.title,
    time: n.releaseTime,
    to: informationDetailPath(n.id),
    top: n.isTop,
  }));
}

/** 资讯 on the home: 新闻动态, 政策法规 and the public 公告通知, six each, with 更多 to the information centre. */
export default function HomeInformation() {
  const [tab, setTab] = useState<Tab>('news');
  const list = useQuery({ queryKey: contentKeys.home, queryFn: homeInformation });
  const current = TABS.find((t) => t.key === tab) ?? TABS[0];
  let body: React.ReactNode;
  if (list.isLoading) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (list.isError || !list.data) body = <ErrorState onRetry={() => list.refetch()} />;
  else {
    const items = rows(list.data, tab);
    body = items.length ? (
      <ul className="content-list">
        {items.map((item) => (
          <li key={item.id}>
            <Link to={item.to}>
              {item.top && <span className="content-top">[置顶]</span>}
              {item.title}
            </Link>
            <time dateTime={item.time ?? undefined}>{formatDate(item.time)}</time>
          </li>
        ))}
      </ul>
    ) : (
      <EmptyState />
    );
  }
  return (
    <section className="portal-section home-block" aria-labelledby="home-information">
      <header className="home-block-head">
        <h2 id="home-information">资讯</h2>
        {current.more && <Link to={current.more}>更多 ›</Link>}
      </header>
      <div className="content-body">
        <TabStrip
          label="资讯栏目"
          items={TABS.map((t) => ({ key: t.key, label: t.label, children: t.key === tab ? body : undefined }))}
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
        />
      </div>
    </section>
  );
}
