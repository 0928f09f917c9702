import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { Messages, NewPassword, type UserItem } from '@odp/contracts';
import { Form, Typography } from 'antd';
import { feedback } from '@/api/feedback';
import { changePassword } from '@/api/system/user';
import { sameAsRule, zodRule } from '@/components/ResourcePage';

type Values = { password: string; confirmpassword: string };

/** 重置密码: an administrator sets a new password for a user; the old one is not asked. */
export function ResetPasswordAction({ user, done }: { user: UserItem; done: () => Promise<void> }) {
  const { message } = feedback;
  const [form] = Form.useForm<Values>();
  return (
    <ModalForm<Values>
      title={`重置密码：${user.realname}（${user.username}）`}
      width={520}
      form={form}
      name={`reset-password-${user.id}`}
      layout="horizontal"
      labelCol={{ flex: '100px' }}
      trigger={<Typography.Link>重置密码</Typography.Link>}
      modalProps={{ maskClosable: false }}
      onOpenChange={(open) => {
        if (!open) form.resetFields();
      }}
      onFinish={async (values) => {
        try {
          await changePassword({ username: user.username, ...values });
        } catch {
          return false; // the request client has shown why
        }
        message.success('密码重置成功');
        await done();
        return true;
      }}
    >
      <ProFormText.Password
        name="password"
        label="新密码"
        placeholder="至少 8 位，包含字母和数字"
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[zodRule(NewPassword, { required: Messages.newPasswordRequired })]}
      />
      <ProFormText.Password
        name="confirmpassword"
        label="确认新密码"
        placeholder="请再次输入新密码"
        dependencies={['password']}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[
          { required: true, message: Messages.confirmPasswordRequired },
          sameAsRule('password', Messages.passwordMismatch),
        ]}
      />
    </ModalForm>
  );
}
