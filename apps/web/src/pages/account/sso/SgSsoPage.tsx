import { CloseCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { sgSsoLogin } from '@/api/sso';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { useAcceptLogin } from '../accept-login';
import { PendingNotice, SsoActions, SsoFrame } from './SsoFrame';

type State = { kind: 'working' } | { kind: 'pending' } | { kind: 'failed'; message: string };

/**
 * `/sgSso?token=…`: the trusted sibling system hands a user over with a signed, single-use token.
 * The token is sent once (and taken out of the address first); a good one signs the user in.
 */
export default function SgSsoPage() {
  useDocumentTitle('单点登录');
  const [params, setParams] = useSearchParams();
  const [token] = useState(() => params.get('token'));
  const redirect = params.get('redirect');
  const { accept, chooser } = useAcceptLogin(redirect);
  const [state, setState] = useState<State>(
    token ? { kind: 'working' } : { kind: 'failed', message: '缺少登录令牌，请从原系统重新进入' },
  );
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    setParams(redirect ? { redirect } : {}, { replace: true });
    sgSsoLogin(token).then(
      (outcome) => (outcome.outcome === 'pending' ? setState({ kind: 'pending' }) : accept(outcome.login)),
      (error: unknown) =>
        setState({ kind: 'failed', message: error instanceof Error && error.message ? error.message : '单点登录失败' }),
    );
  });

  return (
    <SsoFrame title={state.kind === 'pending' ? '账号待授权' : '单点登录'}>
      {state.kind === 'pending' ? (
        <PendingNotice />
      ) : state.kind === 'failed' ? (
        <section className="sso-state" role="alert">
          <CloseCircleOutlined className="sso-state-icon sso-error-icon" aria-hidden />
          <h2>登录未完成</h2>
          <p>{state.message}</p>
          <SsoActions redirect={redirect} />
        </section>
      ) : (
        <section className="sso-state" aria-live="polite">
          <LoadingOutlined className="sso-state-icon sso-info-icon" aria-hidden />
          <h2>正在登录…</h2>
          {chooser}
        </section>
      )}
    </SsoFrame>
  );
}
