import { INFORMATION_TYPES, informationDetailPath } from '@odp/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { contentKeys, publicInformation } from '@/api/content';
import { formatDate } from '@/components/portal/format';
import { Pager } from '@/components/portal/Pager';
import { SearchInput } from '@/components/portal/SearchInput';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { SideMenu } from './SideMenu';
import './content.css';

type Tab = (typeof INFORMATION_TYPES)[number]['value'];
const TABS = INFORMATION_TYPES.map((t) => ({ key: t.value as Tab, label: t.text }));

/** 资讯中心 (`/system/helpdocument`): 新闻动态 and 政策法规, by keyword, pinned first; `currentSelect` picks the tab. */
export default function InformationCentrePage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('currentSelect') === '2' ? '2' : '1';
  const query = useMemo(
    () => ({
      informationType: tab,
      keyword: params.get('keyword') ?? undefined,
      pageNo: Number(params.get('pageNo') ?? 1) || 1,
      pageSize: Number(params.get('pageSize') ?? 10) || 10,
    }),
    [params, tab],
  );
  const list = useQuery({
    queryKey: contentKeys.publicList('information', query),
    queryFn: () => publicInformation(query),
    placeholderData: keepPreviousData,
  });
  const go = (change: Record<string, string | undefined>, keepPage = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) v ? next.set(k, v) : next.delete(k);
    if (!keepPage) next.delete('pageNo');
    setParams(next);
  };
  const label = TABS.find((t) => t.key === tab)?.label ?? '';
  const page = list.data;

  let body: React.ReactNode;
  if (list.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError && !page) body = <ErrorState onRetry={() => list.refetch()} />;
  else if (!page?.records.length)
    body = <EmptyState description={query.keyword ? `未找到与“${query.keyword}”相关的${label}` : '暂无数据'} />;
  else
    body = (
      <ul className="content-list">
        {page.records.map((item) => (
          <li key={item.id}>
            <Link to={informationDetailPath(item.id)}>
              {item.isTop && <span className="content-top">[置顶]</span>}
              {item.title}
            </Link>
            <time dateTime={item.releaseTime ?? undefined}>{formatDate(item.releaseTime)}</time>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="portal-section content-page">
      <h1 className="sr-only">资讯中心</h1>
      <SideMenu
        title="资讯中心"
        items={TABS}
        active={tab}
        onChange={(key) => go({ currentSelect: key, keyword: undefined })}
      />
      <section className="content-body" aria-label={label}>
        <h2>{label}</h2>
        <SearchInput
          className="content-search"
          value={query.keyword}
          onSearch={(value) => go({ keyword: value.trim() || undefined })}
          placeholder="请输入关键字"
          buttonText="搜索"
          label={`搜索${label}`}
        />
        {body}
        {page && page.total > 0 && (
          <Pager
            current={query.pageNo}
            pageSize={query.pageSize}
            total={page.total}
            totalText={`共 ${page.total} 条`}
            pageSizes={[10, 20, 30, 50]}
            onChange={(pageNo, pageSize) => go({ pageNo: String(pageNo), pageSize: String(pageSize) }, true)}
          />
        )}
      </section>
    </div>
  );
}
