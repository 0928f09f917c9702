import type { BusinessRow } from '@odp/contracts/constants';
import { Input, Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useScreenData } from './useScreenData';
import './business.css';

const n = (v: number) => v;
const COLUMNS: TableColumnsType<BusinessRow> = [
  { title: '部门', dataIndex: 'departName', key: 'departName', fixed: 'left', width: 180 },
  {
    title: '编目状态',
    children: [
      { title: '草稿', key: 'draft', width: 70, render: (_, r) => n(r.catalog.draft) },
      { title: '待审核', key: 'pending', width: 80, render: (_, r) => n(r.catalog.pending) },
      { title: '审核通过', key: 'approved', width: 90, render: (_, r) => n(r.catalog.approved) },
      { title: '审核不通过', key: 'rejected', width: 100, render: (_, r) => n(r.catalog.rejected) },
    ],
  },
  {
    title: '上架状态',
    children: [
      { title: '未上架', key: 'none', width: 80, render: (_, r) => n(r.shelf.none) },
      { title: '上架审核中', key: 'upPending', width: 100, render: (_, r) => n(r.shelf.upPending) },
      { title: '已上架', key: 'on', width: 80, render: (_, r) => n(r.shelf.on) },
      { title: '下架审核中', key: 'offPending', width: 100, render: (_, r) => n(r.shelf.offPending) },
      { title: '已下架', key: 'off', width: 80, render: (_, r) => n(r.shelf.off) },
    ],
  },
  {
    title: '数据归集（已上架目录）',
    children: [
      { title: '已更新', key: 'updated', width: 80, render: (_, r) => n(r.collection.updated) },
      { title: '待更新', key: 'due', width: 80, render: (_, r) => n(r.collection.due) },
      {
        title: '更新已超时',
        key: 'overdue',
        width: 100,
        render: (_, r) => <span className={r.collection.overdue ? 'bm-alert' : undefined}>{r.collection.overdue}</span>,
      },
    ],
  },
  {
    title: '数据共享',
    children: [
      { title: '待审批申请', key: 'sharePending', width: 100, render: (_, r) => n(r.share.pending) },
      { title: '使用中', key: 'inUse', width: 80, render: (_, r) => n(r.share.inUse) },
    ],
  },
  {
    title: '审核待办',
    children: [
      { title: '待处理', key: 'open', width: 80, render: (_, r) => n(r.tasks.open) },
      {
        title: '已逾期',
        key: 'taskOverdue',
        width: 80,
        render: (_, r) => <span className={r.tasks.overdue ? 'bm-alert' : undefined}>{r.tasks.overdue}</span>,
      },
    ],
  },
];

const SUMMARY: { label: string; of: (r: BusinessRow) => number }[] = [
  { label: '编目待审核', of: (r) => r.catalog.pending },
  { label: '上架审核中', of: (r) => r.shelf.upPending },
  { label: '待更新目录', of: (r) => r.collection.due },
  { label: '更新已超时', of: (r) => r.collection.overdue },
  { label: '共享待审批', of: (r) => r.share.pending },
  { label: '逾期待办', of: (r) => r.tasks.overdue },
];

/** 生产管理 (`/BusinessManage`): catalogue, collection and sharing work in progress, per department. */
export default function BusinessManagePage() {
  const { query, snapshot } = useScreenData({ live: false });
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    document.title = '生产管理 - 滨江市公共数据开放平台';
  }, []);
  const rows = useMemo(
    () => (snapshot?.business ?? []).filter((r) => !keyword || r.departName.includes(keyword.trim())),
    [snapshot, keyword],
  );
  const all = snapshot?.business ?? [];
  return (
    <main className="bm-page">
      <header>
        <h1>生产管理</h1>
        <p>
          各部门编目、归集与共享工作进度
          {snapshot
            ? `，统计时间 ${new Date(snapshot.refreshedAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' })}`
            : ''}
          。<Link to="/bigScreen">查看数据大屏</Link>
        </p>
      </header>
      {query.isError && !snapshot ? (
        <p role="alert">统计暂时无法读取，请稍后刷新重试</p>
      ) : (
        <>
          <ul className="bm-summary" aria-label="待办汇总">
            {SUMMARY.map((s) => (
              <li key={s.label}>
                <span>{s.label}</span>
                <strong>{all.reduce((sum, r) => sum + s.of(r), 0)}</strong>
              </li>
            ))}
          </ul>
          <div className="bm-toolbar">
            <Input.Search
              allowClear
              placeholder="按部门名称筛选"
              aria-label="按部门名称筛选"
              onSearch={setKeyword}
              style={{ maxWidth: 320 }}
            />
          </div>
          <Table<BusinessRow>
            rowKey="orgCode"
            size="middle"
            bordered
            loading={query.isLoading}
            columns={COLUMNS}
            dataSource={rows}
            scroll={{ x: 1700 }}
            pagination={{ pageSize: 10, showTotal: (total) => `共 ${total} 个部门`, showSizeChanger: false }}
            locale={{ emptyText: query.isLoading ? '加载中…' : '暂无部门数据' }}
          />
        </>
      )}
    </main>
  );
}
