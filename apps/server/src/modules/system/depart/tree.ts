import type { DepartIdTreeNode, DepartTreeNode } from '@odp/contracts';
import type { DepartRow } from './repository.js';

export function toTreeNode(row: DepartRow, children: DepartTreeNode[] = []): DepartTreeNode {
  return {
    key: row.id,
    value: row.id,
    title: row.departName,
    id: row.id,
    parentId: row.parentId,
    orgCode: row.orgCode,
    departName: row.departName,
    orgType: row.orgType,
    children,
    isLeaf: children.length === 0,
  };
}

/**
 * Builds the forest from rows already in display order. A row whose parent is missing or deleted
 * becomes a root, so that no live department drops out of sight. Iterative: depth costs no stack.
 */
export function buildDepartTree(rows: DepartRow[]): DepartTreeNode[] {
  const nodes = new Map(rows.map((r) => [r.id, toTreeNode(r)]));
  const roots: DepartTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as DepartTreeNode;
    const parent = row.parentId && row.parentId !== row.id ? nodes.get(row.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  for (const node of nodes.values()) node.isLeaf = node.children.length === 0;
  return detachCycles(roots, nodes);
}

/** Nodes caught in a parent cycle are unreachable from any root; they are shown as roots of their own. */
function detachCycles(roots: DepartTreeNode[], nodes: Map<string, DepartTreeNode>): DepartTreeNode[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const node = stack.pop() as DepartTreeNode;
    seen.add(node.id);
    stack.push(...node.children);
  }
  if (seen.size === nodes.size) return roots;
  for (const node of nodes.values()) {
    if (seen.has(node.id)) continue;
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) {
      parent.children = parent.children.filter((c) => c.id !== node.id);
      parent.isLeaf = parent.children.length === 0;
    }
    roots.push(node);
    const inner = [node];
    while (inner.length) {
      const n = inner.pop() as DepartTreeNode;
      seen.add(n.id);
      inner.push(...n.children.filter((c) => !seen.has(c.id)));
    }
  }
  return roots;
}

export function toIdTree(nodes: DepartTreeNode[]): DepartIdTreeNode[] {
  return nodes.map((n) => ({ key: n.key, value: n.value, title: n.title, children: toIdTree(n.children) }));
}
