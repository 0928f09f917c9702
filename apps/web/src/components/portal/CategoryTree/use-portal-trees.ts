import { CategoryTree } from '@odp/contracts/constants';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type CategoryNode, getCategoryNodes, marketKeys, type TreeItemId } from '@/api/market';
import type { TreeNode } from './filter-tree';

/** A node of the portal's left tree and what a click on it filters by, if anything. */
export type PortalTreeNode = TreeNode & {
  children?: PortalTreeNode[];
  treeItemId: TreeItemId;
  id: string;
  orgCode?: string;
  /** Open entries under the node and its descendants. */
  count?: number;
  /** The department and district roots only open and close; every other node filters. */
  selectable: boolean;
};

/** The roots of spec §2.3 first (departments, districts), then the category trees (基础 / 主题). */
const ROOTS: { treeItemId: TreeItemId; title?: string }[] = [
  { treeItemId: CategoryTree.depart, title: '部门信息资源目录' },
  { treeItemId: CategoryTree.district, title: '区县信息资源目录' },
  { treeItemId: CategoryTree.category },
];

export const nodeKey = (treeItemId: TreeItemId, id: string) => `${treeItemId}:${id}`;

function convert(node: CategoryNode, treeItemId: TreeItemId): PortalTreeNode {
  const children = (node.children ?? []).map((child) => convert(child, treeItemId));
  return {
    key: nodeKey(treeItemId, node.id),
    id: node.id,
    title: node.categoryName,
    treeItemId,
    orgCode: node.orgCode ?? undefined,
    count: node.count,
    selectable: true,
    children: children.length > 0 ? children : undefined,
  };
}

/**
 * The department and district trees come as their root node with the departments under it (or as the
 * departments alone); both end up under one root named as the spec names it, which only opens and
 * closes. The category trees keep their own roots, which filter like any category node.
 */
export function rootsOf(nodes: CategoryNode[], treeItemId: TreeItemId, title?: string): PortalTreeNode[] {
  if (!title) return nodes.map((node) => convert(node, treeItemId));
  const wrapped = nodes.length === 1 && !nodes[0].orgCode;
  const children = (wrapped ? (nodes[0].children ?? []) : nodes).map((node) => convert(node, treeItemId));
  return [
    {
      key: `root:${treeItemId}`,
      id: wrapped ? nodes[0].id : `root-${treeItemId}`,
      title,
      treeItemId,
      count: wrapped ? nodes[0].count : children.reduce((sum, child) => sum + (child.count ?? 0), 0),
      selectable: false,
      children: children.length > 0 ? children : undefined,
    },
  ];
}

function collectOrgNames(nodes: PortalTreeNode[], into: Record<string, string>) {
  for (const node of nodes) {
    if (node.orgCode) into[node.orgCode] = node.title;
    collectOrgNames(node.children ?? [], into);
  }
  return into;
}

function collectCategoryNames(nodes: PortalTreeNode[], into: Record<string, string>) {
  for (const node of nodes) {
    if (node.treeItemId === CategoryTree.category) into[node.id] = node.title;
    collectCategoryNames(node.children ?? [], into);
  }
  return into;
}

/**
 * The left tree's data, shared with the 数源部门 facet (which names departments from it) and the
 * detail page (which names the category).
 */
export function usePortalTrees() {
  const results = useQueries({
    queries: ROOTS.map(({ treeItemId }) => ({
      queryKey: marketKeys.tree(treeItemId),
      queryFn: () => getCategoryNodes(treeItemId),
      staleTime: 10 * 60_000,
    })),
  });
  const [departments, districts, categories] = results.map((r) => r.data);
  const roots = useMemo(
    () =>
      [departments, districts, categories].flatMap((nodes, i) =>
        rootsOf(nodes ?? [], ROOTS[i].treeItemId, ROOTS[i].title),
      ),
    [departments, districts, categories],
  );
  const orgNames = useMemo(() => collectOrgNames(roots, {}), [roots]);
  const categoryNames = useMemo(() => collectCategoryNames(roots, {}), [roots]);
  return {
    roots,
    orgNames,
    categoryNames,
    isLoading: results.some((r) => r.isLoading),
    isError: results.every((r) => r.isError),
    refetch: () => {
      for (const r of results) if (r.isError) r.refetch();
    },
  };
}
