import { describe, expect, it } from 'vitest';
import {
  addMapping,
  autoCreateTargets,
  clearMappings,
  fieldState,
  keepValid,
  mapByName,
  mapByOrder,
  removeMapping,
} from './mapping';

const f = (name: string, type = 'text') => ({ name, type });
const SOURCES = [f('org_id'), f('org_name'), f('beds', 'numeric'), f('address')];
const TARGETS = [f('ID'), f('ORG_NAME'), f('address'), f('remark')];

describe('the mapping workbench', () => {
  it('按顺序映射 pairs the n-th columns, as many as the shorter side has', () => {
    expect(mapByOrder(SOURCES, TARGETS)).toEqual([
      { source: 'org_id', target: 'ID' },
      { source: 'org_name', target: 'ORG_NAME' },
      { source: 'beds', target: 'address' },
      { source: 'address', target: 'remark' },
    ]);
    expect(mapByOrder(SOURCES, TARGETS.slice(0, 2))).toHaveLength(2);
    expect(mapByOrder([], TARGETS)).toEqual([]);
  });

  it('按名称映射 pairs equal names whatever their case, and leaves the others unmapped', () => {
    expect(mapByName(SOURCES, TARGETS)).toEqual([
      { source: 'org_name', target: 'ORG_NAME' },
      { source: 'address', target: 'address' },
    ]);
  });

  it('按名称映射 keeps pairs made by hand and never takes a column twice', () => {
    const byHand = [{ source: 'org_id', target: 'address' }];
    expect(mapByName(SOURCES, TARGETS, byHand)).toEqual([
      { source: 'org_id', target: 'address' },
      { source: 'org_name', target: 'ORG_NAME' },
    ]);
    // The very same name wins over one differing in case; each target is taken once.
    expect(mapByName([f('a'), f('A')], [f('A'), f('a')])).toEqual([
      { source: 'a', target: 'a' },
      { source: 'A', target: 'A' },
    ]);
    expect(mapByName([f('Org'), f('org')], [f('ORG')])).toEqual([{ source: 'Org', target: 'ORG' }]);
  });

  it('全部清空 and 断开映射 free the columns again', () => {
    const all = mapByOrder(SOURCES, TARGETS);
    expect(clearMappings()).toEqual([]);
    const left = removeMapping(all, 'beds');
    expect(left.map((m) => m.source)).toEqual(['org_id', 'org_name', 'address']);
    expect(fieldState(left, 'source', 'beds')).toBe('selectable');
    expect(fieldState(left, 'target', 'address')).toBe('selectable');
    expect(fieldState(left, 'source', 'org_id')).toBe('mapped');
    expect(fieldState(left, 'source', 'beds', 'beds')).toBe('selected');
  });

  it('adds a pair by hand only between free, existing columns', () => {
    const one = addMapping([], 'beds', 'remark', SOURCES, TARGETS);
    expect(one).toEqual([{ source: 'beds', target: 'remark' }]);
    expect(addMapping(one, 'beds', 'ID', SOURCES, TARGETS)).toBe(one);
    expect(addMapping(one, 'org_id', 'remark', SOURCES, TARGETS)).toBe(one);
    expect(addMapping(one, 'nope', 'ID', SOURCES, TARGETS)).toBe(one);
    expect(addMapping(one, 'org_id', 'nope', SOURCES, TARGETS)).toBe(one);
  });

  it('drops pairs whose columns are gone, and builds a new table from the source columns', () => {
    const all = mapByOrder(SOURCES, TARGETS);
    expect(keepValid(all, SOURCES, [f('ID')])).toEqual([{ source: 'org_id', target: 'ID' }]);
    const created = autoCreateTargets([{ ...f('beds', 'numeric'), primaryKey: true }]);
    expect(created).toEqual([{ name: 'beds', type: 'numeric' }]);
    expect(mapByName(SOURCES, autoCreateTargets(SOURCES))).toHaveLength(SOURCES.length);
  });
});
