import type { CategoryNode } from '@odp/contracts';

/** The nodes whose name contains the keyword, with their ancestors (so the tree keeps its shape). */
export function filterTree(nodes: readonly CategoryNode[], keyword: string): CategoryNode[] {
  if (!keyword) return [...nodes];
  return nodes.flatMap((node) => {
    if (node.categoryName.includes(keyword)) return [node];
    const children = filterTree(node.children, keyword);
    return children.length ? [{ ...node, children }] : [];
  });
}
