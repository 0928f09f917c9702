import { ReportPerm as P, type ReportEntry } from '@odp/contracts';
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { collectionKeys, downloadReportTemplate, listReportEntries } from '@/api/collection';
import { ExcelReportDialog } from '@/components/collection/ExcelReportDialog';
import { TableSyncLogDrawer } from '@/components/collection/TableSyncLogDrawer';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';

function ReportLink({ entry, done }: { entry: ReportEntry; done: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography.Link onClick={() => setOpen(true)}>上报数据</Typography.Link>
      {open && <ExcelReportDialog entry={entry} open onClose={() => setOpen(false)} onDone={done} />}
    </>
  );
}

function TemplateLink({ entry }: { entry: ReportEntry }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReportTemplate(entry, dayjs().format('YYYY-MM-DD HH-mm'));
    } catch {
      // Reported by the request client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Typography.Link onClick={download} disabled={busy}>
      下载模板
    </Typography.Link>
  );
}

/** 最近更新时间 opens the entry's 上报记录, as in the original. */
function LogLink({ entry, label }: { entry: ReportEntry; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography.Link onClick={() => setOpen(true)}>{label}</Typography.Link>
      <TableSyncLogDrawer entry={entry} open={open} onClose={() => setOpen(false)} reportsOnly />
    </>
  );
}

const view = defineResourceView<ReportEntry>({
  title: '数据上报',
  noun: '库表目录',
  rowKey: 'id',
  queryKeys: collectionKeys.reports,
  api: { list: listReportEntries },
  columns: [
    {
      title: '数据目录',
      dataIndex: 'catalogName',
      searchable: true,
      width: 220,
      ellipsis: true,
      render: (_d, r) => (
        <>
          {r.catalogName}
          {r.shelfStatus !== 2 && (
            <Tag style={{ marginInlineStart: 6 }}>{r.catalogStatus === 0 ? '草稿' : '未上架'}</Tag>
          )}
        </>
      ),
    },
    { title: '更新周期', dataIndex: 'updateFrequency', dict: 'update_frequency', searchable: true, width: 90 },
    {
      title: '更新状态',
      dataIndex: 'updateStatus',
      dict: 'update_tatus',
      dictColors: { '1': 'success', '2': 'warning', '3': 'error' },
      searchable: true,
      width: 110,
    },
    {
      title: '最近更新时间',
      dataIndex: 'dataUpdateTime',
      width: 150,
      render: (_d, r) => (
        <LogLink entry={r} label={r.dataUpdateTime ? dayjs(r.dataUpdateTime).format('YYYY-MM-DD HH:mm') : '从未更新'} />
      ),
    },
    {
      title: '数据量',
      dataIndex: 'totalNum',
      width: 90,
      align: 'right',
      render: (_d, r) => r.totalNum.toLocaleString('zh-CN'),
    },
    {
      title: '主键',
      dataIndex: 'keyColumns',
      width: 120,
      ellipsis: true,
      render: (_d, r) => (r.keyColumns.length ? r.keyColumns.join('、') : '未标明'),
    },
    { title: '数据库名', dataIndex: 'databaseName', width: 120, ellipsis: true, defaultHidden: true },
    { title: '数据表名', dataIndex: 'tableName', width: 160, ellipsis: true, defaultHidden: true },
    { title: '数源部门', dataIndex: 'departName', width: 160, ellipsis: true, defaultHidden: true },
  ],
  rowActions: [
    { key: 'template', render: (entry) => <TemplateLink entry={entry} /> },
    { key: 'report', permission: P.import, render: (entry, done) => <ReportLink entry={entry} done={done} /> },
    { key: 'log', render: (entry) => <LogLink entry={entry} label="上报记录" /> },
  ],
  actionWidth: 220,
});

/** 数据归集 › 数据上报: the department's 库表 entries, their templates, Excel reports and 上报记录. */
export default function ExcelReportPage() {
  return <ResourcePage view={view} />;
}
