import { describe, expect, it } from 'vitest';
import type { MenuSeed } from '../platform/module.js';
import { manifests, modules } from './index.js';

function* walk(tree: readonly MenuSeed[]): Generator<MenuSeed> {
  for (const menu of tree) {
    yield menu;
    yield* walk(menu.children ?? []);
  }
}

const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
const menus = [...walk(modules.menuTree)];
const menuPaths = new Set(menus.flatMap((m) => (m.menuType !== 2 && m.path ? [m.path] : [])));

describe('the modules collected in modules/index.ts', () => {
  it('have distinct names and job handler names', () => {
    expect(duplicates(manifests.map((m) => m.name))).toEqual([]);
    const handlers = manifests.flatMap((m) => (m.jobs ?? []).map((h) => h.name));
    expect(duplicates(handlers)).toEqual([]);
    expect(modules.jobs.size).toBe(handlers.length);
  });

  it('declare each menu and directory path once and each permission code once', () => {
    expect(duplicates(menus.flatMap((m) => (m.menuType !== 2 && m.path ? [m.path] : [])))).toEqual([]);
    expect(duplicates(menus.flatMap((m) => (m.perms ? [m.perms] : [])))).toEqual([]);
    // An entry under a parent no module declares would be left out of the tree.
    const declared = manifests.flatMap((m) => [...walk(m.menus ?? [])]);
    expect(menus).toHaveLength(declared.length);
  });

  it('put badges and data-rule lists only on menus that exist', () => {
    const badges = manifests.flatMap((m) => Object.keys(m.badges ?? {}));
    const lists = manifests.flatMap((m) => Object.keys(m.dataRuleLists ?? {}));
    expect(badges.filter((p) => !menuPaths.has(p))).toEqual([]);
    expect(lists.filter((p) => !menuPaths.has(p))).toEqual([]);
    expect(duplicates(badges)).toEqual([]);
    expect(duplicates(lists)).toEqual([]);
    expect(modules.badges.has('/review/catalogue')).toBe(true);
    expect([...modules.dataRuleLists.keys()].sort()).toEqual(['/cataloguemanage/list', '/system/User']);
  });

  it('number their reference steps without repeating a version', () => {
    const versions = manifests.flatMap((m) => (m.referenceSteps ?? []).map((s) => String(s.version)));
    expect(duplicates(versions)).toEqual([]);
    expect(modules.referenceSteps.map((s) => String(s.version))).toEqual([...versions].sort((a, b) => +a - +b));
  });

  it('register each route plugin through one manifest only', () => {
    const routes = manifests.flatMap((m) => m.routes ?? []);
    expect(duplicates(routes.map((r) => r.name))).toEqual([]);
  });
});
