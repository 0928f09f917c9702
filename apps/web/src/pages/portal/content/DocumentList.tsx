import type { PublicContentItem } from '@odp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useState } from 'react';
import { contentKeys, documentFile, publicDocuments } from '@/api/content';
import { feedback } from '@/api/feedback';
import { type DataColumn, DataTable } from '@/components/portal/DataTable';
import { formatDate } from '@/components/portal/format';
import { Pager } from '@/components/portal/Pager';
import { SearchInput } from '@/components/portal/SearchInput';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';

const isPdf = (item: PublicContentItem) => item.file?.mimeType === 'application/pdf';

/**
 * Opens or saves a document's file. It is fetched with the session (a document may be released to
 * some roles only), then a PDF opens in the browser's own viewer and anything else is saved.
 */
async function openFile(item: PublicContentItem, preview: boolean) {
  // The tab is opened at the click, before the file arrives, so that a pop-up blocker lets it through.
  const tab = preview ? window.open('', '_blank') : null;
  try {
    const blob = await documentFile(item.id, preview);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else {
      const a = document.createElement('a');
      a.href = url;
      a.download = item.file?.fileName ?? `${item.title}.pdf`;
      a.click();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    tab?.close();
    feedback.message.error('文件获取失败，请稍后重试');
  }
}

/** A document list of one study-world type: title (置顶 first), publisher, date; preview and download. */
export function DocumentList({ type, label }: { type: string; label: string }) {
  const [keyword, setKeyword] = useState<string | undefined>();
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const query = { dataManagementType: type, keyword, pageNo, pageSize };
  const list = useQuery({
    queryKey: contentKeys.publicList('studyWorld', query),
    queryFn: () => publicDocuments(query),
    placeholderData: keepPreviousData,
  });
  const columns: DataColumn<PublicContentItem>[] = [
    { key: 'index', title: '序号', width: 64, align: 'center', render: (_, i) => (pageNo - 1) * pageSize + i + 1 },
    {
      key: 'title',
      title: '标题',
      render: (row) => (
        <span className="content-doc-title">
          {row.isTop && <span className="content-top">【置顶】</span>}
          {row.title}
        </span>
      ),
    },
    { key: 'person', title: '发布人', width: 120, render: (row) => row.releasePerson ?? '—' },
    { key: 'date', title: '发布时间', width: 120, render: (row) => formatDate(row.releaseTime) },
    {
      key: 'actions',
      title: '操作',
      width: 120,
      render: (row) => (
        <span className="content-actions">
          {isPdf(row) && (
            <button type="button" onClick={() => openFile(row, true)} aria-label={`在线预览 ${row.title}`}>
              预览
            </button>
          )}
          <button type="button" onClick={() => openFile(row, false)} aria-label={`下载 ${row.title}`}>
            下载
          </button>
        </span>
      ),
    },
  ];
  const page = list.data;
  return (
    <>
      <SearchInput
        className="content-search"
        value={keyword}
        onSearch={(value) => {
          setKeyword(value.trim() || undefined);
          setPageNo(1);
        }}
        placeholder="请输入标题名称"
        buttonText="搜索"
        label={`搜索${label}`}
      />
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError && !page ? (
        <ErrorState onRetry={() => list.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          rows={page?.records ?? []}
          rowKey={(row) => row.id}
          caption={label}
          stacked
          empty={<EmptyState description={keyword ? `未找到与“${keyword}”相关的${label}` : '暂无数据'} />}
        />
      )}
      {page && page.total > 0 && (
        <Pager
          current={pageNo}
          pageSize={pageSize}
          total={page.total}
          totalText={`共 ${page.total} 条`}
          pageSizes={[10, 20, 30, 50]}
          onChange={(n, size) => {
            setPageNo(size === pageSize ? n : 1);
            setPageSize(size);
          }}
        />
      )}
    </>
  );
}
