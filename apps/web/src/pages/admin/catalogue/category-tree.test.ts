import type { CategoryNode } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { filterTree } from './category-tree';

const node = (id: string, categoryName: string, children: CategoryNode[] = []): CategoryNode => ({
  id,
  categoryName,
  parentId: null,
  treeItemId: 1,
  isLeaf: children.length === 0,
  children,
});

const tree = [
  node('jc', '基础信息资源目录', [node('rk', '人口'), node('fr', '法人')]),
  node('zt', '主题信息资源目录', [node('jt', '交通出行'), node('yl', '医疗健康')]),
];

describe('filterTree', () => {
  it('keeps matches with their ancestors', () => {
    const found = filterTree(tree, '交通');
    expect(found.map((n) => n.id)).toEqual(['zt']);
    expect(found[0].children.map((n) => n.id)).toEqual(['jt']);
  });

  it('keeps a matching node whole, and everything for no keyword', () => {
    expect(filterTree(tree, '基础')[0].children).toHaveLength(2);
    expect(filterTree(tree, '')).toHaveLength(2);
    expect(filterTree(tree, '不存在')).toEqual([]);
  });
});
