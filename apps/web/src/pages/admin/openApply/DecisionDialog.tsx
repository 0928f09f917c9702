import type { OpenApplyItem } from '@odp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import { decideOpenApply } from '@/api/open-apply-admin';
import {
  approvalHint,
  canApprove,
  canReject,
  type DecisionValues,
  decisionNode,
  decisionProblem,
  endDateAllowed,
  grantableFields,
  initialValues,
  narrowingSummary,
  toDecisionInput,
} from './decision';
import { periodText } from './format';
import { OPEN_APPLY_STALE_KEYS } from './workflow';

/** The DatePicker's refusal: every day outside the requested period, so a later end is never offered. */
export const endDateDisabler = (item: Pick<OpenApplyItem, 'startDate' | 'endDate'>) => (day: Dayjs) =>
  !endDateAllowed(item, day.format('YYYY-MM-DD'));

const TEXT = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

type Props = {
  item: OpenApplyItem;
  onClose: () => void;
  /** After the server accepted the decision. */
  onDone?: () => void;
};

/**
 * 审核 of an open application at the node the caller decides: 通过 or 不通过 (with the reason the
 * applicant is told). At the provider node an approval may narrow the fields (ticked among those
 * requested) and the end date (within the requested period); the server's refusal is shown here.
 */
export function DecisionDialog({ item, onClose, onDone }: Props) {
  const queryClient = useQueryClient();
  const node = decisionNode(item.actions);
  const [form] = Form.useForm<DecisionValues>();
  const [open, setOpen] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const decision = Form.useWatch('decision', form) ?? 'approve';
  const fields = Form.useWatch('fields', form);
  const endDate = Form.useWatch('endDate', form);
  const requested = grantableFields(item);
  const narrows = node === 'provider' && decision === 'approve';
  const start = initialValues(item);
  if (!canApprove(item.actions)) start.decision = 'reject';

  const decide = useMutation({
    mutationFn: (values: DecisionValues) => decideOpenApply(toDecisionInput(item, node ?? 'bureau', values)),
    onSuccess: async (_answer, values) => {
      feedback.message.success(values.decision === 'approve' ? '审核通过' : '已审核不通过');
      await Promise.all(OPEN_APPLY_STALE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onDone?.();
      setOpen(false);
    },
    onError: (error) => setFailure(error instanceof Error ? error.message : '审核失败，请稍后再试'),
  });

  const submit = async () => {
    if (!node) return;
    let values: DecisionValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    const problem = decisionProblem(item, node, values);
    if (problem) {
      setFailure(problem);
      return;
    }
    setFailure(null);
    decide.mutate(values);
  };

  const picked = (fields ?? []).filter((f) => requested.includes(f)).length;
  const summary = narrows ? narrowingSummary(item, { decision, fields, endDate }) : '';

  return (
    <Modal
      title={`审核开放申请：${item.code}`}
      open={open}
      width={640}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={() => setOpen(false)}>
          取消
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger={decision === 'reject'}
          loading={decide.isPending}
          disabled={!node}
          onClick={() => void submit()}
        >
          {decision === 'reject' ? '确认不通过' : '确认通过'}
        </Button>,
      ]}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'catalog', label: '数据集', children: item.catalogName },
          { key: 'applicant', label: '申请人', children: item.applicantName || '-' },
          { key: 'period', label: '申请期限', children: periodText(item) },
          { key: 'purpose', label: '申请用途', children: <span style={TEXT}>{item.purpose}</span> },
        ]}
      />
      {!node && <Alert type="info" showIcon message={`该申请当前${item.statusLabel}，无需您审核`} />}
      <Form<DecisionValues>
        form={form}
        layout="vertical"
        name="openApplyDecision"
        initialValues={start}
        disabled={!node || decide.isPending}
        onValuesChange={() => setFailure(null)}
      >
        <Form.Item name="decision" label="审核结果" rules={[{ required: true, message: '请选择审核结果' }]}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'approve', label: '通过', disabled: !canApprove(item.actions) },
              { value: 'reject', label: '不通过', disabled: !canReject(item.actions) },
            ]}
          />
        </Form.Item>
        {decision === 'approve' && (
          <Typography.Paragraph type="secondary">{approvalHint(item.actions)}</Typography.Paragraph>
        )}
        {narrows && (
          <>
            <Form.Item
              name="fields"
              label={`授权字段（已选 ${picked}/${requested.length}）`}
              extra={
                <>
                  可取消勾选以收窄，只能在申请的 {requested.length} 个字段内选择 ·{' '}
                  <Typography.Link onClick={() => form.setFieldValue('fields', requested)}>全选</Typography.Link>
                </>
              }
              rules={[{ type: 'array', required: true, min: 1, message: '请至少选择一个授权字段' }]}
            >
              <Checkbox.Group style={{ width: '100%' }}>
                <Row gutter={[8, 4]} style={{ width: '100%' }}>
                  {requested.map((name) => (
                    <Col key={name} xs={24} sm={12} md={8}>
                      <Checkbox value={name}>{name}</Checkbox>
                    </Col>
                  ))}
                </Row>
              </Checkbox.Group>
            </Form.Item>
            <Form.Item
              name="endDate"
              label="授权结束日期"
              extra={`可提前，不能晚于申请的结束日期 ${item.endDate}`}
              rules={[{ required: true, message: '请选择授权结束日期' }]}
              getValueProps={(value: string | null | undefined) => ({ value: value ? dayjs(value) : null })}
              normalize={(value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null)}
            >
              <DatePicker
                style={{ width: '100%', maxWidth: 240 }}
                aria-label="授权结束日期"
                disabledDate={endDateDisabler(item)}
                minDate={dayjs(item.startDate)}
                maxDate={dayjs(item.endDate)}
                placeholder="请选择日期"
              />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="comment"
          label={decision === 'reject' ? '不通过理由' : '审核意见'}
          rules={[
            {
              required: decision === 'reject',
              whitespace: true,
              message: '请填写不通过的理由',
            },
            { max: 500, message: '不能超过 500 个字符' },
          ]}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder={decision === 'reject' ? '必填，申请人将收到此理由' : '选填'}
          />
        </Form.Item>
      </Form>
      {summary && <Alert type="warning" showIcon message={`将按收窄后的范围通过：${summary}`} />}
      {failure && <Alert type="error" showIcon message={failure} style={{ marginTop: 12 }} role="alert" />}
    </Modal>
  );
}
