import {
  CatalogStatus,
  type CategoryAddInput,
  CategoryMessages,
  type CategoryNode,
  CategoryRootCode,
  type CategoryRootIds,
  CategoryTree,
  type CategoryUpdateInput,
  DISTRICT_ROOT_PARENT_ID,
  ShelfStatus,
} from '@odp/contracts';
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client.js';
import { catalogues } from '../../../db/schema/index.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { nextSequence } from '../code.js';
import {
  type CategoryRow,
  childCount,
  countEntriesBy,
  deleteCategory,
  entriesUsing,
  findCategory,
  findCategoryByCode,
  insertCategory,
  selectCategories,
  selectDepartNodes,
  siblingNameTaken,
  updateCategory,
} from './repository.js';

/** Whose counts a tree shows: the public portal's (on shelf and open) or the sharing pages' (shareable). */
export type Audience = 'public' | 'share';

const AUDIENCE: Record<Audience, SQL> = {
  public: and(eq(catalogues.shelfStatus, ShelfStatus.on), inArray(catalogues.openType, ['1', '2'])) as SQL,
  share: and(
    eq(catalogues.catalogStatus, CatalogStatus.approved),
    inArray(catalogues.shareType, ['10', '20']),
    ne(catalogues.shelfStatus, ShelfStatus.deleted),
  ) as SQL,
};

const SYSTEM_ROOTS: readonly string[] = Object.values(CategoryRootCode);

function toNode(row: CategoryRow): CategoryNode {
  return {
    id: row.id,
    categoryName: row.categoryName,
    categoryCode: row.categoryCode,
    parentId: row.treeItemId === CategoryTree.district ? DISTRICT_ROOT_PARENT_ID : row.parentId,
    treeItemId: row.treeItemId,
    isLeaf: true,
    sortNo: row.sortNo,
    children: [],
  };
}

/** Sums each node's count with its descendants' and marks leaves. */
function finish(nodes: CategoryNode[], own: (n: CategoryNode) => number): number {
  let total = 0;
  for (const node of nodes) {
    node.count = own(node) + finish(node.children, own);
    node.isLeaf = node.children.length === 0 && node.treeItemId === CategoryTree.category;
    total += node.count;
  }
  return total;
}

/** Keeps nodes whose name contains the keyword (with their whole subtree) and the ancestors leading to them. */
export function filterTree(nodes: CategoryNode[], keyword: string): CategoryNode[] {
  const k = keyword.toLowerCase();
  return nodes.flatMap((node) => {
    if (node.categoryName.toLowerCase().includes(k)) return [node];
    const children = filterTree(node.children, keyword);
    return children.length ? [{ ...node, children }] : [];
  });
}

async function categoryTree(db: Executor, audience: Audience): Promise<CategoryNode[]> {
  const rows = await selectCategories(db, [CategoryTree.category]);
  const byId = new Map(rows.map((r) => [r.id, toNode(r)]));
  const roots: CategoryNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const counts = await countEntriesBy(db, 'categoryId', AUDIENCE[audience]);
  finish(roots, (n) => counts.get(n.id) ?? 0);
  return roots;
}

/** The department (orgType 1) or district (orgType 2) tree: the seeded root with the departments as leaves. */
async function departTree(db: Executor, tree: 2 | 3, audience: Audience): Promise<CategoryNode[]> {
  const root = await findCategoryByCode(
    db,
    tree === CategoryTree.depart ? CategoryRootCode.depart : CategoryRootCode.district,
  );
  if (!root) return [];
  const [departRows, counts] = await Promise.all([
    selectDepartNodes(db, tree === CategoryTree.depart ? '1' : '2'),
    countEntriesBy(db, 'orgCode', AUDIENCE[audience]),
  ]);
  const node = toNode(root);
  node.children = departRows.map((d) => ({
    id: d.orgCode,
    categoryName: d.departName,
    parentId: root.id,
    treeItemId: tree,
    isLeaf: true,
    orgCode: d.orgCode,
    count: counts.get(d.orgCode) ?? 0,
    sortNo: d.sortNo,
    children: [],
  }));
  node.count = node.children.reduce((sum, c) => sum + (c.count ?? 0), 0);
  node.isLeaf = node.children.length === 0;
  return [node];
}

/** A tree of spec §7.3 getNodes: 1 categories, 2 departments, 3 districts, 10 the four roots. */
export async function categoryNodes(
  db: Db,
  treeItemId: number,
  keyword: string | undefined,
  audience: Audience,
): Promise<CategoryNode[]> {
  let nodes: CategoryNode[];
  if (treeItemId === CategoryTree.depart || treeItemId === CategoryTree.district) {
    nodes = await departTree(db, treeItemId, audience);
  } else if (treeItemId === CategoryTree.top) {
    const [cat, dep, dis] = await Promise.all([
      categoryTree(db, audience),
      departTree(db, CategoryTree.depart, audience),
      departTree(db, CategoryTree.district, audience),
    ]);
    nodes = [...cat, ...dep, ...dis].map((n) => ({ ...n, children: [], isLeaf: false }));
  } else {
    nodes = await categoryTree(db, audience);
  }
  return keyword ? filterTree(nodes, keyword) : nodes;
}

export async function rootNodeIds(db: Db): Promise<CategoryRootIds> {
  const ids = await Promise.all(
    (Object.keys(CategoryRootCode) as (keyof typeof CategoryRootCode)[]).map(
      async (key) => [key, (await findCategoryByCode(db, CategoryRootCode[key]))?.id ?? ''] as const,
    ),
  );
  return Object.fromEntries(ids) as CategoryRootIds;
}

/** The root ids of one tree. */
export async function directoryIds(db: Db, treeItemId: number): Promise<string[]> {
  const roots = await categoryNodes(db, treeItemId, undefined, 'public');
  return roots.map((r) => r.id);
}

/** A free code under the parent's: JC → JC01, JC02, … (new roots R01, R02, …). */
async function nextCategoryCode(db: Executor, parentCode: string | null): Promise<string> {
  const stem = parentCode ?? 'R';
  for (let attempt = 0; attempt < 100; attempt++) {
    const code = `${stem}${String(await nextSequence(db, `category:${stem}`)).padStart(2, '0')}`;
    if (!(await findCategoryByCode(db, code))) return code;
  }
  throw new Error(`no free category code under ${stem}`);
}

/** The parent a node of the category tree may hang under. */
async function categoryParent(db: Executor, parentId: string | null | undefined): Promise<CategoryRow | null> {
  if (!parentId) return null;
  const parent = await findCategory(db, parentId);
  if (!parent) throw badRequest('上级类目不存在', { field: 'parentId' });
  if (parent.treeItemId !== CategoryTree.category) throw badRequest(CategoryMessages.notEditableTree);
  return parent;
}

export async function addCategory(db: Db, actor: Actor, input: CategoryAddInput): Promise<CategoryNode> {
  const row = await db.transaction(async (tx) => {
    const parent = await categoryParent(tx, input.parentId);
    if (await siblingNameTaken(tx, parent?.id ?? null, input.categoryName)) {
      throw badRequest(CategoryMessages.duplicate, { field: 'categoryName' });
    }
    const created = await insertCategory(tx, {
      parentId: parent?.id ?? null,
      categoryName: input.categoryName,
      categoryCode: await nextCategoryCode(tx, parent?.categoryCode ?? null),
      treeItemId: CategoryTree.category,
      sortNo: input.sortNo ?? 0,
    });
    await logOperation(tx, actor, {
      content: `新增类目：${created.categoryName}`,
      operateType: 'category:add',
      target: created.id,
    });
    return created;
  });
  return toNode(row);
}

export async function editCategory(db: Db, actor: Actor, input: CategoryUpdateInput): Promise<CategoryNode> {
  const row = await db.transaction(async (tx) => {
    const current = await findCategory(tx, input.id);
    if (!current) throw notFound(CategoryMessages.notFound);
    let parentId = current.parentId;
    if (input.parentId !== undefined && input.parentId !== current.parentId) {
      if (current.treeItemId !== CategoryTree.category || SYSTEM_ROOTS.includes(current.categoryCode)) {
        throw badRequest(CategoryMessages.notEditableTree);
      }
      const parent = await categoryParent(tx, input.parentId);
      // Walk up from the new parent: meeting the node itself would make a cycle.
      for (let p = parent; p; p = p.parentId ? await findCategory(tx, p.parentId) : null) {
        if (p.id === current.id) throw badRequest(CategoryMessages.cycle, { field: 'parentId' });
      }
      parentId = parent?.id ?? null;
    }
    if (await siblingNameTaken(tx, parentId, input.categoryName, current.id)) {
      throw badRequest(CategoryMessages.duplicate, { field: 'categoryName' });
    }
    const updated = await updateCategory(tx, current.id, {
      categoryName: input.categoryName,
      parentId,
      sortNo: input.sortNo ?? current.sortNo,
    });
    await logOperation(tx, actor, {
      content: `编辑类目：${current.categoryName} → ${updated.categoryName}`,
      operateType: 'category:edit',
      target: current.id,
    });
    return updated;
  });
  return toNode(row);
}

export async function removeCategory(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findCategory(tx, id);
    if (!row) throw notFound(CategoryMessages.notFound);
    if (SYSTEM_ROOTS.includes(row.categoryCode)) throw badRequest(CategoryMessages.systemRoot);
    if ((await entriesUsing(tx, id)) > 0) throw badRequest(CategoryMessages.inUse);
    if ((await childCount(tx, id)) > 0) throw badRequest(CategoryMessages.hasChildren);
    await deleteCategory(tx, id);
    await logOperation(tx, actor, {
      content: `删除类目：${row.categoryName}`,
      operateType: 'category:delete',
      target: id,
    });
  });
}
