import { CategoryRootCode, CategoryTree } from '@odp/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { categories, codeSequences } from '../../../db/schema/index.js';
import { findCategoryByCode } from './repository.js';

/** The roots of the portal's trees and the category tree under the first two (GB/T 21063 基础/主题目录). */
const ROOTS: { code: string; name: string; treeItemId: number; children: string[] }[] = [
  {
    code: CategoryRootCode.basic,
    name: '基础信息资源目录',
    treeItemId: CategoryTree.category,
    children: ['人口', '法人', '自然资源和空间地理', '社会信用', '电子证照'],
  },
  {
    code: CategoryRootCode.topic,
    name: '主题信息资源目录',
    treeItemId: CategoryTree.category,
    children: ['交通出行', '医疗健康', '教育文化', '生态环境', '社会保障', '城市建设', '市场监管', '公共安全'],
  },
  { code: CategoryRootCode.depart, name: '部门信息资源目录', treeItemId: CategoryTree.depart, children: [] },
  { code: CategoryRootCode.district, name: '区县信息资源目录', treeItemId: CategoryTree.district, children: [] },
];

/**
 * Seeds the category trees; safe to run again (existing codes are kept). Children are coded under
 * their root (JC01, JC02, …) and the code sequences are advanced so that new nodes continue after them.
 */
export async function seedCategories(db: Executor): Promise<void> {
  for (const [rootIndex, root] of ROOTS.entries()) {
    await db
      .insert(categories)
      .values({ categoryName: root.name, categoryCode: root.code, treeItemId: root.treeItemId, sortNo: rootIndex })
      .onConflictDoNothing({ target: categories.categoryCode });
    const parent = await findCategoryByCode(db, root.code);
    if (!parent || root.children.length === 0) continue;
    await db
      .insert(categories)
      .values(
        root.children.map((name, i) => ({
          parentId: parent.id,
          categoryName: name,
          categoryCode: `${root.code}${String(i + 1).padStart(2, '0')}`,
          treeItemId: root.treeItemId,
          sortNo: i,
        })),
      )
      .onConflictDoNothing({ target: categories.categoryCode });
    await db
      .insert(codeSequences)
      .values({ prefix: `category:${root.code}`, value: root.children.length })
      .onConflictDoUpdate({
        target: codeSequences.prefix,
        set: { value: sql`greatest(${codeSequences.value}, ${root.children.length})` },
      });
  }
}
