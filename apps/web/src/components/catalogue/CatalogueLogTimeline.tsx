import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { catalogueKeys, getCatalogueLog } from '@/api/catalogue';
import { actionLabel, statusChanges } from './log-format';

/** The 编目日志 of one entry, newest first. */
export function CatalogueLogTimeline({ catalogId }: { catalogId: string }) {
  const logs = useQuery({ queryKey: catalogueKeys.entryLog(catalogId), queryFn: () => getCatalogueLog(catalogId) });
  if (logs.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const rows = [...(logs.data ?? [])].sort((a, b) => dayjs(b.createTime).valueOf() - dayjs(a.createTime).valueOf());
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无日志" />;
  return (
    <Timeline
      style={{ marginTop: 8 }}
      items={rows.map((log) => ({
        key: log.id,
        children: (
          <div>
            <div>
              <Tag color="blue">{actionLabel(log)}</Tag>
              <Typography.Text type="secondary">{dayjs(log.createTime).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
            </div>
            {statusChanges(log).map((text) => (
              <div key={text}>{text}</div>
            ))}
            <div>
              <Typography.Text type="secondary">
                操作人：{log.realname || log.username || '-'}
                {log.departName ? `（${log.departName}）` : ''}
              </Typography.Text>
            </div>
            {log.comment && <div>意见：{log.comment}</div>}
          </div>
        ),
      }))}
    />
  );
}

export function CatalogueLogDrawer({
  entry,
  onClose,
}: {
  entry: { id: string; catalogName: string } | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      open={entry !== null}
      width={520}
      title={`目录日志：${entry?.catalogName ?? ''}`}
      onClose={onClose}
      destroyOnHidden
    >
      {entry && <CatalogueLogTimeline catalogId={entry.id} />}
    </Drawer>
  );
}
