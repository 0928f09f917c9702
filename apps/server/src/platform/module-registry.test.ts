import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineHandler } from './jobs/handler.js';
import { defineModule, type MenuSeed, menuButton } from './module.js';
import { mergeManifests } from './module-registry.js';

const handler = (name: string) =>
  defineHandler({ name, title: name, description: '', parameterHelp: '', schema: z.object({}), run: async () => '' });
const count = async () => 0;
const list = { columns: {}, labels: {} };
const page = (name: string, path: string, extra: Partial<MenuSeed> = {}) => ({
  name,
  menuType: 1 as const,
  path,
  ...extra,
});

const shell = defineModule({
  name: 'shell',
  menus: [
    { order: 0, ...page('首页', '/home') },
    { order: 2, name: '管理', menuType: 0, path: '/admin', children: [page('概览', '/admin/overview')] },
  ],
});

describe('merging manifests', () => {
  it('places each entry at its order, under the parent another module declares, after that parent’s own children', () => {
    const users = defineModule({
      name: 'users',
      menus: [
        { parent: '/admin', order: 2, ...page('用户', '/admin/users', { children: [menuButton('新增', 'u:add')] }) },
        { parent: '/admin', order: 1, ...page('角色', '/admin/roles') },
        { order: 1, ...menuButton('切换', 'switch') },
      ],
    });
    const { modules, problems } = mergeManifests([users, shell]);
    expect(problems).toEqual([]);
    const names = (tree: readonly MenuSeed[]): unknown[] =>
      tree.map((m) => (m.children ? [m.name, names(m.children)] : m.name));
    expect(names(modules.menuTree)).toEqual(['首页', '切换', ['管理', ['概览', '角色', ['用户', ['新增']]]]]);
    expect(modules.menuTree[2]).not.toHaveProperty('order');
    expect(modules.menuTree[2].children?.[1]).not.toHaveProperty('parent');
  });

  it('names every conflict between modules', () => {
    const other = defineModule({
      name: 'other',
      jobs: [handler('purge')],
      menus: [
        { parent: '/admin', order: 0, ...page('重复概览', '/admin/overview') },
        { parent: '/missing', order: 0, ...page('无处安放', '/lost') },
        { order: 2, ...menuButton('同位', 'same-place') },
        { order: 3, ...menuButton('重复按钮', 'dup') },
        { order: 4, ...menuButton('重复按钮', 'dup') },
      ],
      badges: { '/nowhere': count },
      dataRuleLists: { '/home': list, '/lost': list },
      referenceSteps: [{ version: 2, summary: '', apply: async () => {} }],
    });
    const twin = defineModule({
      name: 'twin',
      jobs: [handler('purge')],
      badges: { '/home': count },
      dataRuleLists: { '/home': list },
      referenceSteps: [{ version: 2, summary: '', apply: async () => {} }],
    });
    const { problems } = mergeManifests([shell, other, twin, defineModule({ name: 'twin' })]);
    expect(problems).toEqual(
      expect.arrayContaining([
        "module 'twin' is declared by twin and twin",
        "job handler 'purge' is declared by other and twin",
        "menus '概览' (shell) and '重复概览' (other) share order 0",
        "menus '管理' (shell) and '同位' (other) share order 2",
        "menu '无处安放' (other) is under '/missing', which no module declares",
        'two menu entries have the path /admin/overview',
        'two menu entries have the permission dup',
        "badge '/nowhere' (other) is on no menu",
        "data-rule list '/lost' (other) is on no menu",
        "data-rule list '/home' is declared by other and twin",
        "reference step '2' is declared by other and twin",
      ]),
    );
    expect(problems).toHaveLength(11);
  });

  it('orders reference steps by version whichever module declares them', () => {
    const step = (version: number) => ({ version, summary: `v${version}`, apply: async () => {} });
    const a = defineModule({ name: 'a', referenceSteps: [step(4), step(2)] });
    const b = defineModule({ name: 'b', referenceSteps: [step(3)] });
    expect(mergeManifests([a, b]).modules.referenceSteps.map((s) => s.summary)).toEqual(['v2', 'v3', 'v4']);
  });
});
