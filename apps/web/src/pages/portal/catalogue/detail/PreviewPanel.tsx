import type { CatalogueFile, MarketTable } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/api/client';
import { getPreview, type MarketDataItem, type MarketPreview, marketKeys } from '@/api/market';
import { type DataColumn, DataTable } from '@/components/portal/DataTable';
import { formatSize } from '@/components/portal/format';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';

type Row = { cells: string[]; n: number };

/** What can be previewed: a data file, or the mounted table's copy. */
type Source = { id: string; label: string; name: string; rowCount: number; kind: 'file' | 'table' };

function SourcePreview({ catalogId, source, masked }: { catalogId: string; source: Source; masked: Set<string> }) {
  const preview = useQuery({
    queryKey: marketKeys.preview(catalogId, source.id),
    queryFn: () => getPreview(catalogId, source.kind === 'table' ? { resourceId: source.id } : { fileId: source.id }),
    staleTime: 5 * 60_000,
  });
  if (preview.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (preview.isError) {
    const message = preview.error instanceof ApiError ? preview.error.message : '数据预览加载失败';
    return <ErrorState message={message} onRetry={() => preview.refetch()} />;
  }
  const data: MarketPreview | undefined = preview.data;
  if (!data || data.rows.length === 0) return <EmptyState description="暂无可预览的数据" />;
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
        {source.name} 共 {(data.total ?? source.rowCount).toLocaleString('zh-CN')} 行，以下预览前 {data.rows.length} 行
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

/** 数据预览: the first rows of each data file and of the mounted table, masked items as the server masked them. */
export function PreviewPanel({
  catalogId,
  files,
  table,
  items,
}: {
  catalogId: string;
  files: CatalogueFile[];
  table: MarketTable | null;
  items: MarketDataItem[];
}) {
  const sources: Source[] = [
    ...(table
      ? [
          {
            id: table.id,
            label: `数据表 ${table.tableName}`,
            name: `数据表 ${table.tableName}`,
            rowCount: table.rowCount,
            kind: 'table' as const,
          },
        ]
      : []),
    ...files
      .filter((f) => f.kind === 'data')
      .map((f) => ({
        id: f.id,
        label: `${f.fileName}（${formatSize(f.size)}）`,
        name: f.fileName,
        rowCount: f.rowCount,
        kind: 'file' as const,
      })),
  ];
  const [sourceId, setSourceId] = useState(sources[0]?.id);
  if (sources.length === 0) return <EmptyState description="该目录暂无可预览的数据" />;
  const current = sources.find((f) => f.id === sourceId) ?? sources[0];
  const masked = new Set(items.filter((i) => i.masked).flatMap((i) => [i.name, i.enName ?? ''].filter(Boolean)));
  return (
    <div className="detail-preview">
      {sources.length > 1 && (
        <Segmented
          value={current.id}
          onChange={(value) => setSourceId(String(value))}
          options={sources.map((s) => ({ value: s.id, label: s.label }))}
        />
      )}
      <SourcePreview key={current.id} catalogId={catalogId} source={current} masked={masked} />
    </div>
  );
}
