import { describe, expect, it } from 'vitest';
import type { permissions } from '../../db/schema/index.js';
import { buildAuth, buildMenuTree, withBadges } from './menu.js';

type Row = typeof permissions.$inferSelect;
let n = 0;
const row = (over: Partial<Row>): Row => ({
  id: `p${++n}`,
  parentId: null,
  name: '菜单',
  path: null,
  component: null,
  componentName: null,
  redirect: null,
  menuType: 1,
  perms: null,
  sortNo: 0,
  alwaysShow: false,
  icon: null,
  isRoute: true,
  keepAlive: false,
  hidden: false,
  internalOrExternal: false,
  url: null,
  status: '0',
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});

describe('buildMenuTree', () => {
  it('hides a parent whose children are all hidden and drops empty directories', () => {
    const dir = row({ id: 'd', menuType: 0, path: '/a', name: '目录' });
    const child = row({ parentId: 'd', path: '/a/b', hidden: true });
    const emptyDir = row({ id: 'e', menuType: 0, path: '/e' });
    const tree = buildMenuTree([dir, child, emptyDir]);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ path: '/a', hidden: true, name: 'a', meta: { title: '目录' } });
    expect(tree[0].children?.[0]).toMatchObject({ path: '/a/b', hidden: true, name: 'a-b' });
  });

  it('orders by sortNo, leaves out buttons and disabled entries', () => {
    const tree = buildMenuTree([
      row({ path: '/z', sortNo: 2 }),
      row({ path: '/y', sortNo: 1 }),
      row({ path: '/off', status: '1' }),
      row({ menuType: 2, perms: 'x:y' }),
    ]);
    expect(tree.map((m) => m.path)).toEqual(['/y', '/z']);
  });
});

describe('buildAuth', () => {
  it('puts only enabled granted buttons in auth and every button in allAuth', () => {
    const a = row({ menuType: 2, perms: 'a:add' });
    const b = row({ menuType: 2, perms: 'a:del', status: '1' });
    const menu = row({ path: '/m' });
    const { auth, allAuth } = buildAuth([a, b, menu], [a, b, menu]);
    expect(auth.map((x) => x.action)).toEqual(['a:add']);
    expect(allAuth.map((x) => [x.action, x.status])).toEqual([
      ['a:add', '0'],
      ['a:del', '1'],
    ]);
  });
});

describe('withBadges', () => {
  it('puts counters on matching entries at any depth', async () => {
    const tree = buildMenuTree([row({ id: 'd2', menuType: 0, path: '/r' }), row({ parentId: 'd2', path: '/r/x' })]);
    const badged = await withBadges(tree, { '/r/x': async () => 7 });
    expect(badged[0].children?.[0].number).toBe(7);
    expect(badged[0].number).toBe(7);
    const none = await withBadges(tree, { '/r/x': async () => 0 });
    expect(none[0].number).toBeUndefined();
    expect(none[0].children?.[0].number).toBe(0);
  });
});
