import type { PermissionTreeNode } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { allKeys, analyseGrants } from './role-permission-tree';

const node = (key: string, children: PermissionTreeNode[] = []): PermissionTreeNode => ({
  key,
  value: key,
  title: key,
  menuType: children.length ? 1 : 2,
  perms: null,
  children,
});

const tree = [node('sys', [node('user', [node('add'), node('edit')]), node('role')])];

describe('analyseGrants', () => {
  it('finds leaves and the parents granted without any granted descendant', () => {
    const { leaves, lonelyParents } = analyseGrants(tree, ['sys', 'user']);
    expect([...leaves].sort()).toEqual(['add', 'edit', 'role']);
    expect(lonelyParents).toEqual(['user']);
  });

  it('has no lonely parents when a descendant is granted', () => {
    expect(analyseGrants(tree, ['sys', 'user', 'add']).lonelyParents).toEqual([]);
  });
});

describe('allKeys', () => {
  it('lists every key depth first', () => {
    expect(allKeys(tree)).toEqual(['sys', 'user', 'add', 'edit', 'role']);
  });
});
