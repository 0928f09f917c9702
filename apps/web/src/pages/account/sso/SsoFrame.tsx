import { ClockCircleOutlined } from '@ant-design/icons';
import { Constants, SSO_PENDING_MESSAGE } from '@odp/contracts';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SITE_NAME } from '@/app/site';
import { Logo } from '@/components/Logo';
import '../login.css';
import './sso.css';

/** The sign-in card of the login page, for the single sign-on pages. */
export function SsoFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="login-page">
      <div className="login-card sso-card">
        <Link to={Constants.portalHomePath} className="login-brand">
          <Logo size={44} />
          <span>{SITE_NAME}</span>
        </Link>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** The password sign-in, keeping where the visitor was going. */
export const passwordLoginPath = (redirect: string | null) =>
  redirect ? `/user/login?redirect=${encodeURIComponent(redirect)}` : '/user/login';

/** 返回首页 and 账号密码登录 (or another second action) under a notice. */
export function SsoActions({ redirect = null }: { redirect?: string | null }) {
  const navigate = useNavigate();
  return (
    <div className="sso-actions">
      <Button type="primary" onClick={() => navigate(Constants.portalHomePath)}>
        返回首页
      </Button>
      <Button onClick={() => navigate(passwordLoginPath(redirect))}>账号密码登录</Button>
    </div>
  );
}

/** 待授权: the identity is registered and waits for an administrator. */
export function PendingNotice() {
  return (
    <section className="sso-state" aria-live="polite">
      <ClockCircleOutlined className="sso-state-icon sso-pending-icon" aria-hidden />
      <h2>等待管理员授权</h2>
      <p>{SSO_PENDING_MESSAGE}</p>
      <p className="sso-hint">如需尽快开通，请联系平台管理员。</p>
      <SsoActions />
    </section>
  );
}
