import type { CatalogueFile, FilePreview } from '@odp/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { FilePreviewModal } from './FileUploader';

/** A file with a title row: detected header on row 2; read from row 3, its first data row names the columns. */
const previews: Record<string, FilePreview> = {
  auto: { columns: ['线路', '起点'], rows: [['1路', '火车站']], total: 2, headerRow: 2 },
  3: { columns: ['1路', '火车站'], rows: [['2路', '东湖']], total: 1, headerRow: 3 },
};
const previewFile = vi.fn(async (_id: string, headerRow?: number) => previews[headerRow ?? 'auto']);

vi.mock('@/api/catalogue', async (original) => ({
  ...(await original<typeof import('@/api/catalogue')>()),
  previewFile: (id: string, headerRow?: number) => previewFile(id, headerRow),
}));

beforeAll(stubAntdDom);
afterEach(() => {
  cleanup();
  previewFile.mockClear();
});

const file: CatalogueFile = {
  id: '7d7a0f0e-6c1e-4a59-9a54-0d1b7b0f5a01',
  kind: 'data',
  fileName: '公交线路.xlsx',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  size: 2048,
  rowCount: 2,
  columns: ['线路', '起点'],
  createTime: '2026-06-01T08:00:00.000Z',
};

describe('FilePreviewModal', () => {
  it('shows the detected header row and asks for the preview again with the row the officer picks', async () => {
    renderWithProviders(<FilePreviewModal file={file} onClose={() => {}} />);
    const input = (await screen.findByLabelText('表头所在行')) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('2'));
    expect(previewFile).toHaveBeenLastCalledWith(file.id, undefined);
    expect(screen.getAllByText('线路').length).toBeGreaterThan(0);

    act(() => fireEvent.change(input, { target: { value: '3' } }));
    await waitFor(() => expect(previewFile).toHaveBeenLastCalledWith(file.id, 3));
    await waitFor(() => expect(screen.queryAllByText('线路')).toHaveLength(0));
    expect(screen.getByText('显示前 1 行，共 1 行')).toBeTruthy();
    expect(screen.getAllByText('火车站').length).toBeGreaterThan(0);
  });

  it('offers no header row for a file the server names none for (JSON)', async () => {
    previewFile.mockResolvedValueOnce({ columns: ['a'], rows: [['1']], total: 1 });
    renderWithProviders(<FilePreviewModal file={{ ...file, fileName: 'a.json' }} onClose={() => {}} />);
    await screen.findByText('显示前 1 行，共 1 行');
    expect(screen.queryByLabelText('表头所在行')).toBeNull();
  });
});
