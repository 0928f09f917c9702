import type { Depart, DepartIdTreeNode, DepartTreeNode } from '@odp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepart, createUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A root with two children, one of them soft-deleted, and a grandchild. */
async function createBranch() {
  const root = await createDepart(ctx.db, {
    orgType: '0',
    departName: `测试市${Math.random().toString(36).slice(2, 8)}`,
  });
  const child = await createDepart(ctx.db, { parentId: root.id, sortNo: 2 });
  const first = await createDepart(ctx.db, { parentId: root.id, sortNo: 1 });
  const gone = await createDepart(ctx.db, { parentId: root.id, sortNo: 3, deletedAt: new Date() });
  const grandchild = await createDepart(ctx.db, { parentId: child.id });
  return { root, child, first, gone, grandchild };
}

function find(nodes: DepartTreeNode[], id: string): DepartTreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
}

describe('GET /sys/sysDepart/queryTreeList', () => {
  it('needs a signed-in user', async () => {
    expect((await call(ctx, 'GET', '/sys/sysDepart/queryTreeList')).status).toBe(401);
  });

  it('answers the live departments as a tree in display order', async () => {
    const b = await createBranch();
    const { token } = await signedIn(ctx);
    const res = await call<DepartTreeNode[]>(ctx, 'GET', '/sys/sysDepart/queryTreeList', { token });
    expect(res.status).toBe(200);
    const root = find(res.body.result, b.root.id);
    expect(root).toMatchObject({
      key: b.root.id,
      value: b.root.id,
      title: b.root.departName,
      orgCode: b.root.orgCode,
      departName: b.root.departName,
      orgType: '0',
      parentId: null,
      isLeaf: false,
    });
    expect(root?.children.map((c) => c.id)).toEqual([b.first.id, b.child.id]);
    expect(find(res.body.result, b.gone.id)).toBeUndefined();
    expect(find(res.body.result, b.grandchild.id)).toMatchObject({ parentId: b.child.id, isLeaf: true, children: [] });
  });
});

describe('GET /sys/sysDepart/queryIdTree', () => {
  it('needs a signed-in user', async () => {
    expect((await call(ctx, 'GET', '/sys/sysDepart/queryIdTree')).status).toBe(401);
  });

  it('answers the slim tree', async () => {
    const b = await createBranch();
    const { token } = await signedIn(ctx);
    const res = await call<DepartIdTreeNode[]>(ctx, 'GET', '/sys/sysDepart/queryIdTree', { token });
    expect(res.status).toBe(200);
    const root = res.body.result.find((n) => n.key === b.root.id);
    expect(Object.keys(root ?? {}).sort()).toEqual(['children', 'key', 'title', 'value']);
    expect(root?.children.map((c) => c.key)).toEqual([b.first.id, b.child.id]);
  });
});

describe('GET /sys/sysDepart/searchBy', () => {
  it('needs a signed-in user', async () => {
    expect((await call(ctx, 'GET', '/sys/sysDepart/searchBy', { query: { keyWord: '局' } })).status).toBe(401);
  });

  it('finds live departments by name or code, wildcards taken literally', async () => {
    const hit = await createDepart(ctx.db, { departName: '滨江测试水务局甲' });
    await createDepart(ctx.db, { departName: '滨江测试水务局乙', deletedAt: new Date() });
    const { token } = await signedIn(ctx);
    const byName = await call<DepartTreeNode[]>(ctx, 'GET', '/sys/sysDepart/searchBy', {
      token,
      query: { keyWord: '测试水务' },
    });
    expect(byName.status).toBe(200);
    expect(byName.body.result.map((n) => n.id)).toEqual([hit.id]);
    expect(byName.body.result[0]).toMatchObject({ title: '滨江测试水务局甲', isLeaf: true });
    const byCode = await call<DepartTreeNode[]>(ctx, 'GET', '/sys/sysDepart/searchBy', {
      token,
      query: { keyWord: hit.orgCode.toLowerCase() },
    });
    expect(byCode.body.result.map((n) => n.id)).toEqual([hit.id]);
    const wildcard = await call<DepartTreeNode[]>(ctx, 'GET', '/sys/sysDepart/searchBy', {
      token,
      query: { keyWord: '%' },
    });
    expect(wildcard.body.result).toEqual([]);
  });

  it('asks for a keyword', async () => {
    const { token } = await signedIn(ctx);
    const res = await call(ctx, 'GET', '/sys/sysDepart/searchBy', { token, query: { keyWord: ' ' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/请输入部门名称或编码/);
  });
});

describe('GET /sys/sysDepart/getGovAreaList', () => {
  it('is public and lists the live districts only', async () => {
    const area = await createDepart(ctx.db, { orgType: '2', departName: '测试新区' });
    const goneArea = await createDepart(ctx.db, { orgType: '2', deletedAt: new Date() });
    const office = await createDepart(ctx.db, { orgType: '1' });
    const res = await call<Depart[]>(ctx, 'GET', '/sys/sysDepart/getGovAreaList');
    expect(res.status).toBe(200);
    const ids = res.body.result.map((d) => d.id);
    expect(ids).toContain(area.id);
    expect(ids).not.toContain(goneArea.id);
    expect(ids).not.toContain(office.id);
    expect(res.body.result.every((d) => d.orgType === '2')).toBe(true);
    expect(res.body.result.find((d) => d.id === area.id)).toEqual({
      id: area.id,
      orgCode: area.orgCode,
      departName: '测试新区',
      orgType: '2',
    });
  });
});

describe('GET /sys/getDepartList', () => {
  it('needs a signed-in user', async () => {
    expect((await call(ctx, 'GET', '/sys/getDepartList')).status).toBe(401);
  });

  it('answers an expired sign-in with the code 10000001 of spec §8 (other routes keep 401)', async () => {
    const { token } = await signedIn(ctx, { roles: ['dept_admin'], departs: [await createDepart(ctx.db)] });
    await call(ctx, 'POST', '/sys/logout', { token });
    for (const path of ['/sys/getDepartList', '/sys/user/getCurrentUserDeparts']) {
      const res = await call(ctx, 'GET', path, { token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(10000001);
      expect(res.body.message).toBe('Token失效，请重新登录');
    }
    const other = await call(ctx, 'GET', '/sys/permission/getUserPermissionByToken', { token });
    expect([other.status, other.body.code]).toEqual([401, 401]);
  });

  it("answers the caller's own live departments", async () => {
    const a = await createDepart(ctx.db);
    const b = await createDepart(ctx.db);
    const gone = await createDepart(ctx.db, { deletedAt: new Date() });
    const { user, token } = await signedIn(ctx, { roles: ['dept_admin'], departs: [a, b, gone] });
    for (const query of [{}, { userName: user.username }] as Record<string, string>[]) {
      const res = await call<Depart[]>(ctx, 'GET', '/sys/getDepartList', { token, query });
      expect(res.status).toBe(200);
      expect(res.body.result.map((d) => d.id).sort()).toEqual([a.id, b.id].sort());
    }
  });

  it("refuses someone else's departments without the user-list permission", async () => {
    const other = await createUser(ctx.db, { departs: [await createDepart(ctx.db)] });
    const { token } = await signedIn(ctx, { roles: ['dept_admin'], departs: [await createDepart(ctx.db)] });
    const res = await call(ctx, 'GET', '/sys/getDepartList', { token, query: { userName: other.username } });
    expect(res.status).toBe(403);
  });

  it("answers someone else's departments to an administrator, 400 for an unknown user", async () => {
    const depart = await createDepart(ctx.db);
    const other = await createUser(ctx.db, { departs: [depart] });
    const { token } = await signedIn(ctx, { roles: ['admin'] });
    const res = await call<Depart[]>(ctx, 'GET', '/sys/getDepartList', { token, query: { userName: other.username } });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([
      { id: depart.id, orgCode: depart.orgCode, departName: depart.departName, orgType: '1' },
    ]);
    const unknown = await call(ctx, 'GET', '/sys/getDepartList', { token, query: { userName: 'nobody_here' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('用户不存在');
  });
});
