import { FilterOutlined } from '@ant-design/icons';
import type { AchievementSort } from '@odp/contracts';
import { ACHIEVEMENT_SORT_LABEL, ACHIEVEMENT_SORTS, APPLICATION_TYPES } from '@odp/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { achievementKeys, pagePublicAchievements } from '@/api/achievement';
import { CategoryTree, type PortalTreeNode, usePortalTrees } from '@/components/portal/CategoryTree';
import { Pager } from '@/components/portal/Pager';
import { SearchInput } from '@/components/portal/SearchInput';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { useMediaQuery, WIDE_SCREEN } from '@/components/portal/use-media-query';
import { AchievementCardView } from './AchievementCardView';
import './achievement.css';

const FilterDrawer = lazy(() => import('../catalogue/FilterDrawer'));

/**
 * Spec §4: the tree's selection is broadcast as type 1 when the node is a direct child of the first
 * root (a department), else 2, with the node's id; a click on the selected node deselects it.
 */
export function treeSelection(roots: PortalTreeNode[], node: PortalTreeNode): { treeType: '1' | '2'; nodeId: string } {
  const first = roots[0]?.children ?? [];
  return { treeType: first.some((n) => n.key === node.key) ? '1' : '2', nodeId: node.id };
}

/** What a click on a tree node does to the list's filter: select it, or clear it when it was selected. */
export function nextTreeFilter(
  roots: PortalTreeNode[],
  node: PortalTreeNode,
  selectedKey: string | null | undefined,
): { treeType: '1' | '2' | undefined; nodeId: string | undefined; orgCode: string | undefined } {
  if (node.key === selectedKey) return { treeType: undefined, nodeId: undefined, orgCode: undefined };
  return { ...treeSelection(roots, node), orgCode: node.orgCode };
}

/** 应用成果 (`/service/serviceitem`): published results by the tree, keyword, type and order. */
export default function AchievementListPage() {
  const [params, setParams] = useSearchParams();
  const { roots } = usePortalTrees();
  const wide = useMediaQuery(WIDE_SCREEN);
  const [drawer, setDrawer] = useState<'closed' | 'open' | 'used'>('closed');
  const query = useMemo(
    () => ({
      pageNo: Number(params.get('pageNo') ?? 1) || 1,
      pageSize: 12,
      keyword: params.get('keyword') ?? undefined,
      applicationType: params.get('applicationType') ?? undefined,
      treeType: (params.get('treeType') as '1' | '2' | null) ?? undefined,
      nodeId: params.get('nodeId') ?? undefined,
      orgCode: params.get('orgCode') ?? undefined,
      sort: (params.get('sort') as AchievementSort | null) ?? 'new',
    }),
    [params],
  );
  const list = useQuery({
    queryKey: achievementKeys.publicList(query),
    queryFn: () => pagePublicAchievements(query),
    placeholderData: keepPreviousData,
  });

  const go = (change: Record<string, string | undefined>, keepPage = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) v ? next.set(k, v) : next.delete(k);
    if (!keepPage) next.delete('pageNo');
    setParams(next);
  };

  // An address past the last page (a shared link after results went) opens the last page instead.
  const last = list.data ? Math.max(1, Math.ceil(list.data.total / query.pageSize)) : null;
  useEffect(() => {
    if (last === null || query.pageNo <= last) return;
    setParams(
      (was) => {
        const next = new URLSearchParams(was);
        if (last > 1) next.set('pageNo', String(last));
        else next.delete('pageNo');
        return next;
      },
      { replace: true },
    );
  }, [last, query.pageNo, setParams]);

  const selectedKey = useMemo(() => {
    let key: string | undefined;
    const walk = (nodes: PortalTreeNode[]) => {
      for (const n of nodes) {
        if (n.id === query.nodeId) key = n.key;
        walk(n.children ?? []);
      }
    };
    if (query.nodeId) walk(roots);
    return key;
  }, [roots, query.nodeId]);

  const onTree = (node: PortalTreeNode) => go(nextTreeFilter(roots, node, selectedKey));
  // The tree's numbers count open entries, not results: hidden here.
  const tree = <CategoryTree selectedKeys={selectedKey ? [selectedKey] : []} onSelect={onTree} counts={false} />;
  const page = list.data;

  let results: React.ReactNode;
  if (list.isLoading)
    results = Array.from({ length: 4 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
      <div key={i} className="ach-card">
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </div>
    ));
  else if (list.isError && !page) results = <ErrorState onRetry={() => list.refetch()} />;
  else if (!page?.records.length)
    results = <EmptyState description={query.keyword ? `未找到与“${query.keyword}”相关的应用成果` : '暂无应用成果'} />;
  else results = page.records.map((item) => <AchievementCardView key={item.id} item={item} />);

  return (
    <div className="portal-section ach-page">
      <h1 className="sr-only">应用成果</h1>
      {wide && (
        <aside className="ach-side" aria-label="成果分类">
          {tree}
        </aside>
      )}
      <section className="ach-body" aria-label="应用成果列表">
        <SearchInput
          size="large"
          value={query.keyword}
          onSearch={(value) => go({ keyword: value.trim() || undefined })}
          placeholder="请输入应用名称、简介或开发者"
          buttonText="搜索"
          label="搜索应用成果"
        />
        <p className="ach-matters-link">
          与政务服务事项关联的开放数据，见<Link to="/service/matters">事项主线目录 ›</Link>
        </p>
        <fieldset className="ach-types" aria-label="应用类型">
          <button
            type="button"
            aria-pressed={!query.applicationType}
            onClick={() => go({ applicationType: undefined })}
          >
            全部
          </button>
          {APPLICATION_TYPES.map((t) => (
            <button
              key={t.value}
              type="button"
              aria-pressed={query.applicationType === t.value}
              onClick={() => go({ applicationType: query.applicationType === t.value ? undefined : t.value })}
            >
              {t.text}
            </button>
          ))}
        </fieldset>
        <div className="ach-toolbar">
          <fieldset className="ach-sorts" aria-label="排序">
            {ACHIEVEMENT_SORTS.map((key) => (
              <button key={key} type="button" aria-pressed={query.sort === key} onClick={() => go({ sort: key })}>
                {ACHIEVEMENT_SORT_LABEL[key]}
              </button>
            ))}
          </fieldset>
          {!wide && (
            <button type="button" className="ach-filter-button" onClick={() => setDrawer('open')}>
              <FilterOutlined /> 分类{query.nodeId ? '（已选）' : ''}
            </button>
          )}
          <div className="ach-count">
            共 <strong>{page?.total ?? '-'}</strong> 个成果
          </div>
        </div>
        {drawer !== 'closed' && (
          <Suspense fallback={null}>
            <FilterDrawer
              open={drawer === 'open'}
              onClose={() => setDrawer('used')}
              doneText={`查看结果（${page?.total ?? '-'} 个）`}
            >
              {tree}
            </FilterDrawer>
          </Suspense>
        )}
        <div className="ach-results">{results}</div>
        {page && page.total > 0 && (
          <Pager
            current={query.pageNo}
            pageSize={query.pageSize}
            total={page.total}
            totalText={`共 ${page.total} 个`}
            onChange={(pageNo) => go({ pageNo: String(pageNo) }, true)}
          />
        )}
      </section>
    </div>
  );
}
