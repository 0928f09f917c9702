import { describe, expect, it } from 'vitest';
import { filterTree, splitMatch, type TreeNode } from './filter-tree';

const tree: TreeNode[] = [
  {
    key: 'dept',
    title: '部门信息资源目录',
    children: [
      { key: 'police', title: '滨江市公安局' },
      {
        key: 'traffic',
        title: '滨江市交通运输局',
        children: [{ key: 'bus', title: '公交管理处' }],
      },
      { key: 'env', title: '滨江市生态环境局' },
    ],
  },
  {
    key: 'county',
    title: '区县信息资源目录',
    children: [
      { key: 'east', title: '东湖区' },
      { key: 'lin', title: '临江县' },
    ],
  },
];

const keys = (nodes: TreeNode[]): string[] => nodes.flatMap((n) => [n.key, ...keys(n.children ?? [])]);

describe('filterTree', () => {
  it('keeps everything for an empty or blank keyword', () => {
    expect(filterTree(tree, '').nodes).toBe(tree);
    expect(filterTree(tree, '   ').nodes).toBe(tree);
  });

  it('matches a substring anywhere in the name and keeps the ancestors', () => {
    const { nodes, expandedKeys } = filterTree(tree, '公交');
    expect(keys(nodes)).toEqual(['dept', 'traffic', 'bus']);
    expect(expandedKeys.sort()).toEqual(['dept', 'traffic']);
  });

  it('keeps a matching node with all of its descendants', () => {
    const { nodes } = filterTree(tree, '交通运输');
    expect(keys(nodes)).toEqual(['dept', 'traffic', 'bus']);
  });

  it('keeps matches under several roots and drops the rest', () => {
    const { nodes } = filterTree(tree, '江');
    // 滨江市… under the department root, 临江县 under the county root; 东湖区 goes.
    expect(keys(nodes)).toEqual(['dept', 'police', 'traffic', 'bus', 'env', 'county', 'lin']);
  });

  it('keeps a matching root whole', () => {
    expect(keys(filterTree(tree, '区县').nodes)).toEqual(['county', 'east', 'lin']);
  });

  it('ignores case and returns nothing when nothing matches', () => {
    const latin: TreeNode[] = [{ key: 'a', title: 'GIS 地理信息' }];
    expect(keys(filterTree(latin, 'gis').nodes)).toEqual(['a']);
    expect(filterTree(tree, '不存在').nodes).toEqual([]);
  });

  it('does not change the tree it was given', () => {
    const before = JSON.stringify(tree);
    filterTree(tree, '公交');
    expect(JSON.stringify(tree)).toBe(before);
  });
});

describe('splitMatch', () => {
  it('splits around the first match', () => {
    expect(splitMatch('滨江市交通运输局', '交通')).toEqual(['滨江市', '交通', '运输局']);
    expect(splitMatch('东湖区', '西')).toBeNull();
    expect(splitMatch('东湖区', '')).toBeNull();
  });
});
