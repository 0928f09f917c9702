import { MobileOutlined } from '@ant-design/icons';
import { AccountMessages as M, PasswordChangeInput, PhoneVerificationInput } from '@odp/contracts';
import { Button, Descriptions, Form, Input, Result } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { passwordChange, phoneVerification } from '@/api/account';
import { feedback } from '@/api/feedback';
import { SmsCodeInput } from '@/components/account/SmsCodeInput';
import { zodRule } from '@/components/ResourcePage/zod-rule';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { AccountFrame } from './AccountFrame';
import { NewPasswordFields } from './register/NewPasswordFields';

const STEPS = ['手机验证', '设置新密码', '完成'];
const BACK_SECONDS = 5;
const verifyShape = PhoneVerificationInput.shape;
const changeShape = PasswordChangeInput.shape;
const cleanMessage = (e: unknown, fallback: string) =>
  e instanceof Error && e.message ? e.message.replace(/（字段 \w+）$/, '') : fallback;

/**
 * 忘记密码 (`/user/alteration`): 手机验证 (number and SMS code), 设置新密码 for the account of that number,
 * then 完成 with a 5-second countdown back to the login page. Every session of the account ends.
 */
export default function AlterationPage() {
  useDocumentTitle('找回密码');
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [account, setAccount] = useState<{ username: string; smscode: string; phone: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useState(BACK_SECONDS);

  useEffect(() => {
    if (step !== 2) return;
    if (left <= 0) {
      navigate('/user/login', { replace: true });
      return;
    }
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [step, left, navigate]);

  const verify = async () => {
    let values: { phone: string; smscode: string };
    try {
      values = await form.validateFields(['phone', 'smscode']);
    } catch {
      return;
    }
    setBusy(true);
    try {
      const result = await phoneVerification(values);
      setAccount({ ...result, phone: values.phone });
      setStep(1);
    } catch (e) {
      feedback.notification.error({
        message: M.verifyFailed,
        description: cleanMessage(e, M.verifyFailed),
        duration: 4,
      });
    } finally {
      setBusy(false);
    }
  };

  const change = async () => {
    if (!account) return;
    let values: { password: string; confirmpassword: string };
    try {
      values = await form.validateFields(['password', 'confirmpassword']);
    } catch {
      return;
    }
    setBusy(true);
    try {
      await passwordChange({ ...account, ...values });
      setStep(2);
    } catch (e) {
      feedback.notification.error({
        message: M.changeFailed,
        description: cleanMessage(e, M.changeFailed),
        duration: 4,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountFrame title="找回密码" steps={STEPS} current={step}>
      <Form form={form} layout="vertical" size="large">
        {step === 0 && (
          <>
            <Form.Item name="phone" label="手机号" rules={[zodRule(verifyShape.phone)]} extra="请输入账号绑定的手机号">
              <Input
                prefix={<MobileOutlined />}
                addonBefore="+86"
                placeholder="11 位手机号"
                autoComplete="tel"
                maxLength={11}
              />
            </Form.Item>
            <Form.Item name="smscode" label="短信验证码" rules={[zodRule(verifyShape.smscode)]}>
              <SmsCodeInput form={form} mobileField="phone" smsmode="2" />
            </Form.Item>
            <div className="account-actions">
              <Button type="primary" size="large" loading={busy} onClick={verify}>
                下一步
              </Button>
            </div>
          </>
        )}
        {step === 1 && account && (
          <>
            <Descriptions
              column={1}
              style={{ marginBottom: 16 }}
              items={[{ key: 'u', label: '账号名', children: account.username }]}
            />
            <NewPasswordFields label="新密码" confirmPlaceholder="再次输入新密码" rule={changeShape.password} />
            <div className="account-actions">
              <Button size="large" onClick={() => setStep(0)}>
                上一步
              </Button>
              <Button type="primary" size="large" loading={busy} onClick={change}>
                提 交
              </Button>
            </div>
          </>
        )}
        {step === 2 && (
          <Result
            status="success"
            title="密码修改成功"
            subTitle={
              <span className="account-result-countdown" aria-live="polite">
                已退出该账号在所有设备上的登录，将在{left}秒后返回登录页面
              </span>
            }
            extra={
              <Button type="primary" size="large" onClick={() => navigate('/user/login', { replace: true })}>
                立即登录
              </Button>
            }
          />
        )}
      </Form>
      {step < 2 && (
        <div className="login-footer">
          想起密码了？<Link to="/user/login">返回登录</Link>
        </div>
      )}
    </AccountFrame>
  );
}
