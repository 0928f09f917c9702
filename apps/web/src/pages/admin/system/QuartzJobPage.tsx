import {
  JOB_OUTCOME_LABEL,
  JOB_STATUS,
  JOB_STATUS_LABEL,
  JobCreateInput,
  type JobHandlerInfo,
  type JobRecord,
  JobUpdateInput,
  Perm,
} from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { feedback } from '@/api/feedback';
import {
  addJob,
  deleteJob,
  editJob,
  executeJob,
  jobKeys,
  listJobHandlers,
  listJobs,
  pauseJob,
  resumeJob,
} from '@/api/system/job';
import { defineResourceView, ResourcePage } from '@/components/ResourcePage';
import { beijingTime, compactParameter, formatParameter, parseParameter } from './QuartzJobFormat';
import { type JobFormValues, QuartzJobFormFields } from './QuartzJobFormFields';
import { OUTCOME_COLOR, QuartzJobRunsDrawer } from './QuartzJobRunsDrawer';

/** The textarea's JSON as the parameter; the field's own rule has shown the reason already. */
function toParameter(text: string) {
  const parsed = parseParameter(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

/** 立即执行: runs the job once on the server, then shows its outcome and refreshes the list. */
function ExecuteAction({ job, done }: { job: JobRecord; done: () => Promise<void> }) {
  const { modal } = feedback;
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const result = await executeJob(job.id);
      const show = result.outcome === 'success' ? modal.success : modal.error;
      show({
        title: `${job.handlerTitle}：执行${JOB_OUTCOME_LABEL[result.outcome] ?? result.outcome}`,
        content: result.message ?? '',
        okText: '知道了',
      });
      await done();
    } catch {
      // The request client has shown the server's reason.
    } finally {
      setRunning(false);
    }
  };
  if (running) return <Typography.Text type="secondary">执行中…</Typography.Text>;
  return (
    <Typography.Link
      onClick={() =>
        modal.confirm({
          title: '立即执行',
          content: `立即执行一次「${job.handlerTitle}」吗？执行完成后会显示结果。`,
          okText: '执行',
          cancelText: '取消',
          onOk: () => void run(),
        })
      }
    >
      立即执行
    </Typography.Link>
  );
}

function RunsAction({ job }: { job: JobRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Typography.Link onClick={() => setOpen(true)}>执行记录</Typography.Link>
      {open && <QuartzJobRunsDrawer job={job} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

function LastRun({ job }: { job: JobRecord }) {
  const run = job.lastRun;
  if (!run) return <Typography.Text type="secondary">从未执行</Typography.Text>;
  return (
    <Tooltip title={run.message}>
      <Space size={4}>
        <Tag color={OUTCOME_COLOR[run.outcome]}>{JOB_OUTCOME_LABEL[run.outcome] ?? run.outcome}</Tag>
        <Typography.Text type="secondary">{beijingTime(run.startTime)}</Typography.Text>
      </Space>
    </Tooltip>
  );
}

function jobView(handlers: JobHandlerInfo[]) {
  return defineResourceView<JobRecord, JobCreateInput, JobUpdateInput, JobFormValues>({
    title: '定时任务',
    noun: '定时任务',
    rowKey: 'id',
    queryKeys: jobKeys,
    api: { list: listJobs, create: addJob, update: editJob },
    permissions: { add: Perm.jobEdit, edit: Perm.jobEdit },
    columns: [
      {
        title: '任务类型',
        dataIndex: 'handler',
        searchable: true,
        sorter: true,
        width: 180,
        valueType: 'select',
        fieldProps: { options: handlers.map((h) => ({ value: h.name, label: h.title })), showSearch: true },
        render: (_dom, job) => (
          <Space direction="vertical" size={0}>
            <span>
              {job.handlerTitle} {!job.handlerKnown && <Tag color="error">未知任务类型</Tag>}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {job.handler}
            </Typography.Text>
          </Space>
        ),
      },
      {
        title: '状态',
        dataIndex: 'status',
        searchable: true,
        sorter: true,
        width: 90,
        valueType: 'select',
        valueEnum: {
          [JOB_STATUS.running]: { text: JOB_STATUS_LABEL[JOB_STATUS.running] },
          [JOB_STATUS.stopped]: { text: JOB_STATUS_LABEL[JOB_STATUS.stopped] },
        },
        render: (_dom, job) => (
          <Tag color={job.status === JOB_STATUS.running ? 'processing' : 'default'}>{JOB_STATUS_LABEL[job.status]}</Tag>
        ),
      },
      {
        title: 'Cron 表达式',
        dataIndex: 'cronExpression',
        width: 140,
        render: (_dom, job) => <Typography.Text code>{job.cronExpression}</Typography.Text>,
      },
      {
        title: '下次执行',
        dataIndex: 'nextRunTime',
        width: 170,
        render: (_dom, job) => beijingTime(job.nextRunTime),
      },
      { title: '最近执行', dataIndex: 'lastRun', width: 210, render: (_dom, job) => <LastRun job={job} /> },
      {
        title: '参数',
        dataIndex: 'parameter',
        width: 150,
        ellipsis: true,
        render: (_dom, job) => compactParameter(job.parameter),
      },
      { title: '描述', dataIndex: 'description', ellipsis: true, width: 240 },
      {
        title: '创建时间',
        dataIndex: 'createTime',
        key: 'createTime',
        sorter: true,
        width: 170,
        defaultHidden: true,
        render: (_dom, job) => beijingTime(job.createTime),
      },
    ],
    form: {
      width: 720,
      fields: ({ mode }) => <QuartzJobFormFields handlers={handlers} mode={mode} />,
      initialValues: { parameter: '{}', status: JOB_STATUS.running },
      toValues: (job) => ({
        handler: job.handler,
        cronExpression: job.cronExpression,
        parameter: formatParameter(job.parameter),
        description: job.description,
        status: job.status,
      }),
      toCreate: (values) => JobCreateInput.parse({ ...values, parameter: toParameter(values.parameter) }),
      toUpdate: (values, job) =>
        JobUpdateInput.parse({ ...values, id: job.id, parameter: toParameter(values.parameter) }),
    },
    rowActions: [
      {
        key: 'toggle',
        permission: Perm.jobEdit,
        label: (job) => (job.status === JOB_STATUS.running ? '停止' : '启动'),
        confirm: (job) =>
          job.status === JOB_STATUS.running
            ? `停止「${job.handlerTitle}」后将不再按计划执行，确定停止吗？`
            : `启动「${job.handlerTitle}」后将按 ${job.cronExpression} 执行，确定启动吗？`,
        run: (job) => (job.status === JOB_STATUS.running ? pauseJob(job.id) : resumeJob(job.id)),
        success: (job) => (job.status === JOB_STATUS.running ? '已停止' : '已启动'),
      },
      {
        key: 'execute',
        permission: Perm.jobRun,
        render: (job, done) => <ExecuteAction job={job} done={done} />,
      },
      { key: 'runs', render: (job) => <RunsAction job={job} /> },
      {
        key: 'delete',
        permission: Perm.jobEdit,
        label: '删除',
        danger: true,
        confirm: (job) =>
          job.status === JOB_STATUS.running
            ? `「${job.handlerTitle}」正在运行，删除会先停止它，并删除其执行记录。确定删除吗？`
            : `确定删除「${job.handlerTitle}」及其执行记录吗？`,
        run: (job) => deleteJob(job.id),
        success: '删除成功',
      },
    ],
    actionWidth: 270,
  });
}

/** 定时任务 (/system/QuartzJobList): server-registered maintenance jobs, their schedules and runs. */
export default function QuartzJobPage() {
  const handlers = useQuery({ queryKey: jobKeys.handlers, queryFn: listJobHandlers, staleTime: 5 * 60_000 });
  const view = useMemo(() => jobView(handlers.data ?? []), [handlers.data]);
  return <ResourcePage view={view} />;
}
