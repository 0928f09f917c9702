import { CloseCircleOutlined, LoadingOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { SSO_ERRORS, type SsoErrorCode } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { getLoginUser, getSsoProviders, oidcStartUrl, ssoKeys } from '@/api/sso';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { getSession, getToken } from '@/session';
import { useAcceptLogin } from '../accept-login';
import { landingPath } from '../landing';
import { PendingNotice, passwordLoginPath, SsoActions, SsoFrame } from './SsoFrame';

const errorText = (code: string | null) =>
  code && code in SSO_ERRORS ? SSO_ERRORS[code as SsoErrorCode] : SSO_ERRORS.failed;

/** A sign-on that did not end signed in: the reason, and the ways on. */
function Failure({ message, redirect }: { message: string; redirect: string | null }) {
  return (
    <section className="sso-state" role="alert">
      <CloseCircleOutlined className="sso-state-icon sso-error-icon" aria-hidden />
      <h2>登录未完成</h2>
      <p>{message}</p>
      <SsoActions redirect={redirect} />
    </section>
  );
}

/**
 * The sign-on callback's hand-off: the one-time code is exchanged for the session once (the address
 * is cleaned first, so a reload does not try again) and the login answer stored as a password
 * sign-in's is.
 */
function HandOff({ code, redirect }: { code: string; redirect: string | null }) {
  const { accept, chooser } = useAcceptLogin(redirect);
  const [, setParams] = useSearchParams();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setParams(redirect ? { redirect } : {}, { replace: true });
    getLoginUser(code).then(accept, (error: unknown) =>
      setFailed(error instanceof Error && error.message ? error.message : SSO_ERRORS.failed),
    );
  });
  if (failed) return <Failure message={failed} redirect={redirect} />;
  return (
    <section className="sso-state" aria-live="polite">
      <LoadingOutlined className="sso-state-icon sso-info-icon" aria-hidden />
      <h2>正在登录…</h2>
      {chooser}
    </section>
  );
}

/** What `/sso-login` offers: the configured provider, else a note that there is none. */
function Providers({ redirect }: { redirect: string | null }) {
  const providers = useQuery({ queryKey: ssoKeys.providers, queryFn: getSsoProviders, staleTime: 60_000 });
  if (providers.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (providers.isError) return <Failure message="无法获取统一身份认证配置，请稍后再试" redirect={redirect} />;
  const oidc = providers.data?.oidc;
  // Without a provider the header's 登录/注册 (which leads here, spec §2.3) goes straight on to the
  // platform's own sign-in, keeping where the visitor was going.
  if (!oidc) return <Navigate to={passwordLoginPath(redirect)} replace />;
  return (
    <section className="sso-provider">
      <Button type="primary" size="large" block icon={<SafetyCertificateOutlined />} href={oidcStartUrl(redirect)}>
        使用{oidc.name}登录
      </Button>
      <p className="sso-note">将跳转至{oidc.name}进行身份验证。首次登录的外部账号需经管理员授权后方可使用。</p>
      <div className="login-footer">
        <Link to={passwordLoginPath(redirect)}>账号密码登录</Link>
        <Link to="/openPlatform/home">返回首页</Link>
      </div>
    </section>
  );
}

/**
 * `/sso-login`: the configured identity providers, and where every sign-on comes back to — with a
 * one-time `code` (signed in here), `result=pending` (the 待授权 page) or an `error` reason.
 */
export default function SsoLoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const code = params.get('code');
  const pending = params.get('result') === 'pending';
  const error = params.get('error');
  useDocumentTitle(pending ? '等待授权' : '统一身份认证登录');
  const [signedInBefore] = useState(() => Boolean(getToken()));

  if (code) {
    return (
      <SsoFrame title="统一身份认证登录">
        <HandOff code={code} redirect={redirect} />
      </SsoFrame>
    );
  }
  if (signedInBefore && !pending && !error) {
    return <Navigate to={landingPath(redirect, Boolean(getSession().userInfo?.orgCode))} replace />;
  }
  return (
    <SsoFrame title={pending ? '账号待授权' : '统一身份认证登录'}>
      {pending ? (
        <PendingNotice />
      ) : error ? (
        <Failure message={errorText(error)} redirect={redirect} />
      ) : (
        <Providers redirect={redirect} />
      )}
    </SsoFrame>
  );
}
