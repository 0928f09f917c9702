import { ArrowDownOutlined, ArrowUpOutlined, FilterOutlined } from '@ant-design/icons';
import {
  CATALOGUE_DICT,
  SERVICE_FACET_DICT,
  SERVICE_FACET_LABEL,
  SERVICE_FACETS,
  SERVICE_MATTER_DICT,
  SERVICE_SEARCH_FIELDS,
  SERVICE_SEARCH_LABEL,
  type ServiceFacet,
  type ServiceSearchField,
} from '@odp/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  getMechanismTree,
  getServiceAmount,
  pageServiceMatters,
  type ServiceAmount,
  type ServiceMatterCard,
  type ServiceMattersFilters,
  serviceMatterKeys,
} from '@/api/service-matters';
import { useDictOptions } from '@/components/DictSelect/use-dict-options';
import { DictText } from '@/components/DictTag';
import { FacetFilter, type FacetOption } from '@/components/portal/FacetFilter';
import { formatDate } from '@/components/portal/format';
import { detailPath } from '@/components/portal/links';
import { Pager } from '@/components/portal/Pager';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { useMediaQuery, WIDE_SCREEN } from '@/components/portal/use-media-query';
import './service-matters.css';

// Phones only, on the first tap of 筛选.
const FilterDrawer = lazy(() => import('../catalogue/FilterDrawer'));

const PAGE_SIZE = 10;
type FormValues = Partial<Record<ServiceSearchField, string>>;

/** A facet row: dictionary order, values with entries (or the chosen one) only, with their counts. */
function DictFacet({
  facet,
  amount,
  value,
  onChange,
}: {
  facet: ServiceFacet;
  amount: ServiceAmount | undefined;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const items = useDictOptions(SERVICE_FACET_DICT[facet]);
  const counts = amount?.facets[facet] ?? {};
  const options: FacetOption[] = items
    .map((item) => ({
      value: item.value,
      label: item.text || item.label || item.value,
      count: counts[item.value] ?? 0,
    }))
    .filter((option) => option.count > 0 || option.value === value);
  for (const [code, count] of Object.entries(counts)) {
    if (count > 0 && !items.some((item) => item.value === code)) options.push({ value: code, label: code, count });
  }
  return <FacetFilter title={SERVICE_FACET_LABEL[facet]} options={options} value={value} onChange={onChange} />;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="sm-meta-item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One service-matter entry: the catalogue entry and the service item it serves. */
function MatterCard({ item }: { item: ServiceMatterCard }) {
  return (
    <article className="portal-card sm-card">
      <header className="portal-card-head">
        <h3>
          <Link to={detailPath(item.id)}>{item.catalogName}</Link>
        </h3>
        {item.electronicLicense === '1' && <span className="sm-badge">电子证照</span>}
      </header>
      <dl className="sm-meta">
        <Field label="数源部门">{item.departName || '-'}</Field>
        <Field label="业务办理项">
          {item.businessName}
          <span className="sm-code">{item.businessCode}</span>
        </Field>
        <Field label="实施清单">
          {item.implementationName}
          <span className="sm-code">{item.implementationCode}</span>
        </Field>
        <Field label="事项类型">
          <DictText code={SERVICE_MATTER_DICT.eventType} value={item.eventType} />
        </Field>
        <Field label="更新周期">
          <DictText code={CATALOGUE_DICT.updateFrequency} value={item.updateFrequency} />
        </Field>
        <Field label="电子证照">{item.electronicLicense === '1' ? '是' : '否'}</Field>
        <Field label="更新时间">{formatDate(item.updateTime)}</Field>
      </dl>
    </article>
  );
}

/**
 * 事项主线目录: published public catalogue entries that serve a government service item, searched by
 * 实施清单, 目录名称 and 业务办理项, narrowed by department and facets, newest update first. Holds its
 * own state, so it can stand on a page of its own or in a tab.
 */
export function ServiceMattersPanel() {
  const formId = useId();
  const [form, setForm] = useState<FormValues>({});
  const [applied, setApplied] = useState<FormValues>({});
  const [facets, setFacets] = useState<Partial<Record<ServiceFacet, string>>>({});
  const [sourceUnitCode, setSourceUnitCode] = useState<string | undefined>();
  const [pageNo, setPageNo] = useState(1);
  const [orderSc, setOrderSc] = useState<'desc' | 'asc'>('desc');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filtersUsed, setFiltersUsed] = useState(false);
  const wide = useMediaQuery(WIDE_SCREEN);
  const listTop = useRef<HTMLDivElement>(null);

  const filters: ServiceMattersFilters = {
    ...applied,
    sourceUnitCode,
    ...Object.fromEntries(SERVICE_FACETS.flatMap((f) => (facets[f] ? [[f, [facets[f]]]] : []))),
  };
  const query = { ...filters, pageNo, pageSize: PAGE_SIZE, orderSc };

  const list = useQuery({
    queryKey: serviceMatterKeys.list(query),
    queryFn: () => pageServiceMatters(query),
    placeholderData: keepPreviousData,
  });
  const amount = useQuery({
    queryKey: serviceMatterKeys.amount(filters),
    queryFn: () => getServiceAmount(filters),
    placeholderData: keepPreviousData,
  });
  const tree = useQuery({ queryKey: serviceMatterKeys.tree, queryFn: getMechanismTree, staleTime: 60_000 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = Object.fromEntries(
      Object.entries(form).flatMap(([k, v]) => (v?.trim() ? [[k, v.trim()]] : [])),
    ) as FormValues;
    setApplied(trimmed);
    setPageNo(1);
  };
  const reset = () => {
    setForm({});
    setApplied({});
    setFacets({});
    setSourceUnitCode(undefined);
    setPageNo(1);
  };
  const pickFacet = (facet: ServiceFacet, value: string | undefined) => {
    setFacets((held) => ({ ...held, [facet]: held[facet] === value ? undefined : value }));
    setPageNo(1);
  };
  const pickDepartment = (orgCode: string | undefined) => {
    setSourceUnitCode((held) => (held === orgCode ? undefined : orgCode));
    setPageNo(1);
  };

  const departments = (
    <nav className="sm-departs" aria-label="数源部门">
      <h2 className="sm-side-title">数源部门</h2>
      {tree.isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      ) : tree.isError ? (
        <ErrorState onRetry={() => tree.refetch()} />
      ) : (
        <ul>
          <li>
            <button type="button" aria-pressed={!sourceUnitCode} onClick={() => pickDepartment(undefined)}>
              <span>全部部门</span>
            </button>
          </li>
          {(tree.data ?? []).map((node) => (
            <li key={node.orgCode}>
              <button
                type="button"
                aria-pressed={sourceUnitCode === node.orgCode}
                onClick={() => pickDepartment(node.orgCode)}
              >
                <span>{node.nodeName}</span>
                <span className="sm-depart-count">{node.count}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );

  const facetRows = (
    <div className="sm-facets">
      {amount.isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : (
        SERVICE_FACETS.map((facet) => (
          <DictFacet
            key={facet}
            facet={facet}
            amount={amount.data}
            value={facets[facet]}
            onChange={(v) => pickFacet(facet, v)}
          />
        ))
      )}
    </div>
  );

  const page = list.data;
  const records = page?.records ?? [];
  const filtered = Boolean(sourceUnitCode) || Object.keys(applied).length > 0 || Object.values(facets).some(Boolean);

  let results: ReactNode;
  if (list.isLoading)
    results = Array.from({ length: 3 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
      <div key={i} className="portal-card">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    ));
  else if (list.isError && !page) results = <ErrorState onRetry={() => list.refetch()} />;
  else if (records.length === 0)
    results = <EmptyState description={filtered ? '没有符合条件的事项目录，换个条件试试' : '暂无事项主线目录'} />;
  else results = records.map((item) => <MatterCard key={item.id} item={item} />);

  return (
    <div className="sm-panel">
      {wide && <aside className="sm-side">{departments}</aside>}
      <section className="sm-body" aria-label="事项主线目录">
        <form className="sm-form" onSubmit={submit} aria-label="检索事项">
          {SERVICE_SEARCH_FIELDS.map((field) => (
            <div key={field} className="sm-form-field">
              <label htmlFor={`${formId}-${field}`}>{SERVICE_SEARCH_LABEL[field]}</label>
              <input
                id={`${formId}-${field}`}
                value={form[field] ?? ''}
                maxLength={100}
                placeholder={`请输入${SERVICE_SEARCH_LABEL[field]}`}
                onChange={(e) => setForm((held) => ({ ...held, [field]: e.target.value }))}
              />
            </div>
          ))}
          <div className="sm-form-actions">
            <button type="submit" className="sm-button sm-button-primary">
              查询
            </button>
            <button type="button" className="sm-button" onClick={reset}>
              重置
            </button>
          </div>
        </form>

        {wide ? (
          facetRows
        ) : (
          <button
            type="button"
            className="sm-filter-button"
            aria-expanded={filtersOpen}
            onClick={() => {
              setFiltersUsed(true);
              setFiltersOpen(true);
            }}
          >
            <FilterOutlined /> 筛选与数源部门{sourceUnitCode || Object.values(facets).some(Boolean) ? '（已筛选）' : ''}
          </button>
        )}
        {!wide && filtersUsed && (
          <Suspense fallback={null}>
            <FilterDrawer
              open={filtersOpen}
              onClose={() => setFiltersOpen(false)}
              doneText={`查看结果（${page ? page.total : '-'} 条）`}
            >
              {facetRows}
              {departments}
            </FilterDrawer>
          </Suspense>
        )}

        <div className="sm-toolbar" ref={listTop}>
          <button
            type="button"
            className="sm-sort"
            aria-pressed="true"
            onClick={() => {
              setOrderSc(orderSc === 'desc' ? 'asc' : 'desc');
              setPageNo(1);
            }}
            title="按更新时间排序，点击切换升序/降序"
          >
            更新时间 {orderSc === 'asc' ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
            <span className="sr-only">{orderSc === 'asc' ? '（升序）' : '（降序）'}</span>
          </button>
          <div className="sm-total" aria-live="polite">
            共 <strong>{page ? page.total : '-'}</strong> 条事项目录
          </div>
        </div>

        <div className={`sm-results${list.isFetching && !list.isLoading ? ' is-refreshing' : ''}`}>{results}</div>

        {page && page.total > PAGE_SIZE && (
          <Pager
            current={pageNo}
            pageSize={PAGE_SIZE}
            total={page.total}
            totalText={`共 ${page.total} 条`}
            onChange={(n) => {
              setPageNo(n);
              listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
            }}
          />
        )}
      </section>
    </div>
  );
}
