import { Constants } from '@odp/contracts';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { useSession } from '@/session';

const TEXT = {
  '403': '抱歉，您无权访问此页面。',
  '404': '抱歉，您访问的页面不存在。',
  '500': '抱歉，服务器出错了，请稍后再试。',
} as const;

export type ErrorStatus = keyof typeof TEXT;

export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const navigate = useNavigate();
  const { token } = useSession();
  useDocumentTitle(status);
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: '#fff',
      }}
    >
      <Result
        status={status}
        title={<h1 style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>{status}</h1>}
        subTitle={TEXT[status]}
        extra={
          <Button type="primary" onClick={() => navigate(token ? Constants.homePath : Constants.portalHomePath)}>
            返回首页
          </Button>
        }
      />
    </main>
  );
}
