import { EXCHANGE_OUTCOME, type ExchangeRecordItem, type ShareListItem } from '@odp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Pagination,
  Skeleton,
  Spin,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { listUsageRecords, shareKeys } from '@/api/share';
import { formatTime } from './format';
import { drawerWidth } from './layout';

const OUTCOME_COLOR: Record<string, string> = {
  [EXCHANGE_OUTCOME.ok]: 'green',
  [EXCHANGE_OUTCOME.failed]: 'red',
  [EXCHANGE_OUTCOME.running]: 'blue',
};

const PAGE_SIZE = 10;

function RecordItem({ record }: { record: ExchangeRecordItem }) {
  return (
    <div>
      <Typography.Text strong>{formatTime(record.startTime)}</Typography.Text>
      <Tag color={OUTCOME_COLOR[record.outcome] ?? 'default'} style={{ marginLeft: 8 }}>
        {record.outcomeLabel}
      </Tag>
      <Typography.Text type="secondary">写入 {record.rows.toLocaleString('zh-CN')} 行</Typography.Text>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }}
        style={{ marginTop: 8 }}
        items={[
          { key: 'db', label: '库名', children: record.targetDb || record.targetSource || '-' },
          { key: 'table', label: '表名', children: record.targetTable || '-' },
          { key: 'convey', label: '传输模式', children: record.conveyTypeLabel || '-' },
          { key: 'rule', label: '主键冲突策略', children: record.importRuleTypeLabel || '-' },
          { key: 'operator', label: '操作人', children: record.operator || '-' },
          { key: 'dept', label: '操作部门', children: record.departName || '-' },
          { key: 'end', label: '结束时间', children: formatTime(record.endTime) },
          ...(record.message ? [{ key: 'message', label: '说明', children: record.message, span: 2 }] : []),
        ]}
      />
    </div>
  );
}

/** 使用记录: the runs of one application's exchange tasks, newest first. */
export function UsageRecordDrawer({ share, onClose }: { share: ShareListItem | null; onClose: () => void }) {
  const applyId = share?.applyId ?? '';
  const [pageNo, setPageNo] = useState(1);
  const records = useQuery({
    queryKey: shareKeys.records(applyId, pageNo),
    queryFn: () => listUsageRecords({ applyId, pageNo, pageSize: PAGE_SIZE }),
    enabled: Boolean(applyId),
    placeholderData: keepPreviousData,
  });
  const rows = records.data?.records ?? [];
  return (
    <Drawer
      open={share !== null}
      width={drawerWidth(640)}
      title={share ? `使用记录：${share.applyTitle}` : '使用记录'}
      onClose={onClose}
      afterOpenChange={(open) => !open && setPageNo(1)}
      destroyOnHidden
    >
      {records.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {records.isError && (
        <Alert
          type="error"
          showIcon
          message="使用记录加载失败"
          description={(records.error as Error).message}
          action={<Button onClick={() => records.refetch()}>重试</Button>}
        />
      )}
      {records.isSuccess && rows.length === 0 && (
        <Empty description="暂无使用记录，可在“使用数据 › 交换资源”中配置交换任务" />
      )}
      {rows.length > 0 && (
        <Spin spinning={records.isFetching && !records.isLoading}>
          <Timeline
            items={rows.map((record) => ({
              key: record.id,
              color: OUTCOME_COLOR[record.outcome] ?? 'blue',
              children: <RecordItem record={record} />,
            }))}
          />
          {(records.data?.total ?? 0) > PAGE_SIZE && (
            <Pagination
              size="small"
              align="end"
              current={pageNo}
              pageSize={PAGE_SIZE}
              total={records.data?.total ?? 0}
              showTotal={(total) => `共 ${total} 条`}
              onChange={setPageNo}
            />
          )}
        </Spin>
      )}
    </Drawer>
  );
}
