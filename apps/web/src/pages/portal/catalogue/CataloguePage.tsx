import { ArrowDownOutlined, ArrowUpOutlined, FilterOutlined } from '@ant-design/icons';
import { CATALOGUE_DICT, MARKET_SORT_LABEL, MARKET_SORTS } from '@odp/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { lazy, type ReactNode, Suspense, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  type Facet,
  type FacetCounts,
  getCatalogAmount,
  type MarketSort,
  marketKeys,
  pageMarket,
  type TreeItemId,
} from '@/api/market';
import { useDictOptions, useDictsSettled } from '@/components/DictSelect/use-dict-options';
import { CARD_DICTS, CatalogueCard } from '@/components/portal/CatalogueCard';
import { CategoryTree, nodeKey, type PortalTreeNode, usePortalTrees } from '@/components/portal/CategoryTree';
import { FacetFilter, type FacetOption } from '@/components/portal/FacetFilter';
import { formatTotal } from '@/components/portal/format';
import { Pager } from '@/components/portal/Pager';
import { SearchInput } from '@/components/portal/SearchInput';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { useMediaQuery, WIDE_SCREEN } from '@/components/portal/use-media-query';
import {
  clearFilters,
  filtersOf,
  hasFilters,
  readQuery,
  setKeyword,
  setPage,
  toggleFacet,
  toggleSort,
  toggleTreeNode,
} from './query-params';
import './catalogue.css';

// Phones only, on the first tap of 筛选 (kept afterwards for its closing animation).
const FilterDrawer = lazy(() => import('./FilterDrawer'));

const SORTS: { key: MarketSort | undefined; label: string }[] = [
  { key: undefined, label: '综合排序' },
  ...MARKET_SORTS.map((key) => ({ key, label: MARKET_SORT_LABEL[key] })),
];

/** Facet rows in the order of the original portal, each with the dictionary that names its values. */
const FACET_ROWS: { facet: Exclude<Facet, 'orgCode'>; title: string; dict: string }[] = [
  { facet: 'dataFormat', title: '数据格式', dict: CATALOGUE_DICT.dataFormat },
  { facet: 'shareType', title: '共享类型', dict: CATALOGUE_DICT.shareType },
  { facet: 'openType', title: '开放类型', dict: CATALOGUE_DICT.openType },
  { facet: 'keyAreasType', title: '重点领域', dict: CATALOGUE_DICT.keyAreasType },
  { facet: 'updateFrequency', title: '更新频率', dict: CATALOGUE_DICT.updateFrequency },
];

type FacetRowProps = {
  facet: Exclude<Facet, 'orgCode'>;
  title: string;
  dict: string;
  amount: FacetCounts | undefined;
  value: string | undefined;
  onChange: (facet: Facet, value: string | undefined) => void;
};

/** A dictionary facet: values in dictionary order, those with entries (or selected) only. */
function DictFacet({ facet, title, dict, amount, value, onChange }: FacetRowProps) {
  const items = useDictOptions(dict);
  const counts = amount?.[facet] ?? {};
  const options: FacetOption[] = items
    .map((item) => ({
      value: item.value,
      label: item.text || item.label || item.value,
      count: counts[item.value] ?? 0,
    }))
    .filter((option) => option.count > 0 || option.value === value);
  // Codes the dictionary does not know still show, by their code.
  for (const [code, count] of Object.entries(counts)) {
    if (count > 0 && !items.some((item) => item.value === code)) options.push({ value: code, label: code, count });
  }
  return <FacetFilter title={title} options={options} value={value} onChange={(v) => onChange(facet, v)} />;
}

export default function CataloguePage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readQuery(params), [params]);
  const filters = useMemo(() => filtersOf(query), [query]);
  const { roots, orgNames } = usePortalTrees();
  const listTop = useRef<HTMLDivElement>(null);
  // Phones and tablets: the tree and the facets move into a drawer so the results come first.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersUsed, setFiltersUsed] = useState(false);
  const wide = useMediaQuery(WIDE_SCREEN);

  const list = useQuery({
    queryKey: marketKeys.list(query),
    queryFn: () => pageMarket(query),
    placeholderData: keepPreviousData,
  });
  const amount = useQuery({
    queryKey: marketKeys.amount(filters),
    queryFn: () => getCatalogAmount(filters),
    placeholderData: keepPreviousData,
  });

  const go = (next: URLSearchParams) => setParams(next);
  const onFacet = (facet: Facet, value: string | undefined) => go(toggleFacet(params, facet, value));

  const onTreeSelect = (node: PortalTreeNode) =>
    go(
      toggleTreeNode(
        params,
        node.orgCode
          ? { orgCode: node.orgCode, treeItemId: node.treeItemId }
          : { categoryId: node.id, treeItemId: node.treeItemId },
      ),
    );

  // The tree marks every node that stands for the current department or category.
  const selectedKeys = useMemo(() => {
    const keys: string[] = [];
    const walk = (nodes: PortalTreeNode[]) => {
      for (const node of nodes) {
        if (node.selectable) {
          if (query.orgCode && node.orgCode === query.orgCode) keys.push(node.key);
          if (query.categoryId && !node.orgCode && node.id === query.categoryId) keys.push(node.key);
        }
        walk(node.children ?? []);
      }
    };
    walk(roots);
    if (query.categoryId && keys.length === 0 && query.treeItemId)
      keys.push(nodeKey(query.treeItemId as TreeItemId, query.categoryId));
    return keys;
  }, [roots, query.orgCode, query.categoryId, query.treeItemId]);

  const orgOptions: FacetOption[] = Object.entries(amount.data?.orgCode ?? {})
    .filter(([code, count]) => count > 0 || code === query.orgCode)
    .map(([code, count]) => ({ value: code, label: orgNames[code] ?? code, count }))
    .sort((a, b) => b.count - a.count);

  const changePage = (pageNo: number, pageSize: number) => {
    go(setPage(params, pageNo, pageSize));
    listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const page = list.data;
  const dictsSettled = useDictsSettled(CARD_DICTS);
  const records = page?.records ?? [];

  let results: ReactNode;
  if (list.isLoading || !dictsSettled)
    results = Array.from({ length: 4 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
      <div key={i} className="portal-card">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    ));
  else if (list.isError && !page) results = <ErrorState onRetry={() => list.refetch()} />;
  else if (records.length === 0)
    results = (
      <EmptyState description={query.catalogName ? `未找到与“${query.catalogName}”相关的数据目录` : '暂无数据'} />
    );
  else results = records.map((item) => <CatalogueCard key={item.id} item={item} />);

  const tree = <CategoryTree selectedKeys={selectedKeys} onSelect={onTreeSelect} />;
  const facets = (
    <div className="catalogue-facets">
      {amount.isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : (
        <>
          {FACET_ROWS.map((row) => (
            <DictFacet key={row.facet} {...row} amount={amount.data} value={query[row.facet]} onChange={onFacet} />
          ))}
          <FacetFilter
            title="数源部门"
            options={orgOptions}
            value={query.orgCode}
            onChange={(v) => onFacet('orgCode', v)}
            collapsedCount={8}
          />
        </>
      )}
      {hasFilters(query) && (
        <div className="catalogue-facets-clear">
          <button type="button" onClick={() => go(clearFilters(params))}>
            清除筛选条件
          </button>
        </div>
      )}
    </div>
  );

  return (
    <div className="portal-section catalogue-page">
      <h1 className="sr-only">开放数据目录</h1>
      {wide && (
        <aside className="catalogue-side catalogue-wide" aria-label="目录分类">
          {tree}
        </aside>
      )}
      <section className="catalogue-body" aria-label="开放数据目录">
        <div className="catalogue-search">
          <SearchInput
            size="large"
            value={query.catalogName}
            onSearch={(value) => go(setKeyword(params, value))}
            placeholder="请输入数据目录名称、摘要或部门关键词，多个关键词用空格分隔"
            buttonText="搜索"
            label="搜索数据目录"
          />
        </div>

        {wide && <div className="catalogue-wide">{facets}</div>}
        <button
          type="button"
          className="catalogue-filter-button catalogue-narrow"
          aria-expanded={filtersOpen}
          onClick={() => {
            setFiltersUsed(true);
            setFiltersOpen(true);
          }}
        >
          <FilterOutlined /> 筛选{hasFilters(query) ? '（已筛选）' : ''}
        </button>
        {filtersUsed && (
          <Suspense fallback={null}>
            <FilterDrawer
              open={filtersOpen}
              onClose={() => setFiltersOpen(false)}
              doneText={`查看结果（${page ? formatTotal(page.total, page.totalCapped) : '-'} 条）`}
            >
              {facets}
              {tree}
            </FilterDrawer>
          </Suspense>
        )}

        <div className="catalogue-toolbar" ref={listTop}>
          <fieldset className="catalogue-sorts" aria-label="排序">
            {SORTS.map(({ key, label }) => {
              const active = query.sort === key;
              return (
                <button
                  key={label}
                  type="button"
                  aria-pressed={active}
                  onClick={() => go(toggleSort(params, key))}
                  title={key ? `按${label}排序，再次点击切换升序/降序` : '按相关度和发布时间排序'}
                >
                  {label}
                  {key && active && (query.order === 'asc' ? <ArrowUpOutlined /> : <ArrowDownOutlined />)}
                </button>
              );
            })}
          </fieldset>
          <div className="catalogue-total">
            共 <strong>{page ? formatTotal(page.total, page.totalCapped) : '-'}</strong> 条数据
          </div>
        </div>

        <div className={`catalogue-results${list.isFetching && !list.isLoading ? ' is-refreshing' : ''}`}>
          {results}
        </div>

        {page && page.total > 0 && (
          <Pager
            current={query.pageNo}
            pageSize={query.pageSize}
            total={page.total}
            pageSizes={[10, 20, 50]}
            totalText={`共 ${formatTotal(page.total, page.totalCapped)} 条`}
            onChange={changePage}
          />
        )}
      </section>
    </div>
  );
}
