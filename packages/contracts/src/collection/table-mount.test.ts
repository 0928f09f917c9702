import { describe, expect, it } from 'vitest';
import { itemOfColumn, nextUpdateDue, updateStatusOf } from './table-mount.js';

const column = (type: string, extra: Partial<Parameters<typeof itemOfColumn>[0]> = {}) =>
  itemOfColumn({ name: 'c', type, comment: null, nullable: true, primaryKey: false, ...extra });

describe('itemOfColumn', () => {
  it('maps PostgreSQL and MySQL types to the catalogue data types', () => {
    expect(column('character varying(64)')).toMatchObject({ dataType: 'C', dataLength: 64 });
    expect(column('varchar(20)')).toMatchObject({ dataType: 'C', dataLength: 20 });
    expect(column('text')).toMatchObject({ dataType: 'C', dataLength: null });
    expect(column('integer').dataType).toBe('N');
    expect(column('bigint(20) unsigned').dataType).toBe('N');
    expect(column('numeric(12,2)')).toMatchObject({ dataType: 'N', dataLength: 12 });
    expect(column('date').dataType).toBe('D');
    expect(column('datetime').dataType).toBe('DT');
    expect(column('timestamp without time zone').dataType).toBe('DT');
    expect(column('tinyint(1)').dataType).toBe('B');
    expect(column('boolean').dataType).toBe('B');
    expect(column('bytea').dataType).toBe('BY');
  });

  it('names the item by the column comment and keeps the column name as its English name', () => {
    expect(column('text', { name: 'ent_name', comment: ' 企业名称 ', primaryKey: true, nullable: false })).toEqual({
      name: '企业名称',
      enName: 'ent_name',
      dataType: 'C',
      dataLength: null,
      primaryKey: true,
      nullValue: false,
    });
    expect(column('text', { name: 'ent_name' }).name).toBe('ent_name');
  });
});

describe('updateStatusOf', () => {
  const day = 86_400_000;
  const last = new Date('2026-01-01T00:00:00Z');
  it('is 待更新 without any update, 已更新 before the due time, then 待更新, then 更新已超时 a day later', () => {
    expect(updateStatusOf('1', null, last)).toBe('2');
    expect(updateStatusOf('1', last, new Date(last.getTime() + day - 1))).toBe('1');
    expect(updateStatusOf('1', last, new Date(last.getTime() + day + 1))).toBe('2');
    expect(updateStatusOf('1', last, new Date(last.getTime() + 2 * day + 1))).toBe('3');
    expect(updateStatusOf('7', last, new Date(last.getTime() + 900 * day))).toBe('1');
  });
});

describe('nextUpdateDue', () => {
  it('steps by calendar months and ends on the last day of a shorter month', () => {
    expect(nextUpdateDue('3', new Date('2026-01-31T08:00:00Z'))?.toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(nextUpdateDue('4', new Date('2026-11-30T00:00:00Z'))?.toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(nextUpdateDue('6', new Date('2028-02-29T00:00:00Z'))?.toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(nextUpdateDue('2', new Date('2026-01-01T00:00:00Z'))?.toISOString()).toBe('2026-01-08T00:00:00.000Z');
    expect(nextUpdateDue('7', new Date())).toBeNull();
    expect(nextUpdateDue('toString', new Date())).toBeNull();
  });
});
