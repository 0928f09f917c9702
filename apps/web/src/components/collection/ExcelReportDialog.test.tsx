import type { ReportEntry } from '@odp/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { ExcelReportDialog, needsConfirmation } from './ExcelReportDialog';

vi.mock('@/components/DictSelect/use-dict-options', () => ({ useDictOptions: () => [] }));

beforeAll(stubAntdDom);
afterEach(cleanup);

const entry = (over: Partial<ReportEntry> = {}): ReportEntry => ({
  id: '00000000-0000-4000-8000-000000000001',
  catalogName: '公交站点',
  orgCode: 'BJ003',
  departName: '滨江市交通运输局',
  updateFrequency: '3',
  totalNum: 0,
  catalogStatus: 2,
  shelfStatus: 2,
  databaseName: null,
  tableName: null,
  dataUpdateTime: null,
  updateStatus: '2',
  keyColumns: ['站点编号'],
  columns: ['站点编号', '站点名称'],
  ...over,
});

describe('ExcelReportDialog', () => {
  it('names the key the data items flag, and asks for one when none is flagged', () => {
    const { unmount } = renderWithProviders(
      <ExcelReportDialog entry={entry()} open onClose={() => {}} onDone={async () => {}} />,
    );
    expect(screen.getByText('主键：站点编号')).toBeTruthy();
    expect(screen.queryByText('请选择主键列')).toBeNull();
    unmount();
    renderWithProviders(
      <ExcelReportDialog entry={entry({ keyColumns: [] })} open onClose={() => {}} onDone={async () => {}} />,
    );
    expect(screen.getByText('请选择主键列')).toBeTruthy();
    expect(screen.getByText('覆盖已有记录')).toBeTruthy();
  });

  it('confirms 覆盖 only when the entry already holds rows', () => {
    expect(needsConfirmation(entry({ totalNum: 0 }), '1')).toBe(false);
    expect(needsConfirmation(entry({ totalNum: 5 }), '1')).toBe(true);
    expect(needsConfirmation(entry({ totalNum: 5 }), '2')).toBe(false);
  });
});
