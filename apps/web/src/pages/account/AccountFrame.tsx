import { Constants } from '@odp/contracts';
import { Steps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '@/app/site';
import { Logo } from '@/components/Logo';
import './login.css';
import './account.css';

/** The frame of the account pages (注册, 找回密码): the login page's background, a card, a title and its steps. */
export function AccountFrame(props: { title: string; steps: string[]; current: number; children: ReactNode }) {
  return (
    <main className="login-page">
      <div className="login-card account-card">
        <Link to={Constants.portalHomePath} className="login-brand">
          <Logo size={44} />
          <span>{SITE_NAME}</span>
        </Link>
        <h1>{props.title}</h1>
        {props.steps.length > 0 && (
          <Steps
            size="small"
            current={props.current}
            responsive={false}
            items={props.steps.map((title) => ({ title }))}
            aria-label={`${props.title}步骤`}
          />
        )}
        {props.children}
      </div>
    </main>
  );
}
