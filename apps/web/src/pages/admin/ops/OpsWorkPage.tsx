import { OPS_TASK_STATUS_LABEL, OpsPerm, type OpsTask } from '@odp/contracts';
import { Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { feedback } from '@/api/feedback';
import { actOnOpsTask, listOpsTasks, opsKeys } from '@/api/system/operations';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';
import { beijingTime, runDuration } from '../system/QuartzJobFormat';
import { kindEnum, OUTCOME_ENUM, OutcomeTag, useOpsKinds } from './cells';

const STATUS_COLOR = { active: 'processing', paused: 'warning', stopped: 'default' } as const;

/** 立即执行 waits for the run; its message (rows written, items published…) is shown when it ends. */
async function runNow(task: OpsTask) {
  const { message } = await actOnOpsTask({ kind: task.kind, id: task.id, action: 'run' });
  feedback.modal.success({ title: `${task.name}：执行完成`, content: message, okText: '知道了' });
}

function workView(kinds: ReturnType<typeof useOpsKinds>) {
  return defineResourceView<OpsTask>({
    title: '任务列表',
    noun: '任务',
    rowKey: 'key',
    queryKeys: opsKeys.work,
    alsoInvalidates: [opsKeys.examples.all],
    api: { list: listOpsTasks },
    columns: [
      { title: '关键词', dataIndex: 'keyword', searchable: true, hideInTable: true },
      {
        title: '任务类别',
        dataIndex: 'kind',
        searchable: true,
        sorter: true,
        width: 110,
        valueType: 'select',
        valueEnum: kindEnum(kinds),
        render: (_dom, t) => <Tag>{t.kindLabel}</Tag>,
      },
      {
        title: '任务名称',
        dataIndex: 'name',
        sorter: true,
        width: 260,
        render: (_dom, t) => (
          <Space direction="vertical" size={0}>
            <span>{t.name}</span>
            {t.departName && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t.departName}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      {
        title: '状态',
        dataIndex: 'status',
        searchable: true,
        width: 90,
        valueType: 'select',
        valueEnum: Object.fromEntries(Object.entries(OPS_TASK_STATUS_LABEL).map(([v, text]) => [v, { text }])),
        render: (_dom, t) => <Tag color={STATUS_COLOR[t.status]}>{OPS_TASK_STATUS_LABEL[t.status]}</Tag>,
      },
      { title: '执行计划', dataIndex: 'schedule', width: 170, ellipsis: true },
      {
        title: '最近执行',
        dataIndex: 'lastStartedAt',
        sorter: true,
        width: 170,
        render: (_dom, t) => beijingTime(t.lastStartedAt),
      },
      {
        title: '最近结果',
        dataIndex: 'outcome',
        searchable: true,
        width: 100,
        valueType: 'select',
        valueEnum: OUTCOME_ENUM,
        render: (_dom, t) => <OutcomeTag outcome={t.lastOutcome} message={t.lastMessage} />,
      },
      {
        title: '耗时',
        dataIndex: 'lastDurationMs',
        width: 100,
        render: (_dom, t) => (t.lastStartedAt ? runDuration(t.lastStartedAt, t.lastFinishedAt) : '-'),
      },
      {
        title: '下次执行',
        dataIndex: 'nextRunAt',
        sorter: true,
        width: 170,
        render: (_dom, t) => beijingTime(t.nextRunAt),
      },
      { title: '最近日志', dataIndex: 'lastMessage', ellipsis: true, width: 240, defaultHidden: true },
    ],
    rowActions: [
      {
        key: 'run',
        permission: OpsPerm.operate,
        visible: (t) => t.canRun,
        label: '立即执行',
        confirm: (t) => `立即执行一次「${t.name}」吗？执行完成后会显示结果。`,
        run: runNow,
        success: '已执行',
      },
      {
        key: 'pause',
        permission: OpsPerm.operate,
        visible: (t) => t.canPause,
        label: '暂停',
        danger: true,
        confirm: (t) => `暂停后「${t.name}」将不再按计划执行，确定暂停吗？`,
        run: (t) => actOnOpsTask({ kind: t.kind, id: t.id, action: 'pause' }),
        success: '已暂停',
      },
      {
        key: 'resume',
        permission: OpsPerm.operate,
        visible: (t) => t.canResume,
        label: '恢复',
        confirm: (t) => `恢复后「${t.name}」将按计划执行，确定恢复吗？`,
        run: (t) => actOnOpsTask({ kind: t.kind, id: t.id, action: 'resume' }),
        success: '已恢复',
      },
    ],
    actionWidth: 170,
    pageSize: 20,
  });
}

/**
 * 任务列表 (/OPS/Work): every background task of the platform — scheduled jobs, table syncs, exchange
 * tasks, scheduled publications — with its schedule, last outcome and next run.
 */
export default function OpsWorkPage() {
  const kinds = useOpsKinds();
  const view = useMemo(() => workView(kinds), [kinds]);
  return <ResourcePage view={view} />;
}
