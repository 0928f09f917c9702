import type { BatchResult } from '@odp/contracts';
import { Form, Input, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { type Outcome, useOutcome } from './outcome';
import type { TransitionInput } from './types';

export type CommentBox = { label: string; required: boolean; missing: string; placeholder: string; rows: number };

type Props = {
  title: string;
  okText: string;
  danger: boolean;
  /** The form's name, which prefixes its fields' ids. */
  formName: string;
  question: ReactNode;
  hint?: string;
  fields?: ReactNode;
  comment: CommentBox | false;
  outcome: Outcome;
  run: (input: TransitionInput) => Promise<unknown>;
  onClose: () => void;
  /** After the call, with the per-record outcome. */
  onDone?: (result: BatchResult) => void;
};

/**
 * Confirms an action on one or several records with the comment and fields it takes. It stays open on
 * a failure the user can fix (a missing comment, a network error) and closes once the server answered.
 */
export function ActionDialog({
  title,
  okText,
  danger,
  formName,
  question,
  hint,
  fields,
  comment,
  outcome,
  run,
  onClose,
  onDone,
}: Props) {
  const [form] = Form.useForm<TransitionInput>();
  const [open, setOpen] = useState(true);
  const [running, setRunning] = useState(false);
  const { call, settle } = useOutcome();

  const submit = async () => {
    let values: TransitionInput;
    try {
      values = await form.validateFields();
    } catch {
      return; // The form shows what is missing.
    }
    const { comment: text, ...extra } = values;
    setRunning(true);
    const result = await call(outcome, () => run({ ...extra, comment: text?.trim() || undefined }));
    setRunning(false);
    if (!result) return;
    setOpen(false);
    await settle(outcome, result, onDone);
  };

  return (
    <Modal
      title={title}
      open={open}
      onOk={submit}
      onCancel={() => setOpen(false)}
      afterClose={onClose}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger, loading: running }}
      maskClosable={false}
      destroyOnHidden
    >
      <Typography.Paragraph>{question}</Typography.Paragraph>
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <Form form={form} layout="vertical" name={formName}>
        {fields}
        {comment && (
          <Form.Item
            name="comment"
            label={comment.label}
            rules={[
              { required: comment.required, whitespace: true, message: comment.missing },
              { max: 500, message: '意见不能超过 500 个字符' },
            ]}
          >
            <Input.TextArea rows={comment.rows} maxLength={500} showCount placeholder={comment.placeholder} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
