import { Messages, PASSWORD_POLICY, type UpdatePasswordInput } from '@odp/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { updatePassword } from '@/api/auth';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';
import { useSession } from '@/session';

type Values = Omit<UpdatePasswordInput, 'username'>;

const layout = { labelCol: { span: 5 }, wrapperCol: { span: 16 } };

/** 修改密码 (spec §2.3, §5): the server's message is shown as success, or as a warning when refused. */
export default function PasswordModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { message } = feedback;
  const { userInfo } = useSession();

  const save = useMutation({
    mutationFn: (values: Values) => updatePassword({ ...values, username: userInfo?.username ?? '' }),
    onSuccess: (result) => {
      message.success(typeof result === 'string' && result ? result : Messages.passwordChanged);
      onClose();
    },
    // A block body: a returned antd message is a thenable that would hold the mutation until it fades.
    onError: (error) => {
      message.warning(error instanceof ApiError ? error.message : Messages.requestFailed);
    },
  });

  const submit = async () => {
    if (!userInfo?.username) {
      message.warning(Messages.noLoginUser);
      return;
    }
    // A failed validation already marks the fields; there is nothing else to report.
    const values = await form.validateFields().catch(() => null);
    if (values) save.mutate(values);
  };

  return (
    <Modal open title="修改密码" width={800} onOk={submit} onCancel={onClose} confirmLoading={save.isPending}>
      <Form form={form} {...layout} autoComplete="off">
        <Form.Item
          label="旧密码"
          name="oldpassword"
          rules={[{ required: true, message: Messages.oldPasswordRequired }]}
        >
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="新密码"
          name="password"
          rules={[
            { required: true, message: Messages.newPasswordRequired },
            { pattern: PASSWORD_POLICY, message: Messages.passwordPolicy },
          ]}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: Messages.confirmPasswordRequired },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(Messages.passwordMismatch)),
            }),
          ]}
        >
          <Input.Password placeholder="请确认新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
