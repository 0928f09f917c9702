import type { ShareListItem } from '@odp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import { changeShareSystem, shareKeys } from '@/api/share';
import { AppSystemSelect } from '@/components/AppSystemSelect';
import { isApiError } from '@/components/ResourcePage/errors';

/**
 * 更换授权项目: another of the department's application systems uses the granted data. The grant
 * (items, period, key) stays; the application's history records the change.
 */
export function ChangeSystemDialog({ share, onClose }: { share: ShareListItem | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [system, setSystem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (input: { applyId: string; useAppSystem: string }) => changeShareSystem(input),
    onSuccess: async () => {
      feedback.message.success('授权项目已更换');
      await queryClient.invalidateQueries({ queryKey: shareKeys.all });
      onClose();
    },
    onError: (error) => setProblem(isApiError(error) ? error.message : '更换失败，请稍后再试'),
  });
  const close = () => {
    setSystem(null);
    setProblem(null);
    onClose();
  };
  return (
    <Modal
      open={share !== null}
      title="更换授权项目"
      okText="确定更换"
      cancelText="取消"
      okButtonProps={{ disabled: !system || system === share?.useAppSystem, loading: change.isPending }}
      onOk={() => share && system && change.mutate({ applyId: share.applyId, useAppSystem: system })}
      onCancel={close}
      afterClose={() => {
        setSystem(null);
        setProblem(null);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        “{share?.applyTitle}”的数据将改由所选应用系统使用，授权的信息项、期限与密钥不变。
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="使用应用系统" required>
          <AppSystemSelect
            storedBy="id"
            placeholder="请选择本部门的应用系统"
            value={system ?? share?.useAppSystem ?? undefined}
            onChange={(next) => setSystem(next ?? null)}
            allowClear={false}
          />
        </Form.Item>
      </Form>
      {problem && <Alert type="error" showIcon message={problem} />}
    </Modal>
  );
}
