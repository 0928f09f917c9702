import { ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { JOB_STATUS, JobCreateInput, type JobHandlerInfo } from '@odp/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { jobKeys, previewNextRuns } from '@/api/system/job';
import { type FormMode, zodRule } from '@/components/ResourcePage';
import { beijingTime, formatParameter, parseParameter } from './QuartzJobFormat';

/** The form's values: the parameter is the textarea's JSON text, parsed when saving. */
export type JobFormValues = {
  handler: string;
  cronExpression: string;
  parameter: string;
  description?: string | null;
  status: number;
};

const field = JobCreateInput.shape;

/** The value after the user has stopped typing for `ms`, so the preview does not ask on every key. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const nextRunsQuery = (cron: string) => ({
  queryKey: jobKeys.nextRuns(cron),
  queryFn: () => previewNextRuns(cron),
  retry: false,
  staleTime: 30_000,
});

/**
 * Checks the expression with the server as it is typed (croner there is the scheduler itself); the
 * answer is cached under the preview's key, so the preview below reuses it.
 */
function cronRule(queryClient: QueryClient) {
  return {
    validator: async (_rule: unknown, value: string | undefined) => {
      const cron = (value ?? '').trim();
      if (!cron) return;
      try {
        await queryClient.fetchQuery(nextRunsQuery(cron));
      } catch (error) {
        // A fresh Error: antd writes `field` onto what it catches, which the client's ApiError forbids.
        throw new Error(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

/** The next five run times of the expression being typed; a bad one is reported by the field's rule. */
function CronPreview() {
  const typed = Form.useWatch<string | undefined>('cronExpression');
  const cron = useSettled((typed ?? '').trim(), 300);
  const preview = useQuery({ ...nextRunsQuery(cron), enabled: cron.length > 0 });
  if (!cron)
    return (
      <Typography.Text type="secondary">
        例如 0 10 3 * * *（每天 03:10:00）或 */10 * * * *（每 10 分钟）
      </Typography.Text>
    );
  if (preview.isFetching && !preview.data) return <Spin size="small" />;
  if (preview.isError) return null;
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text type="secondary">接下来五次执行时间（北京时间）：</Typography.Text>
      {preview.data?.times.map((t) => (
        <Typography.Text key={t} code>
          {beijingTime(t)}
        </Typography.Text>
      ))}
    </Space>
  );
}

/** What the chosen handler does and what its parameter fields mean. */
function HandlerHelp({ handlers }: { handlers: JobHandlerInfo[] }) {
  const name = Form.useWatch<string | undefined>('handler');
  const handler = handlers.find((h) => h.name === name);
  if (!handler) return null;
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text type="secondary">{handler.description}</Typography.Text>
      <Typography.Text type="secondary">参数说明：{handler.parameterHelp}</Typography.Text>
    </Space>
  );
}

/** The add/edit form of a job: handler from the registry, cron with a live preview, JSON parameter. */
export function QuartzJobFormFields({ handlers, mode }: { handlers: JobHandlerInfo[]; mode: FormMode }) {
  const form = Form.useFormInstance<JobFormValues>();
  const queryClient = useQueryClient();
  return (
    <>
      <ProFormSelect
        name="handler"
        label="任务类型"
        placeholder="请选择任务类型"
        options={handlers.map((h) => ({ value: h.name, label: `${h.title}（${h.name}）` }))}
        rules={[zodRule(field.handler)]}
        fieldProps={{
          showSearch: true,
          optionFilterProp: 'label',
          // A new handler means a new parameter shape: start from its defaults.
          onChange: (name: string) => {
            const handler = handlers.find((h) => h.name === name);
            if (handler) form.setFieldValue('parameter', formatParameter(handler.defaultParameter));
          },
        }}
        extra={<HandlerHelp handlers={handlers} />}
      />
      <ProFormText
        name="cronExpression"
        label="Cron 表达式"
        placeholder="秒 分 时 日 月 周，或 分 时 日 月 周"
        rules={[zodRule(field.cronExpression), cronRule(queryClient)]}
        extra={<CronPreview />}
      />
      <ProFormTextArea
        name="parameter"
        label="任务参数"
        placeholder='JSON 对象，例如 {"days": 180}'
        fieldProps={{ autoSize: { minRows: 3, maxRows: 10 }, style: { fontFamily: 'monospace' } }}
        rules={[
          {
            validator: async (_rule: unknown, value: string | undefined) => {
              const parsed = parseParameter(value);
              if (!parsed.ok) throw new Error(parsed.error);
            },
          },
        ]}
        extra="由服务端按任务类型校验；留空或 {} 表示使用默认参数"
      />
      <ProFormTextArea
        name="description"
        label="描述"
        placeholder="这个任务做什么、为什么这样安排"
        fieldProps={{ autoSize: { minRows: 2, maxRows: 4 } }}
        rules={[zodRule(field.description)]}
      />
      <ProFormRadio.Group
        name="status"
        label="状态"
        options={[
          { value: JOB_STATUS.running, label: '运行中（保存后按计划执行）' },
          { value: JOB_STATUS.stopped, label: '已停止' },
        ]}
        extra={mode === 'edit' ? '也可以在列表中直接启动或停止' : undefined}
      />
    </>
  );
}
