import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Constants, type LoginFailure, type LoginResult, Messages } from '@odp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Tabs } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { getCaptcha, login } from '@/api/auth';
import { ApiError } from '@/api/client';
import { queryKeys } from '@/api/query-keys';
import { SITE_NAME } from '@/app/site';
import { LoginSelectModal } from '@/components/account/LoginSelectModal';
import { Logo } from '@/components/Logo';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { getSession, getToken, readLocal, removeLocal, saveLogin, saveTenant, signOut, writeLocal } from '@/session';
import { isPortalPath, landingPath } from './landing';
import { PhoneLoginForm } from './PhoneLoginForm';
import './login.css';
import { feedback } from '@/api/feedback';

type Values = { username: string; password: string; captcha?: string; remember: boolean };

const REMEMBERED = 'remember_username';

const newCheckKey = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

export default function LoginPage() {
  useDocumentTitle('用户登录');
  const [form] = Form.useForm<Values>();
  const { notification } = feedback;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const [signedInBefore] = useState(() => Boolean(getToken()));
  const [captcha, setCaptcha] = useState<{ key: string; image?: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [choosing, setChoosing] = useState<LoginResult | null>(null);
  const [mode, setMode] = useState<'password' | 'phone'>('password');

  if (signedInBefore) return <Navigate to={landingPath(redirect, Boolean(getSession().userInfo?.orgCode))} replace />;

  const refreshCaptcha = async () => {
    const key = newCheckKey();
    setCaptcha({ key });
    form.setFieldValue('captcha', '');
    try {
      setCaptcha({ key, image: await getCaptcha(key) });
    } catch {
      // The image stays empty; a click on it asks again.
    }
  };

  const finish = (result: LoginResult) => {
    const target = landingPath(redirect, result.multi_depart !== 0);
    // Said only to someone sent into the back office, where the lack of a department matters.
    if (result.multi_depart === 0 && !isPortalPath(target)) {
      notification.warning({ message: '提示', description: Messages.noDepartBelong, duration: 3 });
    }
    // The menu depends on the department chosen, so it is fetched afresh.
    queryClient.removeQueries({ queryKey: queryKeys.permission });
    navigate(target, { replace: true });
  };

  /** After any way of signing in: store the session, then choose tenant or department, or go on. */
  const signedIn = (result: LoginResult) => {
    saveLogin(result.token, result.userInfo, result.sysAllDictItems);
    if (result.tenantList.length === 1) saveTenant(String(result.tenantList[0].id));
    if (result.tenantList.length > 1 || result.multi_depart === 2) setChoosing(result);
    else finish(result);
  };

  const submit = async ({ username, password, captcha: code, remember }: Values) => {
    setSubmitting(true);
    try {
      const result = await login({
        username,
        password,
        ...(captcha ? { captcha: code, checkKey: captcha.key } : {}),
      });
      if (remember) writeLocal(REMEMBERED, username, null);
      else removeLocal(REMEMBERED);
      signedIn(result);
    } catch (error) {
      const failure = error instanceof ApiError ? (error.result as LoginFailure | null) : null;
      notification.error({
        message: Messages.loginFailed,
        description: error instanceof Error && error.message ? error.message : Messages.requestFailed,
        duration: 4,
      });
      if (failure?.captchaRequired || captcha) void refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <main className="login-page">
      <div className="login-card">
        <Link to={Constants.portalHomePath} className="login-brand">
          <Logo size={44} />
          <span>{SITE_NAME}</span>
        </Link>
        <h1>用户登录</h1>
        <Tabs
          centered
          activeKey={mode}
          onChange={(key) => setMode(key as 'password' | 'phone')}
          items={[
            { key: 'password', label: '账号密码登录' },
            { key: 'phone', label: '手机号登录' },
          ]}
        />
        {mode === 'phone' && <PhoneLoginForm onSignedIn={signedIn} />}
        <Form
          hidden={mode !== 'password'}
          form={form}
          size="large"
          onFinish={submit}
          initialValues={{ username: readLocal<string>(REMEMBERED) ?? '', remember: Boolean(readLocal(REMEMBERED)) }}
        >
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
            <Input prefix={<UserOutlined />} placeholder="用户名" aria-label="用户名" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="密码"
              aria-label="密码"
              autoComplete="current-password"
            />
          </Form.Item>
          {captcha && (
            <Form.Item required>
              <div className="login-captcha">
                <Form.Item name="captcha" noStyle rules={[{ required: true, message: Messages.captchaRequired }]}>
                  <Input
                    prefix={<SafetyOutlined />}
                    placeholder="验证码"
                    aria-label="验证码"
                    maxLength={8}
                    autoComplete="off"
                  />
                </Form.Item>
                <button type="button" className="login-captcha-image" onClick={refreshCaptcha} title="看不清？换一张">
                  {captcha.image ? <img src={captcha.image} alt="验证码" /> : '获取验证码'}
                </button>
              </div>
            </Form.Item>
          )}
          <Form.Item name="remember" valuePropName="checked">
            <Checkbox>记住用户名</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登 录
          </Button>
        </Form>
        <div className="login-footer">
          <Link to="/user/register">注册账号</Link>
          <span className="login-footer-sep">|</span>
          <Link to="/user/alteration">忘记密码</Link>
          <span className="login-footer-sep">|</span>
          <Link to={Constants.portalHomePath}>返回首页</Link>
        </div>
      </div>
      {choosing && (
        <LoginSelectModal
          login={choosing}
          onDone={() => {
            setChoosing(null);
            finish(choosing);
          }}
          onFailed={() => {
            setChoosing(null);
            void signOut();
          }}
        />
      )}
    </main>
  );
}
