import {
  ASSESSMENT_MACHINE,
  type AssessmentAction,
  type AssessmentPeriodRecord,
  AssessmentPerm,
  type SchemeRecord,
} from '@odp/contracts';
import { ASSESSMENT_STATUS_LABEL, PERIOD_TYPE_LABEL, type PeriodType, periodLabel } from '@odp/contracts/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Modal, Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  assessmentKeys,
  deleteScheme,
  listSchemes,
  pagePeriods,
  startAssessment,
  transitionAssessment,
} from '@/api/assessment';
import { feedback } from '@/api/feedback';
import { useCan } from '@/components/ResourcePage';
import { defineWorkflow, WorkflowButtons } from '@/components/Workflow';
import { recentPeriods } from './period';
import { SchemeDrawer } from './SchemeDrawer';
import { ScoresPanel } from './ScoresPanel';

const STATUS_COLOR: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'warning', '3': 'success' };
const titleOf = (p: AssessmentPeriodRecord) => `${p.schemeName}（${periodLabel(p.periodType, p.periodKey)}）`;

const WORKFLOW = defineWorkflow<AssessmentPeriodRecord, AssessmentAction>({
  machine: ASSESSMENT_MACHINE,
  idOf: (r) => r.id,
  nameOf: titleOf,
  actionsOf: (r) => r.actions,
  offers: ['rescore', 'submit', 'confirm', 'return'],
  run: (action, [id], input) => transitionAssessment(id, action, input.comment),
  invalidates: [assessmentKeys.all],
  confirm: 'popconfirm',
  dialogs: { return: { comment: { label: '退回理由', missing: '请填写退回理由' } } },
});

function StartDialog({ scheme, onClose }: { scheme: SchemeRecord | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const options = scheme ? recentPeriods(scheme.periodType as PeriodType) : [];
  const [key, setKey] = useState<string | undefined>(options[1]?.value ?? options[0]?.value);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (!scheme || !key) return;
    setBusy(true);
    try {
      await startAssessment(scheme.id, key);
      feedback.message.success('已开始考核，得分与排名已计算');
      await queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={Boolean(scheme)}
      title={`开始考核：${scheme?.name ?? ''}`}
      okText="开始考核"
      cancelText="取消"
      confirmLoading={busy}
      onOk={start}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>选择考核周期，系统将计算各部门的指标值、得分与排名：</Typography.Text>
        <Select aria-label="考核周期" style={{ width: '100%' }} value={key} onChange={setKey} options={options} />
      </Space>
    </Modal>
  );
}

function SchemesTab() {
  const queryClient = useQueryClient();
  const schemes = useQuery({ queryKey: assessmentKeys.schemes, queryFn: listSchemes });
  const [editing, setEditing] = useState<{ record?: SchemeRecord } | null>(null);
  const [starting, setStarting] = useState<SchemeRecord | null>(null);
  return (
    <>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setEditing({})}>
        新增考核方案
      </Button>
      <Table<SchemeRecord>
        rowKey="id"
        loading={schemes.isLoading}
        dataSource={schemes.data ?? []}
        scroll={{ x: 820 }}
        pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条` }}
        locale={{ emptyText: '暂无考核方案' }}
        columns={[
          { title: '方案名称', dataIndex: 'name', width: 180 },
          { title: '考核周期', dataIndex: 'periodType', width: 90, render: (v: string) => PERIOD_TYPE_LABEL[v] },
          {
            title: '指标与权重',
            key: 'items',
            width: 280,
            render: (_v, r) => r.items.map((i) => `${i.indexName} ${i.weight}%`).join('；'),
          },
          { title: '创建人', dataIndex: 'createBy', width: 100 },
          {
            title: '操作',
            key: 'op',
            width: 200,
            render: (_v, r) => (
              <Space size={4} wrap>
                <Typography.Link onClick={() => setStarting(r)}>开始考核</Typography.Link>
                <Typography.Link onClick={() => setEditing({ record: r })}>编辑</Typography.Link>
                <Popconfirm
                  title={`确定删除考核方案“${r.name}”吗？`}
                  okText="删除"
                  cancelText="取消"
                  okButtonProps={{ danger: true }}
                  onConfirm={async () => {
                    await deleteScheme(r.id);
                    feedback.message.success('删除成功');
                    await queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
                  }}
                >
                  <Typography.Link type="danger">删除</Typography.Link>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <SchemeDrawer
        open={Boolean(editing)}
        record={editing?.record}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
        }}
      />
      <StartDialog key={starting?.id ?? 'none'} scheme={starting} onClose={() => setStarting(null)} />
    </>
  );
}

function PeriodsTab() {
  const [page, setPage] = useState(1);
  const periods = useQuery({ queryKey: assessmentKeys.periods({ page }), queryFn: () => pagePeriods(page, 20) });
  const [open, setOpen] = useState<AssessmentPeriodRecord | null>(null);
  const current = open ? (periods.data?.records.find((p) => p.id === open.id) ?? open) : null;
  return (
    <>
      <Table<AssessmentPeriodRecord>
        rowKey="id"
        loading={periods.isLoading}
        dataSource={periods.data?.records ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: '暂无考核记录' }}
        pagination={{
          current: page,
          pageSize: 20,
          total: periods.data?.total ?? 0,
          onChange: setPage,
          showTotal: (t) => `共 ${t} 条`,
        }}
        columns={[
          { title: '考核方案', dataIndex: 'schemeName', width: 180 },
          { title: '考核周期', key: 'period', width: 130, render: (_v, r) => periodLabel(r.periodType, r.periodKey) },
          {
            title: '状态',
            dataIndex: 'status',
            width: 110,
            render: (v: string) => <Tag color={STATUS_COLOR[v]}>{ASSESSMENT_STATUS_LABEL[v]}</Tag>,
          },
          { title: '部门数', dataIndex: 'departmentCount', width: 80 },
          {
            title: '开始时间',
            dataIndex: 'startedAt',
            width: 160,
            render: (v: string) => v.replace('T', ' ').slice(0, 16),
          },
          {
            title: '操作',
            key: 'op',
            width: 260,
            render: (_v, r) => (
              <Space size={4} wrap>
                <Typography.Link onClick={() => setOpen(r)}>得分与排名</Typography.Link>
                <WorkflowButtons workflow={WORKFLOW} item={r} variant="link" />
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={Boolean(current)}
        onClose={() => setOpen(null)}
        width="min(1100px, 100vw)"
        title={current ? `${titleOf(current)} · ${ASSESSMENT_STATUS_LABEL[current.status]}` : ''}
        extra={current && <WorkflowButtons workflow={WORKFLOW} item={current} />}
        destroyOnHidden
      >
        {current && <ScoresPanel period={current} />}
      </Drawer>
    </>
  );
}

/** 绩效管理 (/performanceManage): assessments of departments on the indicators, and their schemes. */
export default function PerformancePage() {
  const can = useCan();
  return (
    <Card title="绩效管理">
      <Tabs
        items={[
          { key: 'periods', label: '考核记录', children: <PeriodsTab /> },
          ...(can(AssessmentPerm.manage) ? [{ key: 'schemes', label: '考核方案', children: <SchemesTab /> }] : []),
        ]}
      />
    </Card>
  );
}
