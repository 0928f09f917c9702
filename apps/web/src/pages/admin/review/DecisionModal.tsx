import type { LifecycleResult, WorkOrderItem } from '@odp/contracts';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { approveWorkOrder, batchApproveWorkOrders, batchRejectWorkOrders, rejectWorkOrder } from '@/api/workorder';
import { showBatchResult } from '@/components/catalogue/BatchResult';
import { lifecycleOutcome } from '@/components/catalogue/lifecycle';
import { useCatalogueRefresh } from '@/components/catalogue/use-catalogue-refresh';

export type Decision = 'approve' | 'reject';

const LABEL: Record<Decision, string> = { approve: '通过', reject: '驳回' };

function decide(decision: Decision, orders: WorkOrderItem[], comment: string | undefined): Promise<LifecycleResult> {
  const ids = orders.map((o) => o.catalogId);
  if (orders.length === 1) {
    return decision === 'approve' ? approveWorkOrder(ids[0], comment) : rejectWorkOrder(ids[0], comment ?? '');
  }
  return decision === 'approve' ? batchApproveWorkOrders(ids, comment) : batchRejectWorkOrders(ids, comment ?? '');
}

type Props = {
  decision: Decision;
  orders: WorkOrderItem[];
  onClose: () => void;
  /** After the call went through for at least one work order. */
  onDone?: () => void;
};

/** 通过 / 驳回 of one or several work orders, with the comment (required to reject). */
export function DecisionModal({ decision, orders, onClose, onDone }: Props) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  const [open, setOpen] = useState(true);
  const [running, setRunning] = useState(false);
  const refresh = useCatalogueRefresh();
  const label = LABEL[decision];
  const single = orders.length === 1;
  const nameOf = (id: string) => orders.find((o) => o.catalogId === id)?.catalogName ?? id;

  const submit = async () => {
    let comment: string | undefined;
    try {
      ({ comment } = await form.validateFields());
    } catch {
      return; // The form shows what is missing.
    }
    setRunning(true);
    let result: LifecycleResult | null = null;
    try {
      result = await decide(decision, orders, comment?.trim() || undefined);
    } catch (error) {
      result = lifecycleOutcome(error);
      if (!result) message.error(error instanceof Error ? error.message : `${label}失败`);
    } finally {
      setRunning(false);
    }
    if (!result) return;
    setOpen(false);
    // The lists, the entry, the to-do counts and the menu badge all change with a decision.
    await refresh();
    if (result.succeeded.length > 0) onDone?.();
    if (single && result.refused.length === 0) message.success(decision === 'approve' ? '审核通过' : '已驳回');
    else if (single) modal.error({ title: `${label}失败`, content: result.refused[0]?.reason, okText: '知道了' });
    else showBatchResult(modal, `批量${label}`, result, nameOf);
  };

  return (
    <Modal
      title={single ? `审核${label}` : `批量${label}`}
      open={open}
      onOk={submit}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      okText={label}
      cancelText="取消"
      okButtonProps={{ danger: decision === 'reject', loading: running }}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {single
          ? `${orders[0]?.typeLabel}：${orders[0]?.catalogName}`
          : `已选择 ${orders.length} 条工单，将逐条${label}；不能处理的工单会说明原因。`}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="decision">
        <Form.Item
          name="comment"
          label="审核意见"
          rules={[
            { required: decision === 'reject', whitespace: true, message: '请填写驳回意见' },
            { max: 500, message: '意见不能超过 500 个字符' },
          ]}
        >
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            placeholder={decision === 'reject' ? '请说明驳回原因，提交人将收到此意见' : '选填'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
