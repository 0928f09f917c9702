import { DownloadOutlined } from '@ant-design/icons';
import {
  currentPeriod,
  type DeptMeasureRow,
  MEASURE_COLUMNS,
  STAT_PERIOD_TYPE_LABEL,
  STAT_PERIOD_TYPES,
  StatisticPerm,
  type StatPeriodType,
} from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Segmented, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { exportStatistic, getStatistic, type StatisticParams, statisticKeys } from '@/api/stats';
import { useCan } from '@/components/ResourcePage';
import { periodOptions } from './periods';

// ECharts in its own chunk, after the table.
const StatisticChart = lazy(() => import('./StatisticChart'));

const show = (v: number | null, unit: string) =>
  v === null ? '—' : `${v.toLocaleString('zh-CN')}${unit === '%' ? '%' : ''}`;

const columns: ColumnsType<DeptMeasureRow> = [
  {
    title: '部门',
    dataIndex: 'departName',
    fixed: 'left',
    width: 160,
    sorter: (a, b) => a.departName.localeCompare(b.departName, 'zh-CN'),
  },
  ...(['now', 'period'] as const).map((scope) => ({
    title: scope === 'now' ? '当前' : '本期',
    children: MEASURE_COLUMNS.filter((c) => c.scope === scope).map((c) => ({
      title: c.unit && c.unit !== '%' ? `${c.title}（${c.unit}）` : c.title,
      dataIndex: c.key,
      key: c.key,
      align: 'right' as const,
      width: c.title.length > 4 ? 118 : 96,
      sorter: (a: DeptMeasureRow, b: DeptMeasureRow) => (a[c.key] ?? -1) - (b[c.key] ?? -1),
      render: (v: number | null) => show(v, c.unit),
    })),
  })),
];

/**
 * 统计分析: the platform's measures per department for a month, quarter or year of the city — a
 * department officer's own department, the bureau's every department with the city's sums — with a
 * chart and the .xlsx export.
 */
export default function StatisticPage() {
  const can = useCan();
  const [periodType, setPeriodType] = useState<StatPeriodType>('month');
  const [period, setPeriod] = useState(() => currentPeriod('month'));
  const [exporting, setExporting] = useState(false);
  const params: StatisticParams = { periodType, period };
  const query = useQuery({ queryKey: statisticKeys.table(params), queryFn: () => getStatistic(params) });
  const t = query.data;
  const summary = (label: string, values: Omit<DeptMeasureRow, 'orgCode' | 'departName'>) => (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0}>
        <strong>{label}</strong>
      </Table.Summary.Cell>
      {MEASURE_COLUMNS.map((c, i) => (
        <Table.Summary.Cell key={c.key} index={i + 1} align="right">
          {show(values[c.key], c.unit)}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
  const onExport = async () => {
    if (!t) return;
    setExporting(true);
    try {
      await exportStatistic(params, `统计分析（${t.label}）.xlsx`);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Card
      title={
        <Space wrap>
          统计分析
          {t && <Tag color={t.allDepartments ? 'blue' : undefined}>{t.allDepartments ? '全市' : '本部门'}</Tag>}
        </Space>
      }
    >
      <div style={{ marginBottom: 12 }}>
        <Space wrap>
          <Segmented
            aria-label="统计周期"
            value={periodType}
            options={STAT_PERIOD_TYPES.map((v) => ({ value: v, label: STAT_PERIOD_TYPE_LABEL[v] }))}
            onChange={(v) => {
              const type = v as StatPeriodType;
              setPeriodType(type);
              setPeriod(currentPeriod(type));
            }}
          />
          <Select
            aria-label="统计期"
            style={{ width: 150 }}
            value={period}
            options={periodOptions(periodType)}
            onChange={setPeriod}
          />
          {can(StatisticPerm.export) && (
            <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting} disabled={!t}>
              导出
            </Button>
          )}
        </Space>
      </div>
      {query.isError ? (
        <Empty description="统计数据加载失败，请稍后重试">
          <Button onClick={() => void query.refetch()}>重试</Button>
        </Empty>
      ) : !t ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            统计期：{t.label}
            。“当前”为此刻的目录与数据状况，“本期”为统计期内发生的开放、更新、下载、调用、浏览、互动与成果；点击表头排序。
          </Typography.Paragraph>
          {t.rows.length > 0 && (
            <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 6 }} />}>
              <StatisticChart rows={t.rows} average={t.average} />
            </Suspense>
          )}
          <Table<DeptMeasureRow>
            rowKey="orgCode"
            size="small"
            bordered
            columns={columns}
            dataSource={t.rows}
            scroll={{ x: 2200 }}
            pagination={{ pageSize: 20, showTotal: (n) => `共 ${n} 个部门`, hideOnSinglePage: true }}
            locale={{ emptyText: '本期暂无统计数据' }}
            summary={() => (
              <Table.Summary fixed="bottom">
                {t.allDepartments && summary('全市合计', t.city)}
                {summary(`全市平均（${t.departments} 个部门）`, t.average)}
              </Table.Summary>
            )}
          />
        </>
      )}
    </Card>
  );
}
