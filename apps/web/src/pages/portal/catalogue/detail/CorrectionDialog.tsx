import { INTERACTION_LIMITS } from '@odp/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';
import { interactionKeys, submitTicket } from '@/api/interaction';

const MAX = INTERACTION_LIMITS.content;

/**
 * 数据纠错 from a dataset's detail page (the original's dialog): the text, sent as a 数据纠错 ticket
 * routed to the dataset's provider. Attachments and privacy are on the desk's full form.
 */
export default function CorrectionDialog({
  catalogId,
  catalogName,
  onClose,
}: {
  catalogId: string;
  catalogName: string;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  const fullForm = `/communication/interaction?${new URLSearchParams({ section: 'dataCorrection', tab: 'new', catalogId, catalogName })}`;
  const save = useMutation({
    mutationFn: () =>
      submitTicket({ kind: 'dataCorrection', body: { catalogId, correctionContent: text, isPublic: true } }),
    onSuccess: () => {
      feedback.message.success('提交成功!');
      client.invalidateQueries({ queryKey: interactionKeys.all });
      onClose();
    },
    onError: (e) => setError(e instanceof ApiError ? e.message.replace(/（字段 \w+）$/, '') : '提交失败!'),
  });
  return (
    <Modal
      open
      title={`《${catalogName}》数据纠错`}
      okText="提交"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => {
        if (!text.trim()) {
          setError('纠错内容不能为空');
          return;
        }
        setError(null);
        save.mutate();
      }}
      destroyOnHidden
    >
      <label htmlFor="correction-text" className="detail-correction-label">
        纠错内容
      </label>
      <Input.TextArea
        id="correction-text"
        rows={5}
        maxLength={MAX}
        showCount
        value={text}
        status={error ? 'error' : undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'correction-error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (error && e.target.value.trim()) setError(null);
        }}
        placeholder="请描述数据中的错误、缺失或过时之处"
      />
      {error && (
        <p id="correction-error" role="alert" className="detail-correction-error">
          {error}
        </p>
      )}
      <p className="detail-correction-hint">
        数源部门核实后将在 5 个工作日内答复，您可在 <Link to="/personalCenter/perCenter?current=12">我的互动</Link>{' '}
        查看进度。需要上传附件请使用<Link to={fullForm}>完整表单</Link>。
      </p>
    </Modal>
  );
}
