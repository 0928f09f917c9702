import type { SearchHit } from '@odp/contracts';
import { CATALOGUE_DICT, SEARCH_TYPE_LABEL, SEARCH_TYPES } from '@odp/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type MarketCard, marketKeys, type SearchTab, searchSite } from '@/api/market';
import { DictText } from '@/components/DictTag';
import { OPEN_TYPE_COLORS } from '@/components/portal/CatalogueCard';
import { formatDate, formatTotal } from '@/components/portal/format';
import { Highlight } from '@/components/portal/Highlight';
import { detailPath } from '@/components/portal/links';
import { Pager } from '@/components/portal/Pager';
import { PortalDictTag } from '@/components/portal/PortalTag';
import { SearchInput } from '@/components/portal/SearchInput';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { TabStrip } from '@/components/portal/TabStrip';
import './search.css';

const PAGE_SIZE = 10;
/** The tabs before the first answer; the server's answer names the types that are provided. */
const DEFAULT_TABS: SearchTab[] = SEARCH_TYPES.map((type) => ({
  type,
  label: SEARCH_TYPE_LABEL[type],
  total: 0,
  totalCapped: false,
}));

function CatalogueHit({ item }: { item: MarketCard }) {
  return (
    <li className="search-hit">
      <h3>
        <Link to={detailPath(item.id)}>
          <Highlight html={item.highlight?.catalogName} text={item.catalogName} />
        </Link>
        <PortalDictTag code={CATALOGUE_DICT.openType} value={item.openType} colors={OPEN_TYPE_COLORS} />
      </h3>
      <p>
        <Highlight html={item.highlight?.informationSummary} text={item.informationSummary} />
      </p>
      {item.service && (
        <div className="search-hit-meta search-hit-service">
          <span>
            实施清单：{item.service.implementationName}（{item.service.implementationCode}）
          </span>
          <span>业务办理项：{item.service.businessName}</span>
        </div>
      )}
      <div className="search-hit-meta">
        <span>来源部门：{item.departName || '-'}</span>
        <span>
          领域：
          <DictText code={CATALOGUE_DICT.keyAreasType} value={item.keyAreasType} />
        </span>
        <span>发布时间：{formatDate(item.releaseTime)}</span>
        <span>更新时间：{formatDate(item.dataUpdateTime)}</span>
      </div>
    </li>
  );
}

/** A result, news item, document, question or replied ticket: its title, what it is, where from and when. */
function ContentHit({ item }: { item: SearchHit }) {
  return (
    <li className="search-hit">
      <h3>
        <Link to={item.href}>
          <Highlight html={item.highlight?.title} text={item.title} />
        </Link>
        {item.tag && <span className="search-hit-tag">{item.tag}</span>}
      </h3>
      {item.summary && (
        <p>
          <Highlight html={item.highlight?.summary} text={item.summary} />
        </p>
      )}
      <div className="search-hit-meta">
        {item.source && <span>来源：{item.source}</span>}
        {item.date && <span>日期：{formatDate(item.date)}</span>}
      </div>
    </li>
  );
}

/** 全站搜索 (`/openPlatform/search?search=`): one tab per content type, matches marked, paged. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  // Only the types the search knows; anything else in the address falls back to the catalogue.
  const type = DEFAULT_TABS.some((tab) => tab.type === params.get('type'))
    ? (params.get('type') as SearchTab['type'])
    : 'catalogue';
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);

  const request = { search, type, pageNo, pageSize: PAGE_SIZE };
  const result = useQuery({
    queryKey: marketKeys.search(request),
    queryFn: () => searchSite(request),
    enabled: Boolean(search),
    placeholderData: keepPreviousData,
  });

  const go = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  const tabs = result.data?.tabs?.length ? result.data.tabs : DEFAULT_TABS;
  const answer = result.data;
  const page = answer?.page;

  let body: ReactNode;
  if (!search) body = <EmptyState description="请输入关键词，搜索全站开放数据" />;
  else if (result.isLoading)
    body = (
      <ul className="search-hits">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <li key={i} className="search-hit">
            <Skeleton active paragraph={{ rows: 2 }} />
          </li>
        ))}
      </ul>
    );
  else if (result.isError && !page) body = <ErrorState onRetry={() => result.refetch()} />;
  else if (!page || page.records.length === 0)
    body = <EmptyState description={`未找到与“${search}”相关的内容，换个关键词试试`} />;
  else
    body = (
      <>
        <ul className={`search-hits${result.isFetching ? ' is-refreshing' : ''}`}>
          {answer?.kind === 'hits'
            ? answer.page.records.map((item) => <ContentHit key={item.id} item={item} />)
            : answer?.page.records.map((item) => <CatalogueHit key={item.id} item={item} />)}
        </ul>
        <Pager
          current={pageNo}
          pageSize={PAGE_SIZE}
          total={page.total}
          totalText={`共 ${formatTotal(page.total, page.totalCapped)} 条`}
          onChange={(n) => {
            go({ pageNo: n > 1 ? String(n) : undefined });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </>
    );

  return (
    <div className="portal-section search-page">
      <h1 className="sr-only">全站搜索</h1>
      <div className="search-box">
        <SearchInput
          size="large"
          value={search}
          onSearch={(value) => go({ search: value.trim() || undefined, pageNo: undefined })}
          placeholder="请输入关键词，多个关键词用空格分隔"
          buttonText="搜索"
          label="全站搜索"
        />
      </div>
      <div className="search-panel">
        <TabStrip
          label="搜索结果分类"
          activeKey={type}
          onChange={(key) => go({ type: key, pageNo: undefined })}
          items={tabs.map((tab) => ({
            key: tab.type,
            label: (
              <>
                {tab.label}
                {search && <span className="search-tab-count">{formatTotal(tab.total, tab.totalCapped)}</span>}
              </>
            ),
            children: (
              <>
                {search && page && page.total > 0 && (
                  <p className="search-summary">
                    找到与“<strong>{search}</strong>”相关的结果约 {formatTotal(page.total, page.totalCapped)} 条
                  </p>
                )}
                {body}
              </>
            ),
          }))}
        />
      </div>
    </div>
  );
}
