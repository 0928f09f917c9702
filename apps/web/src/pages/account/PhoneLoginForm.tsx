import { MobileOutlined } from '@ant-design/icons';
import { type LoginResult, Messages, PhoneLoginInput } from '@odp/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { phoneLogin } from '@/api/account';
import { feedback } from '@/api/feedback';
import { SmsCodeInput } from '@/components/account/SmsCodeInput';
import { zodRule } from '@/components/ResourcePage/zod-rule';
import './account.css';

const shape = PhoneLoginInput.shape;

/** 手机号登录 (`/sys/phoneLogin`): the number, an SMS code (smsmode 0), and the login page's next steps. */
export function PhoneLoginForm({ onSignedIn }: { onSignedIn: (result: LoginResult) => void }) {
  const [form] = Form.useForm<{ mobile: string; captcha: string }>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: { mobile: string; captcha: string }) => {
    setSubmitting(true);
    try {
      onSignedIn(await phoneLogin(values));
    } catch (error) {
      feedback.notification.error({
        message: Messages.loginFailed,
        description: error instanceof Error && error.message ? error.message : Messages.requestFailed,
        duration: 4,
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} size="large" onFinish={submit} aria-label="手机号登录">
      <Form.Item name="mobile" rules={[zodRule(shape.mobile)]}>
        <Input prefix={<MobileOutlined />} placeholder="手机号" aria-label="手机号" autoComplete="tel" maxLength={11} />
      </Form.Item>
      <Form.Item name="captcha" rules={[zodRule(shape.captcha)]}>
        <SmsCodeInput form={form} mobileField="mobile" smsmode="0" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登 录
      </Button>
    </Form>
  );
}
