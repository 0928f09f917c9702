import type { DepartTreeNode } from '@odp/contracts';

/**
 * The department tree cut down to what the keyword names: a department whose name or code holds
 * it (case-insensitively) stays with everything below it, and its ancestors stay so it can be
 * reached. `expandedKeys` opens the way to every hit. An empty keyword keeps the whole tree.
 */
export function filterDepartTree(nodes: DepartTreeNode[], keyword: string) {
  const needle = keyword.trim().toLowerCase();
  const expandedKeys: string[] = [];
  if (!needle) return { nodes, expandedKeys, hits: 0 };
  let hits = 0;
  const walk = (list: DepartTreeNode[]): DepartTreeNode[] =>
    list.flatMap((node) => {
      const matches = node.departName.toLowerCase().includes(needle) || node.orgCode.toLowerCase().includes(needle);
      if (matches) hits += 1;
      const children = walk(node.children);
      if (!matches && children.length === 0) return [];
      if (children.length) expandedKeys.push(node.key);
      return [{ ...node, children: matches && children.length === 0 ? node.children : children }];
    });
  return { nodes: walk(nodes), expandedKeys, hits };
}

export function findDepart(nodes: DepartTreeNode[], id: string): DepartTreeNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const hit = findDepart(node.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** The id of a department and of everything below it: none of them can become its parent. */
export function subtreeIdsOf(nodes: DepartTreeNode[], id: string): Set<string> {
  const root = findDepart(nodes, id);
  const out = new Set<string>();
  const stack = root ? [root] : [];
  while (stack.length) {
    const node = stack.pop() as DepartTreeNode;
    out.add(node.id);
    stack.push(...node.children);
  }
  return out;
}

/** The tree for the 上级部门 selector, with the department itself and its subtree disabled. */
export function parentOptions(nodes: DepartTreeNode[], excluded: ReadonlySet<string>): ParentOption[] {
  return nodes.map((node) => ({
    value: node.id,
    title: node.departName,
    disabled: excluded.has(node.id),
    children: parentOptions(node.children, excluded),
  }));
}

export type ParentOption = { value: string; title: string; disabled: boolean; children: ParentOption[] };
