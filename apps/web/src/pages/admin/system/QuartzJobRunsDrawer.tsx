import { ReloadOutlined } from '@ant-design/icons';
import { JOB_OUTCOME_LABEL, JOB_TRIGGER_LABEL, type JobRecord, type JobRunRecord } from '@odp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { jobKeys, listJobRuns } from '@/api/system/job';
import { beijingTime, runDuration } from './QuartzJobFormat';

export const OUTCOME_COLOR: Record<JobRunRecord['outcome'], string> = {
  running: 'processing',
  success: 'success',
  failure: 'error',
};

const columns: ColumnsType<JobRunRecord> = [
  { title: '开始时间', dataIndex: 'startTime', width: 170, render: (v: string) => beijingTime(v) },
  { title: '结束时间', dataIndex: 'endTime', width: 170, render: (v: string | null) => beijingTime(v) },
  { title: '耗时', key: 'duration', width: 100, render: (_v, run) => runDuration(run.startTime, run.endTime) },
  {
    title: '结果',
    dataIndex: 'outcome',
    width: 80,
    render: (v: JobRunRecord['outcome']) => <Tag color={OUTCOME_COLOR[v]}>{JOB_OUTCOME_LABEL[v] ?? v}</Tag>,
  },
  {
    title: '消息',
    dataIndex: 'message',
    render: (v: string | null) =>
      v ? (
        <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: '展开' }} style={{ margin: 0 }}>
          {v}
        </Typography.Paragraph>
      ) : (
        '-'
      ),
  },
  {
    title: '触发方式',
    dataIndex: 'trigger',
    width: 90,
    render: (v: JobRunRecord['trigger']) => JOB_TRIGGER_LABEL[v] ?? v,
  },
  { title: '执行实例', dataIndex: 'instance', width: 160, ellipsis: true, render: (v: string | null) => v ?? '-' },
];

/** 执行记录: one job's runs, newest first, paged by the server. */
export function QuartzJobRunsDrawer({ job, open, onClose }: { job: JobRecord; open: boolean; onClose: () => void }) {
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const runs = useQuery({
    queryKey: jobKeys.runs(job.id, page.pageNo, page.pageSize),
    queryFn: () => listJobRuns(job.id, page.pageNo, page.pageSize),
    placeholderData: keepPreviousData,
    enabled: open,
  });
  return (
    <Drawer
      title={`执行记录：${job.handlerTitle}`}
      width={1000}
      open={open}
      onClose={onClose}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void runs.refetch()} loading={runs.isFetching}>
          刷新
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Cron 表达式 <Typography.Text code>{job.cronExpression}</Typography.Text>
        {job.description ? `，${job.description}` : ''}
      </Typography.Paragraph>
      <Table<JobRunRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={runs.data?.records}
        loading={runs.isFetching}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无执行记录" /> }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: runs.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </Drawer>
  );
}
