import { describe, expect, it } from 'vitest';
import { nest, subtreeIds } from './tree.js';

type N = { id: string; children: N[] };
const toNode = (r: { id: string }, children: N[]): N => ({ id: r.id, children });

describe('nest', () => {
  it('nests by parent in sort order and keeps orphans and cycles at the top', () => {
    const rows = [
      { id: 'b', parentId: null, sortNo: 2 },
      { id: 'a', parentId: null, sortNo: 1 },
      { id: 'a2', parentId: 'a', sortNo: 2 },
      { id: 'a1', parentId: 'a', sortNo: 1 },
      { id: 'lost', parentId: 'gone', sortNo: 0 },
      { id: 'x', parentId: 'y', sortNo: 5 },
      { id: 'y', parentId: 'x', sortNo: 6 },
    ];
    const tree = nest(rows, toNode);
    expect(tree.map((n) => n.id)).toEqual(['lost', 'a', 'b', 'x']);
    expect(tree[1].children.map((n) => n.id)).toEqual(['a1', 'a2']);
    expect(tree[3].children.map((n) => n.id)).toEqual(['y']);
  });
});

describe('subtreeIds', () => {
  it('collects a node and all its descendants', () => {
    const rows = [
      { id: 'a', parentId: null },
      { id: 'b', parentId: 'a' },
      { id: 'c', parentId: 'b' },
      { id: 'd', parentId: null },
    ];
    expect([...subtreeIds(rows, 'a')].sort()).toEqual(['a', 'b', 'c']);
  });
});
