import { describe, expect, it } from 'vitest';
import { CONFLICT_POLICY, ReportImportQuery } from './excel-report.js';
import { TableAlertQuery, UpdateBadDetailQuery } from './timeliness.js';

const id = '00000000-0000-4000-8000-000000000001';

describe('ReportImportQuery', () => {
  it('takes the three policies of dict primary_key_conflict_policy and coerces the header row', () => {
    expect(Object.values(CONFLICT_POLICY)).toEqual(['1', '2', '3']);
    expect(ReportImportQuery.parse({ catalogId: id, conflictPolicy: '2', headerRow: '3' })).toEqual({
      catalogId: id,
      conflictPolicy: '2',
      headerRow: 3,
    });
  });
  it('refuses a missing policy, a bad id or an empty key column in Chinese', () => {
    const messages = (v: unknown) => {
      const r = ReportImportQuery.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ catalogId: id })).toEqual(['请选择主键冲突策略']);
    expect(messages({ catalogId: 'x', conflictPolicy: '1' })).toEqual(['目录 ID 格式不正确']);
    expect(messages({ catalogId: id, conflictPolicy: '4' })).toEqual(['请选择主键冲突策略']);
    expect(messages({ catalogId: id, conflictPolicy: '1', keyColumn: ' ' })).toEqual(['主键列不能为空']);
  });
});

describe('timeliness queries', () => {
  it('take 是/否 filters and need a department for the detail', () => {
    expect(TableAlertQuery.parse({ overTime: '是', timeIsNull: '否' })).toMatchObject({ overTime: '是', pageNo: 1 });
    expect(TableAlertQuery.safeParse({ overTime: 'yes' }).success).toBe(false);
    const detail = UpdateBadDetailQuery.safeParse({ orgCode: '' });
    expect(detail.success ? null : detail.error.issues[0].message).toBe('请指定部门');
  });
});
