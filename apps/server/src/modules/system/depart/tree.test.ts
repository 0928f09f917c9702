import { describe, expect, it } from 'vitest';
import type { DepartRow } from './repository.js';
import { buildDepartTree, toIdTree } from './tree.js';

const row = (id: string, parentId: string | null, orgType = '1'): DepartRow => ({
  id,
  parentId,
  orgCode: id.toUpperCase(),
  departName: `部门${id}`,
  orgType,
});

describe('buildDepartTree', () => {
  it('nests children under parents in the given order and marks leaves', () => {
    const tree = buildDepartTree([row('root', null, '0'), row('a', 'root'), row('b', 'root'), row('a1', 'a')]);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ key: 'root', value: 'root', title: '部门root', isLeaf: false, parentId: null });
    expect(tree[0].children.map((c) => c.id)).toEqual(['a', 'b']);
    expect(tree[0].children[0].children.map((c) => [c.id, c.isLeaf])).toEqual([['a1', true]]);
    expect(tree[0].children[1]).toMatchObject({ isLeaf: true, children: [] });
  });

  it('keeps a department whose parent is gone as a root', () => {
    const tree = buildDepartTree([row('a', null), row('orphan', 'deleted-parent')]);
    expect(tree.map((n) => n.id)).toEqual(['a', 'orphan']);
  });

  it('breaks parent cycles instead of looping', () => {
    const tree = buildDepartTree([row('x', 'y'), row('y', 'x'), row('self', 'self')]);
    const ids: string[] = [];
    const walk = (nodes: typeof tree) => {
      for (const n of nodes) {
        ids.push(n.id);
        walk(n.children);
      }
    };
    walk(tree);
    expect(ids.sort()).toEqual(['self', 'x', 'y']);
    expect(JSON.stringify(toIdTree(tree))).toContain('"title":"部门x"');
  });
});

describe('toIdTree', () => {
  it('keeps only key, value, title and children', () => {
    expect(toIdTree(buildDepartTree([row('r', null), row('c', 'r')]))).toEqual([
      { key: 'r', value: 'r', title: '部门r', children: [{ key: 'c', value: 'c', title: '部门c', children: [] }] },
    ]);
  });
});
