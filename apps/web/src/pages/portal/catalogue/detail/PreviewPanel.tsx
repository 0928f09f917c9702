import type { CatalogueFile } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/api/client';
import { getPreview, type MarketDataItem, type MarketPreview, marketKeys } from '@/api/market';
import { type DataColumn, DataTable } from '@/components/portal/DataTable';
import { formatSize } from '@/components/portal/format';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';

type Row = { cells: string[]; n: number };

function FilePreview({ catalogId, file, masked }: { catalogId: string; file: CatalogueFile; masked: Set<string> }) {
  const preview = useQuery({
    queryKey: marketKeys.preview(catalogId, file.id),
    queryFn: () => getPreview(catalogId, file.id),
    staleTime: 5 * 60_000,
  });
  if (preview.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (preview.isError) {
    const message = preview.error instanceof ApiError ? preview.error.message : '数据预览加载失败';
    return <ErrorState message={message} onRetry={() => preview.refetch()} />;
  }
  const data: MarketPreview | undefined = preview.data;
  if (!data || data.rows.length === 0) return <EmptyState description="该文件暂无可预览的数据" />;
  const maskedHere = new Set([...(data.maskedColumns ?? []), ...data.columns.filter((c) => masked.has(c))]);
  const columns: DataColumn<Row>[] = [
    { key: '#', title: '#', width: 56, align: 'center', sticky: true, render: (row) => row.n },
    ...data.columns.map((column, c) => ({
      key: String(c),
      title: maskedHere.has(column) ? `${column}（脱敏）` : column,
      render: (row: Row) => <span title={row.cells[c]}>{row.cells[c] ?? ''}</span>,
    })),
  ];
  return (
    <>
      <p className="detail-note">
        {file.fileName} 共 {(data.total ?? file.rowCount).toLocaleString('zh-CN')} 行，以下预览前 {data.rows.length} 行
        {maskedHere.size > 0 && '，标注“脱敏”的信息项已做脱敏处理'}。
      </p>
      <DataTable
        columns={columns}
        rows={data.rows.map((cells, i) => ({ cells, n: i + 1 }))}
        rowKey={(row) => row.n}
        maxHeight={560}
        nowrap
      />
    </>
  );
}

/** 数据预览: the first rows of each data file as a table, masked items as the server masked them. */
export function PreviewPanel({
  catalogId,
  files,
  items,
}: {
  catalogId: string;
  files: CatalogueFile[];
  items: MarketDataItem[];
}) {
  const dataFiles = files.filter((f) => f.kind === 'data');
  const [fileId, setFileId] = useState(dataFiles[0]?.id);
  if (dataFiles.length === 0) return <EmptyState description="该目录暂无可预览的数据文件" />;
  const current = dataFiles.find((f) => f.id === fileId) ?? dataFiles[0];
  const masked = new Set(items.filter((i) => i.masked).flatMap((i) => [i.name, i.enName ?? ''].filter(Boolean)));
  return (
    <div className="detail-preview">
      {dataFiles.length > 1 && (
        <Segmented
          value={current.id}
          onChange={(value) => setFileId(String(value))}
          options={dataFiles.map((f) => ({ value: f.id, label: `${f.fileName}（${formatSize(f.size)}）` }))}
        />
      )}
      <FilePreview key={current.id} catalogId={catalogId} file={current} masked={masked} />
    </div>
  );
}
