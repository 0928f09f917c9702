import type { PermissionTreeNode } from '@odp/contracts';

/**
 * What the assign tree needs to show a role's grants with linked (parent–child) ticking: the
 * leaves, and the granted entries that linked ticking cannot show (a menu granted without any of
 * its buttons would be drawn unticked and lost on save).
 */
export function analyseGrants(tree: PermissionTreeNode[], granted: Iterable<string>) {
  const grantedSet = new Set(granted);
  const leaves = new Set<string>();
  const lonelyParents: string[] = [];
  const walk = (node: PermissionTreeNode): boolean => {
    if (node.children.length === 0) {
      leaves.add(node.key);
      return grantedSet.has(node.key);
    }
    const below = node.children.map(walk).some(Boolean);
    if (grantedSet.has(node.key) && !below) lonelyParents.push(node.key);
    return below || grantedSet.has(node.key);
  };
  for (const node of tree) walk(node);
  return { leaves, lonelyParents };
}

/** Every key of the tree, for 全部勾选. */
export function allKeys(tree: PermissionTreeNode[]): string[] {
  return tree.flatMap((node) => [node.key, ...allKeys(node.children)]);
}
