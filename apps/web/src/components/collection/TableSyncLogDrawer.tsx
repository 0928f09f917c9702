import { UPDATE_LOG_MODE_LABEL } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Pagination, Space, Spin, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { collectionKeys, listReportLogs, listTableSyncLogs } from '@/api/collection';

const OUTCOME: Record<string, { color: string; label: string }> = {
  ok: { color: 'green', label: '成功' },
  failed: { color: 'red', label: '失败' },
  running: { color: 'blue', label: '同步中' },
};
const PAGE_SIZE = 10;

/**
 * 更新记录: every sync and Excel report of an entry (or, with `reportsOnly`, its 上报记录), newest
 * first, with its rows, outcome and who ran it.
 */
export function TableSyncLogDrawer({
  entry,
  open,
  onClose,
  reportsOnly = false,
}: {
  entry: { id: string; catalogName: string };
  open: boolean;
  onClose: () => void;
  reportsOnly?: boolean;
}) {
  const [pageNo, setPageNo] = useState(1);
  const logs = useQuery({
    queryKey: reportsOnly ? collectionKeys.reportLogs(entry.id, pageNo) : collectionKeys.logs(entry.id, pageNo),
    queryFn: () => (reportsOnly ? listReportLogs : listTableSyncLogs)(entry.id, pageNo, PAGE_SIZE),
    enabled: open,
  });
  const records = logs.data?.records ?? [];
  return (
    <Drawer
      title={`${entry.catalogName}${reportsOnly ? '上报记录' : '更新记录'}`}
      open={open}
      onClose={onClose}
      width="min(520px, 100vw)"
      destroyOnHidden
    >
      {logs.isLoading ? (
        <Spin style={{ display: 'block', marginTop: 48 }} />
      ) : logs.isError ? (
        <Empty description="更新记录加载失败，请稍后重试" />
      ) : records.length === 0 ? (
        <Empty description={reportsOnly ? '还没有上报记录' : '还没有更新记录'} />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Timeline
            items={records.map((log) => {
              const outcome = OUTCOME[log.outcome] ?? { color: 'gray', label: log.outcome };
              return {
                key: log.id,
                color: outcome.color,
                children: (
                  <Space direction="vertical" size={2}>
                    <Space size={8} wrap>
                      <Typography.Text strong>{dayjs(log.startTime).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
                      <Tag color={outcome.color}>{outcome.label}</Tag>
                      <Tag>{UPDATE_LOG_MODE_LABEL[log.mode] ?? log.mode}</Tag>
                    </Space>
                    <Typography.Text>更新数据量：{log.importNum.toLocaleString('zh-CN')} 行</Typography.Text>
                    <Typography.Text type="secondary">
                      操作人：{log.operator}
                      {log.departName ? `（${log.departName}）` : ''}
                    </Typography.Text>
                    {log.message && (
                      <Typography.Text type={log.outcome === 'failed' ? 'danger' : 'secondary'}>
                        {log.message}
                      </Typography.Text>
                    )}
                  </Space>
                ),
              };
            })}
          />
          {(logs.data?.total ?? 0) > PAGE_SIZE && (
            <Pagination
              size="small"
              current={pageNo}
              pageSize={PAGE_SIZE}
              total={logs.data?.total}
              onChange={setPageNo}
              showSizeChanger={false}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}
