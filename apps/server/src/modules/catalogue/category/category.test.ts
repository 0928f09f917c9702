import type { CategoryNode, CategoryRootIds } from '@odp/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../../db/schema/index.js';
import { createCatalogue } from '../../../test/catalogue.js';
import { createDepart, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { seedCategories } from './seed.js';

let ctx: TestContext;
let adminToken: string;
let depart: { id: string; orgCode: string; departName: string };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedCategories(ctx.db);
  depart = await createDepart(ctx.db, { departName: '类目测试局' });
  adminToken = (await signedIn(ctx, { roles: ['admin'], departs: [depart] })).token;
});
afterAll(() => ctx.close());

const nodes = async (treeItemId: number, keyword?: string) => {
  const res = await call<CategoryNode[]>(ctx, 'GET', '/api/category/getNodes', {
    query: { treeItemId: String(treeItemId), ...(keyword ? { keyword } : {}) },
  });
  expect(res.status).toBe(200);
  return res.body.result;
};
const nodeByName = async (name: string) =>
  (await ctx.db.select().from(categories).where(eq(categories.categoryName, name)))[0];

describe('GET /api/category/getNodes (public)', () => {
  it('gives the category tree under its two roots', async () => {
    const tree = await nodes(1);
    expect(tree.map((n) => n.categoryName)).toEqual(['基础信息资源目录', '主题信息资源目录']);
    expect(tree[0].children.map((n) => n.categoryName)).toEqual([
      '人口',
      '法人',
      '自然资源和空间地理',
      '社会信用',
      '电子证照',
    ]);
    expect(tree[1].children).toHaveLength(8);
    expect(tree[0]).toMatchObject({ isLeaf: false, treeItemId: 1, parentId: null });
    expect(tree[0].children[0]).toMatchObject({ isLeaf: true, parentId: tree[0].id, children: [] });
  });

  it('counts only public entries, summed up the tree', async () => {
    const traffic = await nodeByName('交通出行');
    await createCatalogue(ctx.db, {
      orgCode: depart.orgCode,
      categoryId: traffic.id,
      catalogStatus: 2,
      shelfStatus: 2,
    });
    await createCatalogue(ctx.db, {
      orgCode: depart.orgCode,
      categoryId: traffic.id,
      catalogStatus: 2,
      shelfStatus: 2,
      openType: '3',
    });
    await createCatalogue(ctx.db, { orgCode: depart.orgCode, categoryId: traffic.id });
    const topic = (await nodes(1))[1];
    expect(topic.children.find((n) => n.id === traffic.id)?.count).toBe(1);
    expect(topic.count).toBe(1);
    const departNode = (await nodes(2))[0].children.find((n) => n.orgCode === depart.orgCode);
    expect(departNode).toMatchObject({ id: depart.orgCode, categoryName: '类目测试局', count: 1, treeItemId: 2 });
  });

  it('gives departments under 部门信息资源目录 and districts under a root with parent 100000', async () => {
    const district = await createDepart(ctx.db, { departName: '测试区', orgType: '2' });
    const [dept] = await nodes(2);
    expect(dept).toMatchObject({ categoryName: '部门信息资源目录', treeItemId: 2 });
    expect(dept.children.some((n) => n.orgCode === depart.orgCode)).toBe(true);
    expect(dept.children.some((n) => n.orgCode === district.orgCode)).toBe(false);
    const [area] = await nodes(3);
    expect(area).toMatchObject({ categoryName: '区县信息资源目录', parentId: '100000', treeItemId: 3 });
    expect(area.children.map((n) => n.orgCode)).toContain(district.orgCode);
  });

  it('gives the four roots for the top page', async () => {
    const top = await nodes(10);
    expect(top.map((n) => n.categoryName)).toEqual([
      '基础信息资源目录',
      '主题信息资源目录',
      '部门信息资源目录',
      '区县信息资源目录',
    ]);
    expect(top.every((n) => n.children.length === 0 && !n.isLeaf)).toBe(true);
    const roots = await call<CategoryRootIds>(ctx, 'GET', '/api/category/getRootNodeId');
    expect(roots.body.result).toEqual({ basic: top[0].id, topic: top[1].id, depart: top[2].id, district: top[3].id });
    const dir = await call<string[]>(ctx, 'GET', '/api/category/getDirectoryId', { query: { treeItemId: '3' } });
    expect(dir.body.result).toEqual([top[3].id]);
  });

  it('filters by a substring of the node name, keeping ancestors', async () => {
    const tree = await nodes(1, '医疗');
    expect(tree.map((n) => n.categoryName)).toEqual(['主题信息资源目录']);
    expect(tree[0].children.map((n) => n.categoryName)).toEqual(['医疗健康']);
    expect(await nodes(1, '不存在的类目')).toEqual([]);
  });

  it('refuses an unknown tree', async () => {
    const res = await call(ctx, 'GET', '/api/category/getNodes', { query: { treeItemId: '7' } });
    expect(res.status).toBe(400);
  });

  it('gives the sharing tree to signed-in users only', async () => {
    expect((await call(ctx, 'GET', '/api/category/getNodesShare', { query: { treeItemId: '1' } })).status).toBe(401);
    const res = await call<CategoryNode[]>(ctx, 'GET', '/api/category/getNodesShare', {
      token: adminToken,
      query: { treeItemId: '1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toHaveLength(2);
  });

  it('is idempotent to seed again', async () => {
    const before = (await ctx.db.select({ n: count() }).from(categories))[0].n;
    await seedCategories(ctx.db);
    expect((await ctx.db.select({ n: count() }).from(categories))[0].n).toBe(before);
  });
});

describe('category editing', () => {
  const post = (path: string, body: unknown, token: string | null = adminToken) =>
    call<CategoryNode>(ctx, 'POST', `/api/category/${path}`, { token: token ?? undefined, body });

  it('needs catalog:category', async () => {
    const root = await nodeByName('主题信息资源目录');
    expect((await post('addNodes', { parentId: root.id, categoryName: '文化旅游' }, null)).status).toBe(401);
    const officer = await signedIn(ctx, { roles: ['dept_admin'] });
    expect((await post('addNodes', { parentId: root.id, categoryName: '文化旅游' }, officer.token)).status).toBe(403);
  });

  it('adds, renames, moves and deletes a node', async () => {
    const root = await nodeByName('主题信息资源目录');
    const added = await post('addNodes', { parentId: root.id, categoryName: '文化旅游' });
    expect(added.status).toBe(200);
    expect(added.body.result).toMatchObject({ parentId: root.id, categoryName: '文化旅游', treeItemId: 1 });
    expect(added.body.result.categoryCode).toBe('ZT09');
    const dup = await post('addNodes', { parentId: root.id, categoryName: '文化旅游' });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('同级类目中已存在同名类目');

    const child = (await post('addNodes', { parentId: added.body.result.id, categoryName: '景区' })).body.result;
    expect(child.categoryCode).toBe('ZT0901');
    const cycle = await post('updateNodes', { id: added.body.result.id, categoryName: '文化旅游', parentId: child.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.message).toBe('不能把类目移动到它自己或它的下级类目下');

    const renamed = await post('updateNodes', { id: child.id, categoryName: '旅游景区', parentId: root.id });
    expect(renamed.status).toBe(200);
    expect(renamed.body.result).toMatchObject({ categoryName: '旅游景区', parentId: root.id });

    expect((await post('deleteNodes', { id: child.id })).status).toBe(200);
    expect((await post('deleteNodes', { id: added.body.result.id })).status).toBe(200);
    expect(await nodeByName('文化旅游')).toBeUndefined();
  });

  it('refuses to delete a node in use, with children, or a root', async () => {
    const health = await nodeByName('医疗健康');
    await createCatalogue(ctx.db, { orgCode: depart.orgCode, categoryId: health.id });
    const inUse = await post('deleteNodes', { id: health.id });
    expect(inUse.status).toBe(400);
    expect(inUse.body.message).toBe('该类目下存在目录，不能删除');

    const parent = (await post('addNodes', { parentId: health.id, categoryName: '医院' })).body.result;
    await post('addNodes', { parentId: parent.id, categoryName: '专科医院' });
    const withChildren = await post('deleteNodes', { id: parent.id });
    expect(withChildren.status).toBe(400);
    expect(withChildren.body.message).toBe('该类目下存在子类目，不能删除');

    const root = await nodeByName('部门信息资源目录');
    expect((await post('deleteNodes', { id: root.id })).body.message).toBe('系统类目不能删除');
    expect((await post('addNodes', { parentId: root.id, categoryName: '某部门' })).status).toBe(400);
    expect(await nodeByName('医疗健康')).toBeTruthy();
  });
});
