import { MailOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import {
  type AgreementText,
  isValidCreditCode,
  AccountMessages as M,
  PRIVACY_STATEMENT,
  type RegisterInput,
  RegisterStep2,
  RegisterStep3,
  USER_AGREEMENT,
  USER_AGREEMENT_VERSION,
} from '@odp/contracts';
import { Button, Checkbox, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { checkOnlyUser, register } from '@/api/account';
import { feedback } from '@/api/feedback';
import { SmsCodeInput } from '@/components/account/SmsCodeInput';
import { remoteRule, zodRule } from '@/components/ResourcePage/zod-rule';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { AccountFrame } from '../AccountFrame';
import { AgreementDialog } from './AgreementDialog';
import { NewPasswordFields } from './NewPasswordFields';
import { REGISTER_RESULT_PATH, REGISTER_STEPS } from './steps';

const step3 = RegisterStep3.shape;
const step2 = RegisterStep2.shape;

/** Where a refusal of the final call belongs: the number's step, or a field of the account step. */
const PHONE_STEP_MESSAGES = new Set<string>([M.mobileTaken, M.smsWrong, M.smsTooManyTries, M.mobileInvalid]);
const FIELD_OF_MESSAGE: Record<string, string> = {
  [M.mobileTaken]: 'phone',
  [M.smsWrong]: 'smscode',
  [M.smsTooManyTries]: 'smscode',
  [M.usernameTaken]: 'username',
  [M.emailTaken]: 'email',
  [M.creditCodeInvalid]: 'creditCode',
};

/**
 * 注册 (`/user/register`): 1 个人 or 法人 and the agreements, 2 the number and its SMS code, 3 the account
 * (user name checked live, password with its strength, email, a company's name and 统一社会信用代码);
 * the account is made at the end of step 3 and step 4 is `/user/register-result`.
 */
export default function RegisterPage() {
  useDocumentTitle('用户注册');
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [reading, setReading] = useState<AgreementText | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const accountType = Form.useWatch('accountType', { form, preserve: true }) as '1' | '2' | undefined;

  const STEP_FIELDS = [
    ['accountType', 'agreed'],
    ['phone', 'smscode'],
    ['username', 'password', 'confirmpassword', 'email', 'companyName', 'creditCode'],
  ];

  const next = async () => {
    try {
      await form.validateFields(STEP_FIELDS[step]);
      setStep(step + 1);
    } catch {
      // The fields show what is missing.
    }
  };

  const submit = async () => {
    try {
      await form.validateFields(STEP_FIELDS[2]);
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as RegisterInput;
    setSubmitting(true);
    try {
      const result = await register({
        ...values,
        agreementVersion: USER_AGREEMENT_VERSION,
        companyName: values.accountType === '2' ? values.companyName : null,
        creditCode: values.accountType === '2' ? values.creditCode : null,
      });
      navigate(REGISTER_RESULT_PATH, { replace: true, state: { username: result.username } });
    } catch (e) {
      const message = e instanceof Error ? e.message.replace(/（字段 \w+）$/, '') : M.registerFailed;
      const field = FIELD_OF_MESSAGE[message];
      if (PHONE_STEP_MESSAGES.has(message)) setStep(1);
      if (field) setTimeout(() => form.setFields([{ name: field, errors: [message] }]));
      feedback.notification.error({ message: M.registerFailed, description: message, duration: 4 });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AccountFrame title="用户注册" steps={REGISTER_STEPS} current={step}>
      <Form form={form} layout="vertical" size="large" initialValues={{ accountType: '1' }} requiredMark>
        {step === 0 && (
          <>
            <Form.Item name="accountType" label="账号类型">
              <Radio.Group className="account-types" optionType="button">
                <Radio.Button value="1">
                  <span className="account-type-title">个人用户</span>
                  <span className="account-type-note">以本人名义注册，可完成实名认证</span>
                </Radio.Button>
                <Radio.Button value="2">
                  <span className="account-type-title">法人用户</span>
                  <span className="account-type-note">企业、事业单位或社会组织，需统一社会信用代码</span>
                </Radio.Button>
              </Radio.Group>
            </Form.Item>
            <Form.Item
              name="agreed"
              valuePropName="checked"
              rules={[
                {
                  validator: async (_r, v) => {
                    if (v !== true) throw new Error(M.agreementRequired);
                  },
                },
              ]}
            >
              <Checkbox>
                我已阅读并同意
                <Button type="link" size="small" onClick={() => setReading(USER_AGREEMENT)}>
                  《用户协议》
                </Button>
                和
                <Button type="link" size="small" onClick={() => setReading(PRIVACY_STATEMENT)}>
                  《隐私声明》
                </Button>
              </Checkbox>
            </Form.Item>
          </>
        )}
        {step === 1 && (
          <>
            <Form.Item name="phone" label="手机号" rules={[zodRule(step2.phone)]}>
              <Input
                prefix={<MobileOutlined />}
                addonBefore="+86"
                placeholder="11 位手机号"
                autoComplete="tel"
                maxLength={11}
              />
            </Form.Item>
            <Form.Item name="smscode" label="短信验证码" rules={[zodRule(step2.smscode)]}>
              <SmsCodeInput form={form} mobileField="phone" smsmode="1" />
            </Form.Item>
          </>
        )}
        {step === 2 && (
          <>
            <Form.Item
              name="username"
              label="用户名"
              validateTrigger={['onChange', 'onBlur']}
              extra="4–32 位字母、数字或下划线，以字母开头；注册后不可修改"
              rules={[
                zodRule(step3.username),
                remoteRule(async (username) => void (await checkOnlyUser({ username }))),
              ]}
            >
              <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="username" />
            </Form.Item>
            <NewPasswordFields label="密码" confirmPlaceholder="再次输入密码" rule={step3.password} />
            <Form.Item
              name="email"
              label="电子邮箱"
              validateTrigger={['onChange', 'onBlur']}
              rules={[zodRule(step3.email), remoteRule(async (email) => void (await checkOnlyUser({ email })))]}
            >
              <Input prefix={<MailOutlined />} placeholder="name@example.com" autoComplete="email" />
            </Form.Item>
            {accountType === '2' && (
              <>
                <Form.Item
                  name="companyName"
                  label="单位名称"
                  rules={[{ required: true, whitespace: true, message: M.companyRequired }, { max: 100 }]}
                >
                  <Input placeholder="与营业执照一致" autoComplete="organization" />
                </Form.Item>
                <Form.Item
                  name="creditCode"
                  label="统一社会信用代码"
                  normalize={(v: string) => v?.toUpperCase()}
                  rules={[
                    { required: true, whitespace: true, message: M.creditCodeRequired },
                    {
                      validator: async (_r, v: string | undefined) => {
                        if (v && !isValidCreditCode(v.trim())) throw new Error(M.creditCodeInvalid);
                      },
                    },
                  ]}
                >
                  <Input placeholder="18 位，如 91330100MA2BJ0T0XX" maxLength={18} />
                </Form.Item>
              </>
            )}
          </>
        )}
        <div className="account-actions">
          {step > 0 && (
            <Button size="large" onClick={() => setStep(step - 1)}>
              上一步
            </Button>
          )}
          {step < 2 ? (
            <Button type="primary" size="large" onClick={next}>
              下一步
            </Button>
          ) : (
            <Button type="primary" size="large" loading={submitting} onClick={submit}>
              注 册
            </Button>
          )}
        </div>
      </Form>
      <div className="login-footer">
        已有账号？<Link to="/user/login">去登录</Link>
      </div>
      <AgreementDialog text={reading} onClose={() => setReading(null)} />
    </AccountFrame>
  );
}
