import { LockOutlined } from '@ant-design/icons';
import { AccountMessages as M } from '@odp/contracts';
import { Form, Input } from 'antd';
import type { ZodType } from 'zod';
import { sameAsRule, zodRule } from '@/components/ResourcePage/zod-rule';
import { PasswordMeter } from './PasswordMeter';

/**
 * A new password and its confirmation (`password`, `confirmpassword`) with the strength meter, as
 * registration and 找回密码 ask for them: the password by the form's own rule, the copy the same.
 */
export function NewPasswordFields({
  label,
  confirmPlaceholder,
  rule,
}: {
  label: string;
  confirmPlaceholder: string;
  rule: ZodType;
}) {
  const password = Form.useWatch('password', Form.useFormInstance()) as string | undefined;
  return (
    <>
      <Form.Item name="password" label={label} extra={<PasswordMeter password={password} />} rules={[zodRule(rule)]}>
        <Input.Password prefix={<LockOutlined />} placeholder={M.passwordHint} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmpassword"
        label="确认密码"
        dependencies={['password']}
        rules={[{ required: true, message: M.confirmRequired }, sameAsRule('password', M.passwordMismatch)]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={confirmPlaceholder} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
