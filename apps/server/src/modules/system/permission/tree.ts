/**
 * Nests rows by `parentId`, each level in `sortNo` order. A row whose parent is missing (or whose
 * ancestry loops) becomes a root, so that no row is ever lost from the administrator's view.
 */
export function nest<Row extends { id: string; parentId: string | null; sortNo: number }, Node>(
  rows: Row[],
  toNode: (row: Row, children: Node[]) => Node,
): Node[] {
  const sorted = [...rows].sort((a, b) => a.sortNo - b.sortNo);
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string | null, Row[]>();
  for (const r of sorted) {
    const key = r.parentId && ids.has(r.parentId) ? r.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const seen = new Set<string>();
  const visit = (r: Row): Node[] => {
    if (seen.has(r.id)) return [];
    seen.add(r.id);
    return [toNode(r, (byParent.get(r.id) ?? []).flatMap(visit))];
  };
  const tree = (byParent.get(null) ?? []).flatMap(visit);
  // Rows caught in a cycle are unreachable from the roots; they join the top level.
  for (const r of sorted) tree.push(...visit(r));
  return tree;
}

/** The ids of `id` and everything under it. */
export function subtreeIds(rows: { id: string; parentId: string | null }[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parentId && out.has(r.parentId) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}
