import { OPS_TRIGGER_LABEL, OpsPerm, type OpsRun } from '@odp/contracts';
import { Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { listOpsRuns, opsKeys, retryOpsRun } from '@/api/system/operations';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';
import { beijingTime, runDuration } from '../system/QuartzJobFormat';
import { kindEnum, OUTCOME_ENUM, OutcomeTag, useOpsKinds } from './cells';

function examplesView(kinds: ReturnType<typeof useOpsKinds>) {
  return defineResourceView<OpsRun>({
    title: '执行记录',
    noun: '执行记录',
    rowKey: 'key',
    queryKeys: opsKeys.examples,
    alsoInvalidates: [opsKeys.work.all],
    api: { list: listOpsRuns },
    columns: [
      { title: '关键词', dataIndex: 'keyword', searchable: true, hideInTable: true },
      {
        title: '任务类别',
        dataIndex: 'kind',
        searchable: true,
        width: 110,
        valueType: 'select',
        valueEnum: kindEnum(kinds),
        render: (_dom, r) => <Tag>{r.kindLabel}</Tag>,
      },
      { title: '任务名称', dataIndex: 'taskName', width: 240, ellipsis: true },
      { title: '触发方式', dataIndex: 'trigger', width: 90, render: (_dom, r) => OPS_TRIGGER_LABEL[r.trigger] },
      { title: '开始时间', dataIndex: 'startedAt', width: 170, render: (_dom, r) => beijingTime(r.startedAt) },
      {
        title: '耗时',
        dataIndex: 'durationMs',
        width: 100,
        render: (_dom, r) => runDuration(r.startedAt, r.finishedAt),
      },
      {
        title: '结果',
        dataIndex: 'outcome',
        searchable: true,
        width: 90,
        valueType: 'select',
        valueEnum: OUTCOME_ENUM,
        render: (_dom, r) => <OutcomeTag outcome={r.outcome} />,
      },
      {
        title: '日志',
        dataIndex: 'message',
        width: 320,
        render: (_dom, r) => (
          <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2, expandable: true, symbol: '展开' }}>
            {r.message ?? '-'}
          </Typography.Paragraph>
        ),
      },
    ],
    rowActions: [
      {
        key: 'retry',
        permission: OpsPerm.operate,
        visible: (r) => r.canRetry,
        label: '重试',
        confirm: (r) => `重新执行「${r.taskName}」一次吗？`,
        run: (r) => retryOpsRun({ kind: r.kind, runId: r.id }),
        success: '已重试，结果见最新的执行记录',
      },
    ],
    actionWidth: 90,
    pageSize: 20,
  });
}

/** 执行记录 (/OPS/Examples): the runs of every background task, newest first, with their logs; a failed run can be retried. */
export default function OpsExamplesPage() {
  const kinds = useOpsKinds();
  const view = useMemo(() => examplesView(kinds), [kinds]);
  return <ResourcePage view={view} />;
}
