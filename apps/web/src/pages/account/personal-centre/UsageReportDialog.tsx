import { UsageReportInput } from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';
import {
  getOpenApplyDetail,
  type OpenApplyDetail,
  type OpenApplyItem,
  openApplyKeys,
  submitUsageReport,
} from '@/api/open-apply';
import { ErrorState } from '@/components/portal/StateViews';
import { zodRule } from '@/components/ResourcePage/zod-rule';
import { lastDay } from './apply-rows';

type Values = { usedFor: string; outcome: string };

const shape = UsageReportInput.shape;

/** The report to file now: the earliest one the applicant may submit. */
export function pendingReportId(detail: Pick<OpenApplyDetail, 'reports'> | undefined): string | null {
  const open = (detail?.reports ?? [])
    .filter((r) => r.canSubmit && !r.submittedAt)
    .sort((a, b) => a.dueAt.localeCompare(b.dueAt));
  return open[0]?.id ?? null;
}

/** 提交利用情况报告: what the data was used for and what it produced. */
export function UsageReportDialog({ item, onClose }: { item: OpenApplyItem; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const detail = useQuery({ queryKey: openApplyKeys.detail(item.id), queryFn: () => getOpenApplyDetail(item.id) });
  const reportId = pendingReportId(detail.data);

  const submit = useMutation({
    mutationFn: (values: Values) =>
      submitUsageReport({ id: reportId ?? '', usedFor: values.usedFor.trim(), outcome: values.outcome.trim() }),
    onSuccess: async () => {
      feedback.message.success('利用情况报告已提交');
      await queryClient.invalidateQueries({ queryKey: openApplyKeys.all });
      onClose();
    },
    onError: (error) => setRefusal(error instanceof ApiError ? error.message : '提交失败，请稍后重试'),
  });

  return (
    <Modal
      open
      title={`利用情况报告：${item.catalogName}`}
      onCancel={onClose}
      okText="提交报告"
      cancelText="取消"
      okButtonProps={{ loading: submit.isPending, disabled: !reportId }}
      onOk={() => form.submit()}
      width={640}
      destroyOnHidden
    >
      {detail.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : detail.isError ? (
        <ErrorState onRetry={() => detail.refetch()} />
      ) : !reportId ? (
        <Alert type="info" showIcon message="当前没有需要提交的利用情况报告。" />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(values) => {
            setRefusal(null);
            submit.mutate(values);
          }}
        >
          <p className="centre-dialog-intro">
            按照开放利用协议，请说明数据的使用情况、取得的成果与效益
            {item.reportDueAt ? `（最迟于 ${lastDay(item.reportDueAt)} 提交）` : ''}。
            {item.reportOverdue ? '报告逾期未提交期间，不能获批新的开放申请。' : ''}
          </p>
          {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} />}
          <Form.Item name="usedFor" label="数据用途" rules={[zodRule(shape.usedFor)]}>
            <Input.TextArea
              rows={4}
              maxLength={1000}
              showCount
              placeholder="数据用在了哪些业务、产品或研究中，调用规模如何"
            />
          </Form.Item>
          <Form.Item name="outcome" label="产生的成果" rules={[zodRule(shape.outcome)]}>
            <Input.TextArea
              rows={4}
              maxLength={1000}
              showCount
              placeholder="取得的成果与效益，例如上线的应用、服务的用户数、发表的报告等"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
