import type { CatalogueAction, LifecycleResult } from '@odp/contracts';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { runLifecycle } from '@/api/catalogue';
import { DictSelect } from '@/components/DictSelect';
import { showBatchResult } from './BatchResult';
import { buttonOf, type LifecycleButton, lifecycleOutcome } from './lifecycle';
import { useCatalogueRefresh } from './use-catalogue-refresh';

export type LifecycleTarget = { id: string; catalogName: string };

const HINTS: Partial<Record<CatalogueAction, string>> = {
  submit: '提交后目录进入待审核状态，审核期间不能编辑。',
  recovery: '撤回后目录回到草稿状态，可继续编辑。',
  upShelfApply: '上架审核通过后，开放类型为无条件开放或有条件开放的目录将在门户公开。',
  offShelfApply: '下架审核通过后，目录将从门户撤下。',
  delete: '草稿将被彻底删除；其他目录转为“已删除”，不再在门户显示，管理员可以恢复。',
  recover: '恢复后目录回到删除前的上架状态。',
};

type Values = { comment?: string; reason?: string };

type Props = {
  button: LifecycleButton;
  targets: LifecycleTarget[];
  onClose: () => void;
  /** After the call, with the per-entry outcome. */
  onDone?: (result: LifecycleResult) => void;
};

/** Confirms a lifecycle action on one or several entries, with the comment (and reason) it takes. */
export function LifecycleModal({ button, targets, onClose, onDone }: Props) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [open, setOpen] = useState(true);
  const [running, setRunning] = useState(false);
  const refresh = useCatalogueRefresh();
  const single = targets.length === 1;
  const nameOf = (id: string) => targets.find((t) => t.id === id)?.catalogName ?? id;

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    setRunning(true);
    let result: LifecycleResult | null = null;
    try {
      result = await runLifecycle(button.action, {
        ids: targets.map((t) => t.id),
        comment: values.comment?.trim() || undefined,
        reason: values.reason || undefined,
      });
    } catch (error) {
      result = lifecycleOutcome(error);
      if (!result) message.error(error instanceof Error ? error.message : `${button.label}失败`);
    } finally {
      setRunning(false);
    }
    if (!result) return;
    setOpen(false);
    await refresh();
    onDone?.(result);
    if (single && result.refused.length === 0) message.success(`${button.label}成功`);
    else if (single)
      modal.error({ title: `${button.label}失败`, content: result.refused[0]?.reason, okText: '知道了' });
    else showBatchResult(modal, button.label, result, nameOf);
  };

  return (
    <Modal
      title={button.label}
      open={open}
      onOk={submit}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: button.danger, loading: running }}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {single
          ? `确定对目录「${targets[0]?.catalogName}」${button.label}吗？`
          : `确定对选中的 ${targets.length} 条目录${button.label}吗？不符合条件的目录将被跳过并说明原因。`}
      </Typography.Paragraph>
      {HINTS[button.action] && <Typography.Paragraph type="secondary">{HINTS[button.action]}</Typography.Paragraph>}
      <Form form={form} layout="vertical" name="lifecycle">
        {button.reasonRequired && (
          <Form.Item name="reason" label="下架原因" rules={[{ required: true, message: '请选择下架原因' }]}>
            <DictSelect code="early_warning_information" placeholder="请选择下架原因" />
          </Form.Item>
        )}
        {button.action !== 'delete' && (
          <Form.Item
            name="comment"
            label={button.reasonRequired ? '下架说明' : '意见'}
            rules={[
              {
                required: button.commentRequired,
                whitespace: true,
                message: `请填写${button.reasonRequired ? '下架说明' : '意见'}`,
              },
              { max: 500, message: '意见不能超过 500 个字符' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount placeholder={button.commentRequired ? '必填' : '选填'} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** A lifecycle action waiting for its confirmation; render `element` once on the page. */
export function useLifecycle(onDone?: (action: CatalogueAction, result: LifecycleResult) => void) {
  type Pending = { button: LifecycleButton; targets: LifecycleTarget[]; after?: () => void };
  const [pending, setPending] = useState<Pending | null>(null);
  /** Asks for confirmation; `after` runs once the action has been sent (e.g. to clear a selection). */
  const start = useCallback((action: CatalogueAction, targets: LifecycleTarget[], after?: () => void) => {
    if (targets.length > 0) setPending({ button: buttonOf(action), targets, after });
  }, []);
  const element = pending ? (
    <LifecycleModal
      key={`${pending.button.action}:${pending.targets.map((t) => t.id).join(',')}`}
      button={pending.button}
      targets={pending.targets}
      onClose={() => setPending(null)}
      onDone={(result) => {
        pending.after?.();
        onDone?.(pending.button.action, result);
      }}
    />
  ) : null;
  return { start, element };
}
