import type { Formula, IndexRecord, IndicatorRun, IndicatorValueRow } from '@odp/contracts';
import {
  CALCULATION_LABEL,
  INDEX_TYPE_LABEL,
  PERIOD_TYPE_LABEL,
  type PeriodType,
  RUN_STATUS_LABEL,
  RUN_TRIGGER_LABEL,
} from '@odp/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Empty, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import {
  assessmentKeys,
  calculations,
  computeIndicators,
  configureCalculation,
  indicatorRuns,
  indicatorValues,
  pageIndexes,
  rerunIndicatorRun,
} from '@/api/assessment';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';
import { FormulaEditor } from './FormulaEditor';
import { recentPeriods } from './period';

const RUN_COLOR: Record<string, string> = { running: 'processing', success: 'success', failed: 'error' };
const time = (v: string | null) => (v ? v.replace('T', ' ').slice(0, 19) : '—');
const ALL = { pageNo: 1, pageSize: 200 };

function CalcDrawer({ record, all, onClose }: { record: IndexRecord | null; all: IndexRecord[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const calcs = useQuery({ queryKey: assessmentKeys.calculations, queryFn: calculations, enabled: Boolean(record) });
  const [calcName, setCalcName] = useState<string | null>(record?.calcName ?? null);
  const [formula, setFormula] = useState<Formula | null>(record?.formula ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = calcs.data?.find((c) => c.name === calcName);
  const sources = (record?.relIndexCode ?? []).map((id, i) => ({
    id,
    name: all.find((x) => x.id === id)?.indexName ?? record?.relIndexNames[i] ?? id,
  }));
  const save = async () => {
    if (!record) return;
    setBusy(true);
    setError(null);
    try {
      await configureCalculation(
        record.id,
        record.indexType === '0' ? calcName : null,
        record.indexType === '1' ? formula : null,
      );
      feedback.message.success('计算方式已保存');
      await queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : '保存失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      open={Boolean(record)}
      onClose={onClose}
      destroyOnHidden
      width="min(620px, 100vw)"
      title={`计算方式：${record?.indexName ?? ''}`}
      extra={
        <Button type="primary" loading={busy} onClick={save}>
          保存
        </Button>
      }
    >
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      {record?.indexType === '0' ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>单一指标由已注册的计算方式从平台数据中计算，按部门、按周期：</Typography.Text>
          <Select
            aria-label="计算方式"
            style={{ width: '100%' }}
            value={calcName}
            placeholder="选择计算方式"
            loading={calcs.isLoading}
            onChange={setCalcName}
            options={(calcs.data ?? []).map((c) => ({ value: c.name, label: `${c.label}（${c.unit}）` }))}
          />
          {chosen && (
            <Alert
              type="info"
              message={chosen.label}
              description={
                <>
                  <div>{chosen.description}</div>
                  <div>明细：{chosen.records}</div>
                </>
              }
            />
          )}
        </Space>
      ) : (
        <FormulaEditor sources={sources} value={formula} onChange={setFormula} />
      )}
    </Drawer>
  );
}

function CalcTab({ list, loading }: { list: IndexRecord[]; loading: boolean }) {
  const [editing, setEditing] = useState<IndexRecord | null>(null);
  return (
    <>
      <Typography.Paragraph type="secondary">
        只有已提交的指标参与计算；设置计算方式后，每日定时任务和“计算”按钮会按部门计算其取值。
      </Typography.Paragraph>
      <Table<IndexRecord>
        rowKey="id"
        loading={loading}
        dataSource={list}
        scroll={{ x: 640 }}
        pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条`, pageSizeOptions: ['20', '30', '40'] }}
        locale={{ emptyText: '暂无指标，请先在“指标管理”中新增并提交' }}
        columns={[
          { title: '指标名称', dataIndex: 'indexName', width: 200 },
          { title: '指标类型', dataIndex: 'indexType', width: 100, render: (v: string) => INDEX_TYPE_LABEL[v] },
          { title: '单位', dataIndex: 'unit', width: 70 },
          {
            title: '计算方式',
            key: 'calc',
            width: 200,
            render: (_v, r) =>
              r.calcName ? (
                CALCULATION_LABEL[r.calcName]
              ) : r.formula ? (
                `公式（来源：${r.relIndexNames.join('、')}）`
              ) : (
                <Typography.Text type="secondary">未设置</Typography.Text>
              ),
          },
          {
            title: '状态',
            dataIndex: 'enables',
            width: 90,
            render: (v: string) => (v === '1' ? <Tag color="success">已提交</Tag> : <Tag>未提交</Tag>),
          },
          {
            title: '操作',
            key: 'op',
            width: 100,
            render: (_v, r) => <Typography.Link onClick={() => setEditing(r)}>设置计算方式</Typography.Link>,
          },
        ]}
      />
      <CalcDrawer key={editing?.id ?? 'none'} record={editing} all={list} onClose={() => setEditing(null)} />
    </>
  );
}

function ValuesTab() {
  const queryClient = useQueryClient();
  const [type, setType] = useState<PeriodType>('month');
  const options = useMemo(() => recentPeriods(type), [type]);
  const [key, setKey] = useState(options[0].value);
  const [busy, setBusy] = useState(false);
  const values = useQuery({
    queryKey: assessmentKeys.values({ type, key }),
    queryFn: () => indicatorValues(type, key),
  });
  const compute = async () => {
    setBusy(true);
    try {
      const r = await computeIndicators(type, key);
      feedback.message.success(`计算完成，写入 ${r.valueCount} 个值`);
      await queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="周期类型"
          value={type}
          style={{ width: 100 }}
          onChange={(t: PeriodType) => {
            setType(t);
            setKey(recentPeriods(t)[0].value);
          }}
          options={Object.entries(PERIOD_TYPE_LABEL).map(([value, label]) => ({ value, label }))}
        />
        <Select aria-label="周期" value={key} style={{ width: 160 }} onChange={setKey} options={options} />
        <Button type="primary" loading={busy} onClick={compute}>
          计算
        </Button>
      </Space>
      <Table<IndicatorValueRow>
        rowKey={(r) => `${r.indexId}|${r.orgCode}`}
        loading={values.isLoading}
        dataSource={values.data ?? []}
        scroll={{ x: 640 }}
        pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条`, pageSizeOptions: ['20', '30', '40'] }}
        locale={{ emptyText: <Empty description="该周期尚未计算，点击“计算”" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        columns={[
          {
            title: '指标',
            dataIndex: 'indexName',
            width: 180,
            filters: [...new Set((values.data ?? []).map((v) => v.indexName))].map((n) => ({ text: n, value: n })),
            onFilter: (v, r) => r.indexName === v,
          },
          { title: '部门', dataIndex: 'departName', width: 200 },
          {
            title: '取值',
            dataIndex: 'value',
            width: 120,
            sorter: (a, b) => (a.value ?? -Infinity) - (b.value ?? -Infinity),
            render: (v: number | null, r) =>
              v === null ? <Typography.Text type="secondary">无数据</Typography.Text> : `${v} ${r.unit}`,
          },
          { title: '计算时间', dataIndex: 'computedAt', width: 170, render: time },
        ]}
      />
    </>
  );
}

function RunsTab() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const runs = useQuery({ queryKey: assessmentKeys.runs({ page }), queryFn: () => indicatorRuns(page, 20) });
  const rerun = async (r: IndicatorRun) => {
    await rerunIndicatorRun(r.id);
    feedback.message.success('重新执行成功');
    await queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
  };
  return (
    <Table<IndicatorRun>
      rowKey="id"
      loading={runs.isLoading}
      dataSource={runs.data?.records ?? []}
      scroll={{ x: 980 }}
      locale={{ emptyText: '暂无计算记录' }}
      pagination={{
        current: page,
        pageSize: 20,
        total: runs.data?.total ?? 0,
        onChange: setPage,
        showTotal: (t) => `共 ${t} 条`,
      }}
      columns={[
        { title: '开始时间', dataIndex: 'startedAt', width: 170, render: time },
        { title: '结束时间', dataIndex: 'finishedAt', width: 170, render: time },
        {
          title: '周期',
          key: 'period',
          width: 130,
          render: (_v, r) => `${PERIOD_TYPE_LABEL[r.periodType]} ${r.periodKey}`,
        },
        { title: '触发方式', dataIndex: 'trigger', width: 100, render: (v: string) => RUN_TRIGGER_LABEL[v] ?? v },
        { title: '执行人', dataIndex: 'operator', width: 100 },
        {
          title: '状态',
          dataIndex: 'status',
          width: 90,
          render: (v: string) => <Tag color={RUN_COLOR[v]}>{RUN_STATUS_LABEL[v] ?? v}</Tag>,
        },
        {
          title: '耗时',
          dataIndex: 'durationMs',
          width: 90,
          render: (v: number | null) => (v === null ? '—' : `${v} 毫秒`),
        },
        { title: '结果', dataIndex: 'message', width: 300 },
        {
          title: '操作',
          key: 'op',
          width: 100,
          render: (_v, r) =>
            r.status === 'failed' ? <Typography.Link onClick={() => rerun(r)}>重新执行</Typography.Link> : null,
        },
      ]}
    />
  );
}

/** 指标开发 (/targetDev): how each indicator is computed, the values per department and period, run history. */
export default function TargetDevPage() {
  const list = useQuery({ queryKey: assessmentKeys.indexes(ALL), queryFn: () => pageIndexes(ALL) });
  const records = list.data?.records ?? [];
  return (
    <Card title="指标开发">
      <Tabs
        items={[
          { key: 'calc', label: '计算方式', children: <CalcTab list={records} loading={list.isLoading} /> },
          { key: 'values', label: '指标值', children: <ValuesTab /> },
          { key: 'runs', label: '计算记录', children: <RunsTab /> },
        ]}
      />
    </Card>
  );
}
