import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Constants, type LoginFailure, Messages } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Tabs } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { getCaptcha, login } from '@/api/auth';
import { ApiError } from '@/api/client';
import { getSsoProviders, ssoKeys } from '@/api/sso';
import { SITE_NAME } from '@/app/site';
import { Logo } from '@/components/Logo';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { getSession, getToken, readLocal, removeLocal, writeLocal } from '@/session';
import { useAcceptLogin } from './accept-login';
import { landingPath } from './landing';
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
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const [signedInBefore] = useState(() => Boolean(getToken()));
  const [captcha, setCaptcha] = useState<{ key: string; image?: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { accept, chooser } = useAcceptLogin(redirect);
  const providers = useQuery({ queryKey: ssoKeys.providers, queryFn: getSsoProviders, staleTime: 5 * 60_000 });
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
      accept(result);
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
        {mode === 'phone' && <PhoneLoginForm onSignedIn={accept} />}
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
          {providers.data?.oidc && (
            <>
              <Link to={redirect ? `/sso-login?redirect=${encodeURIComponent(redirect)}` : '/sso-login'}>
                统一身份认证登录
              </Link>
              <span className="login-footer-sep">|</span>
            </>
          )}
          <Link to="/user/register">注册账号</Link>
          <span className="login-footer-sep">|</span>
          <Link to="/user/alteration">忘记密码</Link>
          <span className="login-footer-sep">|</span>
          <Link to={Constants.portalHomePath}>返回首页</Link>
        </div>
      </div>
      {chooser}
    </main>
  );
}
