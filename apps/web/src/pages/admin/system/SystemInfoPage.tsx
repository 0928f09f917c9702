import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Spin, Statistic } from 'antd';
import { getSystemInfo, monitorKeys } from '@/api/system/monitor';
import { formatBytes, formatUptime } from './monitor-format';

const COUNTS = [
  ['users', '用户'],
  ['departs', '部门'],
  ['catalogues', '数据目录'],
  ['files', '数据文件'],
  ['logs', '日志'],
] as const;

/** 系统信息 (/monitor/systemInfo): version, runtime, database and record counts, refreshed on demand. */
export default function SystemInfoPage() {
  const info = useQuery({ queryKey: monitorKeys.info, queryFn: getSystemInfo });
  const data = info.data;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="系统信息"
        extra={
          <Button icon={<ReloadOutlined />} loading={info.isFetching} onClick={() => void info.refetch()}>
            刷新
          </Button>
        }
      >
        {data ? (
          <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} bordered size="small">
            <Descriptions.Item label="平台版本">{data.version}</Descriptions.Item>
            <Descriptions.Item label="Node.js 版本">{data.nodeVersion}</Descriptions.Item>
            <Descriptions.Item label="运行时长">{formatUptime(data.uptimeSeconds)}</Descriptions.Item>
            <Descriptions.Item label="数据库">{data.databaseKind}</Descriptions.Item>
            <Descriptions.Item label="数据库大小">{formatBytes(data.databaseSizeBytes)}</Descriptions.Item>
            <Descriptions.Item label="内存（常驻 / 堆已用）">
              {formatBytes(data.memory.rss)} / {formatBytes(data.memory.heapUsed)}
            </Descriptions.Item>
          </Descriptions>
        ) : info.isPending ? (
          <Spin />
        ) : (
          <Empty description="暂无数据" />
        )}
      </Card>
      {data && (
        <Row gutter={[16, 16]}>
          {COUNTS.map(([key, title]) => (
            <Col key={key} xs={12} md={8} xl={4}>
              <Card>
                <Statistic title={title} value={data.counts[key]} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}
