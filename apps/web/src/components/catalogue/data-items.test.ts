import type { DataItem } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import {
  addRow,
  type DataItemRow,
  fromDataItems,
  moveRow,
  newRow,
  removeRow,
  rowIssues,
  rowsFromSheet,
  toDataItemInputs,
  updateRow,
} from './data-items';

const named = (...names: string[]) => names.map((name) => newRow({ key: name, name }));
const names = (rows: DataItemRow[]) => rows.map((row) => row.name);

describe('DataItemGrid rows', () => {
  it('adds a row at the end with the contract defaults', () => {
    const rows = addRow(named('站点名称'));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ name: '', dataType: 'C', shareProperty: '10', nullValue: true, primaryKey: false });
    expect(rows[1].key).not.toBe(rows[0].key);
  });

  it('removes the row by key', () => {
    expect(names(removeRow(named('甲', '乙', '丙'), '乙'))).toEqual(['甲', '丙']);
    expect(names(removeRow(named('甲'), '无'))).toEqual(['甲']);
  });

  it('moves a row up and down, and not past either end', () => {
    const rows = named('甲', '乙', '丙');
    expect(names(moveRow(rows, '乙', 'up'))).toEqual(['乙', '甲', '丙']);
    expect(names(moveRow(rows, '乙', 'down'))).toEqual(['甲', '丙', '乙']);
    expect(names(moveRow(rows, '甲', 'up'))).toEqual(['甲', '乙', '丙']);
    expect(names(moveRow(rows, '丙', 'down'))).toEqual(['甲', '乙', '丙']);
    expect(names(rows)).toEqual(['甲', '乙', '丙']);
  });

  it('edits one row and drops a sharing condition that no longer applies', () => {
    const original = named('甲', '乙');
    let rows = updateRow(original, '甲', { shareProperty: '20', sharingCondition: '仅限公安部门' });
    expect(rows[0]).toMatchObject({ shareProperty: '20', sharingCondition: '仅限公安部门' });
    rows = updateRow(rows, '甲', { shareProperty: '10' });
    expect(rows[0].sharingCondition).toBeNull();
    expect(rows[1]).toBe(original[1]);
    expect(original[0].shareProperty).toBe('10');
  });

  it('round-trips saved items in serial order and sends them without keys', () => {
    const saved = [
      { id: 'b', serialNumber: 2, name: '线路名称', dataType: 'C' },
      { id: 'a', serialNumber: 1, name: '站点编号', dataType: 'N', primaryKey: true },
    ].map((item) => ({
      enName: null,
      dataLength: null,
      shareProperty: '10',
      sharingCondition: null,
      openAttribute: null,
      primaryKey: false,
      nullValue: true,
      dataLevel: null,
      fieldDescription: null,
      masked: false,
      ...item,
    })) as DataItem[];
    const rows = fromDataItems(saved);
    expect(rows.map((row) => row.key)).toEqual(['a', 'b']);
    const inputs = toDataItemInputs(rows);
    expect(inputs[0]).not.toHaveProperty('key');
    expect(inputs[0]).toMatchObject({ name: '站点编号', primaryKey: true });
  });
});

describe('rowIssues', () => {
  it('applies the contract rules and unique names', () => {
    const rows = [
      newRow({ key: '1', name: 'station', enName: '1abc' }),
      newRow({ key: '2', name: '站点', shareProperty: '20' }),
      newRow({ key: '3', name: '站点' }),
      newRow({ key: '4', name: '线路' }),
    ];
    const issues = rowIssues(rows);
    expect(issues['1']).toMatchObject({ name: '信息项名称须为中文' });
    expect(issues['1']?.enName).toContain('英文名称');
    expect(issues['2']).toEqual({ sharingCondition: '共享属性为有条件共享时，请填写共享条件' });
    expect(issues['3']).toEqual({ name: '信息项名称“站点”重复' });
    expect(issues['4']).toBeUndefined();
  });
});

describe('rowsFromSheet', () => {
  it('reads the structure template by header names', () => {
    const { rows, error } = rowsFromSheet([
      ['公交站点信息项'],
      ['英文名称', '信息项名称', '数据类型', '长度'],
      ['station_id', '站点编号', '数值型', '10'],
      ['', '', '', ''],
      ['station_name', '站点名称', 'c', 'abc'],
      ['', '启用日期', '日期型'],
      ['', '备注', '未知类型', '-3'],
    ]);
    expect(error).toBeUndefined();
    expect(rows.map((r) => [r.name, r.enName, r.dataType, r.dataLength])).toEqual([
      ['站点编号', 'station_id', 'N', 10],
      ['站点名称', 'station_name', 'C', null],
      ['启用日期', null, 'D', null],
      ['备注', null, 'C', null],
    ]);
  });

  it('explains a sheet without the header or without items', () => {
    expect(rowsFromSheet([['名称', '类型']]).error).toContain('信息项名称');
    expect(rowsFromSheet([['信息项名称']]).error).toBe('文件中没有信息项');
  });
});
