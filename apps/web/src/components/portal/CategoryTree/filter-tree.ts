/** A node of the portal's left tree, whatever tree it came from. */
export type TreeNode = {
  key: string;
  title: string;
  children?: TreeNode[];
};

export type FilteredTree<T extends TreeNode> = {
  nodes: T[];
  /** Keys of the nodes above a match, to open them so that every match shows. */
  expandedKeys: string[];
};

/**
 * Keeps the nodes whose title contains the keyword (case-insensitive substring), with all of their
 * descendants, and the ancestors that lead to them; every other node goes. An empty keyword keeps all.
 */
export function filterTree<T extends TreeNode>(nodes: T[], keyword: string): FilteredTree<T> {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return { nodes, expandedKeys: [] };
  const expandedKeys: string[] = [];

  const visit = (list: T[]): T[] => {
    const kept: T[] = [];
    for (const node of list) {
      if (node.title.toLowerCase().includes(needle)) {
        kept.push(node);
        continue;
      }
      const children = visit((node.children ?? []) as T[]);
      if (children.length > 0) {
        expandedKeys.push(node.key);
        kept.push({ ...node, children });
      }
    }
    return kept;
  };

  return { nodes: visit(nodes), expandedKeys };
}

/** Splits a title around the first match of the keyword, to mark it. */
export function splitMatch(title: string, keyword: string): [string, string, string] | null {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return null;
  const at = title.toLowerCase().indexOf(needle);
  if (at < 0) return null;
  return [title.slice(0, at), title.slice(at, at + needle.length), title.slice(at + needle.length)];
}
