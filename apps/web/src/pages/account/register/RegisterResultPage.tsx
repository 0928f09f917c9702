import { Constants } from '@odp/contracts';
import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { AccountFrame } from '../AccountFrame';
import { REGISTER_STEPS } from './steps';

/** 注册完成 (`/user/register-result`): the fourth step, with 返回首页 and 去登录. */
export default function RegisterResultPage() {
  useDocumentTitle('注册成功');
  const navigate = useNavigate();
  const username = (useLocation().state as { username?: string } | null)?.username;
  return (
    <AccountFrame title="用户注册" steps={REGISTER_STEPS} current={3}>
      <Result
        status="success"
        title="注册成功"
        subTitle={
          username
            ? `您的账号 ${username} 已注册成功，现在可以登录平台申请和使用开放数据。`
            : '账号已注册成功，现在可以登录平台申请和使用开放数据。'
        }
        extra={[
          <Button key="home" size="large" onClick={() => navigate(Constants.portalHomePath)}>
            返回首页
          </Button>,
          <Button key="login" type="primary" size="large" onClick={() => navigate('/user/login')}>
            去登录
          </Button>,
        ]}
      />
    </AccountFrame>
  );
}
