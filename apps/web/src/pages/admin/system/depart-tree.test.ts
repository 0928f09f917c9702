import type { DepartTreeNode } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { filterDepartTree, findDepart, parentOptions, subtreeIdsOf } from './depart-tree';

const node = (id: string, departName: string, children: DepartTreeNode[] = []): DepartTreeNode => ({
  key: id,
  value: id,
  title: departName,
  id,
  parentId: null,
  orgCode: `BJ${id.toUpperCase()}`,
  departName,
  orgType: '1',
  children,
  isLeaf: children.length === 0,
});

const tree = [
  node('city', '滨江市', [
    node('traffic', '滨江市交通运输局', [node('road', '公路管理处'), node('port', '港航管理处')]),
    node('health', '滨江市卫生健康委员会'),
  ]),
  node('east', '东湖区'),
];

const ids = (nodes: DepartTreeNode[]): string[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);

describe('filterDepartTree', () => {
  it('keeps the whole tree for an empty keyword', () => {
    expect(filterDepartTree(tree, '  ')).toEqual({ nodes: tree, expandedKeys: [], hits: 0 });
  });

  it('keeps hits with their ancestors and opens the way to them', () => {
    const { nodes, expandedKeys, hits } = filterDepartTree(tree, '港航');
    expect(ids(nodes)).toEqual(['city', 'traffic', 'port']);
    expect(expandedKeys.sort()).toEqual(['city', 'traffic']);
    expect(hits).toBe(1);
  });

  it('keeps everything below a hit, and matches codes case-insensitively', () => {
    expect(ids(filterDepartTree(tree, '交通').nodes)).toEqual(['city', 'traffic', 'road', 'port']);
    expect(ids(filterDepartTree(tree, 'bjhealth').nodes)).toEqual(['city', 'health']);
  });

  it('answers nothing when nothing matches, without touching the input', () => {
    const before = JSON.stringify(tree);
    expect(filterDepartTree(tree, '不存在').nodes).toEqual([]);
    expect(JSON.stringify(tree)).toBe(before);
  });
});

describe('subtreeIdsOf and parentOptions', () => {
  it('disable a department and its descendants as its own parent', () => {
    const excluded = subtreeIdsOf(tree, 'traffic');
    expect([...excluded].sort()).toEqual(['port', 'road', 'traffic']);
    const options = parentOptions(tree, excluded);
    expect(options[0]).toMatchObject({ value: 'city', disabled: false });
    expect(options[0].children[0]).toMatchObject({ value: 'traffic', disabled: true });
    expect(options[0].children[0].children.every((c) => c.disabled)).toBe(true);
    expect(options[0].children[1]).toMatchObject({ value: 'health', disabled: false });
    expect(subtreeIdsOf(tree, 'nobody').size).toBe(0);
    expect(findDepart(tree, 'road')?.departName).toBe('公路管理处');
  });
});
