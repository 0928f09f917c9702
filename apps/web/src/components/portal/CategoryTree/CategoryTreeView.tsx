import { Skeleton, Tree } from 'antd';
import { type Key, type ReactNode, useMemo } from 'react';
import { useKeptState } from '@/app/keep-alive';
import { SearchInput } from '../SearchInput';
import { EmptyState, ErrorState } from '../StateViews';
import { filterTree, splitMatch } from './filter-tree';
import { type PortalTreeNode, usePortalTrees } from './use-portal-trees';
import '../portal-ui.css';

export type CategoryTreeProps = {
  /** Keys of the nodes the current filter stands for. */
  selectedKeys: string[];
  /** A click on a department, district or leaf category node. */
  onSelect: (node: PortalTreeNode) => void;
  /** Show each node's number of open entries (default); pages listing something else hide it. */
  counts?: boolean;
};

function Title({ title, count, keyword }: { title: string; count?: number; keyword: string }) {
  const parts = splitMatch(title, keyword);
  return (
    <span className="portal-tree-title">
      <span>
        {parts ? (
          <>
            {parts[0]}
            <mark className="portal-tree-match">{parts[1]}</mark>
            {parts[2]}
          </>
        ) : (
          title
        )}
      </span>
      {count !== undefined && <span className="portal-tree-count">{count}</span>}
    </span>
  );
}

/**
 * The public layout's left tree (spec §2.3): 部门信息资源目录 and 区县信息资源目录 (then the 基础 / 主题
 * category trees), with a keyword filter on node names. The filter word and the open branches are
 * kept for the visit, so they are still there after a look at a detail.
 */
export default function CategoryTreeView({ selectedKeys, onSelect, counts = true }: CategoryTreeProps) {
  const { roots, isLoading, isError, refetch } = usePortalTrees();
  const [keyword, setKeyword] = useKeptState('portal-tree-keyword', '');
  const [expanded, setExpanded] = useKeptState<Key[] | null>('portal-tree-expanded', null);

  const filtered = useMemo(() => filterTree(roots, keyword), [roots, keyword]);
  const byKey = useMemo(() => {
    const map = new Map<string, PortalTreeNode>();
    const walk = (nodes: PortalTreeNode[]) => {
      for (const node of nodes) {
        map.set(node.key, node);
        walk(node.children ?? []);
      }
    };
    walk(roots);
    return map;
  }, [roots]);

  const treeData = useMemo(() => {
    const toData = (nodes: PortalTreeNode[]): object[] =>
      nodes.map((node) => ({
        key: node.key,
        title: <Title title={node.title} count={counts ? node.count : undefined} keyword={keyword} />,
        isLeaf: !node.children,
        selectable: node.selectable,
        className: node.selectable ? undefined : 'portal-tree-branch',
        children: node.children ? toData(node.children) : undefined,
      }));
    return toData(filtered.nodes);
  }, [filtered.nodes, keyword, counts]);

  // Searching opens the way to every match; otherwise the roots start open.
  const expandedKeys = keyword.trim()
    ? filtered.expandedKeys
    : (expanded ?? roots.filter((root) => root.key.startsWith('root:')).map((root) => root.key));

  const toggle = (key: string) =>
    setExpanded(expandedKeys.includes(key) ? expandedKeys.filter((k) => k !== key) : [...expandedKeys, key]);

  let body: ReactNode;
  if (isLoading) body = <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  else if (isError) body = <ErrorState message="目录树加载失败" onRetry={refetch} />;
  else if (filtered.nodes.length === 0)
    body = <EmptyState description={keyword.trim() ? '没有名称匹配的目录' : '暂无数据'} />;
  else
    body = (
      <Tree
        blockNode
        treeData={treeData}
        expandedKeys={expandedKeys}
        selectedKeys={selectedKeys}
        onExpand={(keys) => !keyword.trim() && setExpanded(keys)}
        onSelect={(_keys, info) => {
          const node = byKey.get(String(info.node.key));
          if (node?.selectable) onSelect(node);
        }}
        onClick={(_event, info) => {
          const node = byKey.get(String(info.key));
          if (node && !node.selectable && !keyword.trim()) toggle(node.key);
        }}
      />
    );

  return (
    <nav className="portal-tree" aria-label="目录分类">
      <SearchInput
        live
        value={keyword}
        onSearch={setKeyword}
        placeholder="输入关键字过滤目录"
        label="过滤目录"
        maxLength={50}
      />
      <div className="portal-tree-body">{body}</div>
    </nav>
  );
}
