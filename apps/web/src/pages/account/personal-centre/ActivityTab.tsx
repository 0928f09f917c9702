import { TASK_DECISION_LABEL, type TaskDecision } from '@odp/contracts';
import { Segmented } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { listApplyHistory, listDownloadHistory, listSubmitHistory, listViewHistory } from '@/api/personal';
import { formatDate } from '@/components/portal/format';
import { CentreList, EmptyState } from './CentreList';
import { CentreTag } from './CentreTag';
import { EntryLink } from './EntryLink';
import { centrePath } from './tabs';

const KINDS = [
  { value: 'views', label: '浏览记录' },
  { value: 'downloads', label: '下载记录' },
  { value: 'applies', label: '申请记录' },
  { value: 'submits', label: '提交记录' },
] as const;
type Kind = (typeof KINDS)[number]['value'];

const FORMAT_LABEL: Record<string, string> = { original: '原文件', csv: 'CSV', xlsx: 'Excel', json: 'JSON' };

/** The time with minutes, in the visitor's clock. */
const dateTime = (value: string | null) => {
  if (!value) return '-';
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(value)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

function Views() {
  return (
    <CentreList
      kind="views"
      load={listViewHistory}
      caption="浏览记录"
      rowKey={(row) => row.catalogId}
      empty={<EmptyState description="暂无浏览记录，登录后查看的数据详情会记录在这里" />}
      columns={[
        { key: 'name', title: '数据资源', render: (row) => <EntryLink entry={row} /> },
        { key: 'depart', title: '数源部门', render: (row) => row.departName },
        { key: 'count', title: '浏览次数', align: 'right', render: (row) => row.viewCount },
        { key: 'last', title: '最近浏览', width: 150, render: (row) => dateTime(row.lastViewedAt) },
      ]}
    />
  );
}

function Downloads() {
  return (
    <CentreList
      kind="downloads"
      load={listDownloadHistory}
      caption="下载记录"
      rowKey={(row) => `${row.catalogId}-${row.downloadedAt}-${row.format}`}
      empty={<EmptyState description="暂无下载记录" />}
      columns={[
        { key: 'name', title: '数据资源', render: (row) => <EntryLink entry={row} /> },
        { key: 'depart', title: '数源部门', render: (row) => row.departName },
        { key: 'format', title: '格式', render: (row) => FORMAT_LABEL[row.format] ?? row.format },
        { key: 'time', title: '下载时间', width: 150, render: (row) => dateTime(row.downloadedAt) },
      ]}
    />
  );
}

function Applies() {
  return (
    <CentreList
      kind="applies"
      load={listApplyHistory}
      caption="申请记录"
      rowKey={(row) => row.applyId}
      empty={<EmptyState description="暂无申请记录，有条件开放数据可在详情页申请" />}
      columns={[
        { key: 'no', title: '申请编号', render: (row) => row.applyNo },
        { key: 'name', title: '数据资源', render: (row) => <EntryLink entry={row} /> },
        { key: 'status', title: '状态', render: (row) => <CentreTag>{row.statusLabel}</CentreTag> },
        { key: 'applied', title: '申请时间', width: 150, render: (row) => dateTime(row.appliedAt) },
        { key: 'decided', title: '审核时间', width: 150, render: (row) => dateTime(row.decidedAt) },
        {
          key: 'go',
          title: '操作',
          render: () => <Link to={centrePath('applications')}>查看进度</Link>,
        },
      ]}
    />
  );
}

function Submits() {
  return (
    <CentreList
      kind="submits"
      load={listSubmitHistory}
      caption="提交记录"
      rowKey={(row) => row.taskId}
      empty={<EmptyState description="暂无提交审核的记录" />}
      columns={[
        { key: 'type', title: '类型', render: (row) => row.subjectLabel },
        { key: 'title', title: '名称', render: (row) => row.title },
        { key: 'step', title: '审核环节', render: (row) => row.taskLabel },
        {
          key: 'state',
          title: '结果',
          render: (row) =>
            row.status === 1 ? (
              <CentreTag color="blue">待处理</CentreTag>
            ) : (
              <CentreTag color={row.decision === 'reject' ? 'red' : 'green'}>
                {TASK_DECISION_LABEL[row.decision as TaskDecision] ?? '已处理'}
              </CentreTag>
            ),
        },
        { key: 'submitted', title: '提交时间', width: 150, render: (row) => dateTime(row.submittedAt) },
        { key: 'decided', title: '处理时间', width: 150, render: (row) => dateTime(row.decidedAt) },
      ]}
    />
  );
}

const LISTS: Record<Kind, () => JSX.Element> = {
  views: Views,
  downloads: Downloads,
  applies: Applies,
  submits: Submits,
};

/** 操作记录: what the signed-in user did on the platform — views, downloads, applications, submissions. */
export default function ActivityTab() {
  const [kind, setKind] = useState<Kind>('views');
  const List = LISTS[kind];
  return (
    <section className="centre-panel" aria-labelledby="centre-activity-title">
      <div className="centre-toolbar">
        <h2 id="centre-activity-title">我的操作记录</h2>
        <Segmented
          value={kind}
          onChange={(value) => setKind(value as Kind)}
          options={KINDS.map((k) => ({ value: k.value, label: k.label }))}
          aria-label="记录类型"
        />
      </div>
      <List />
    </section>
  );
}
