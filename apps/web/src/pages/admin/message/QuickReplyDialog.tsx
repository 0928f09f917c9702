import type { NoticeItem } from '@odp/contracts';
import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import { quickReplyNews } from '@/api/news';

const MAX = 2000;

/**
 * 快捷回复: the reader answers the message's record (e.g. the overdue ticket) without leaving the message
 * centre; the server sends it through the record's own reply, signed by the reader's department.
 */
export function QuickReplyDialog({
  item,
  onClose,
  onReplied,
}: {
  item: NoticeItem;
  onClose: () => void;
  onReplied: () => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!text.trim()) {
      setError('请输入回复内容');
      return;
    }
    setSaving(true);
    try {
      await quickReplyNews({ id: item.id, content: text });
      feedback.message.success('回复成功');
      await onReplied();
      onClose();
    } catch {
      // The request client has shown the server's reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title="快捷回复"
      okText="回复"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{item.titile}</Typography.Paragraph>
      <Input.TextArea
        aria-label="回复内容"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        rows={6}
        maxLength={MAX}
        showCount
        placeholder="请输入回复内容，回复将以您所在部门的名义发送给提交人"
        status={error ? 'error' : undefined}
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}
