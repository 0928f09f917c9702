import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { getDevSmsInbox } from '@/api/account';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { AccountFrame } from './AccountFrame';

const PURPOSE: Record<string, string> = { '0': '登录', '1': '注册', '2': '找回密码', '3': '更换手机号' };

/**
 * 开发用短信收件箱 (`/dev/sms-inbox`): the codes the log provider sent from this server, newest first,
 * so demos and browser tests need no carrier. The API answers 404 in production, and so does this page.
 */
export default function DevSmsInboxPage() {
  useDocumentTitle('开发用短信收件箱');
  const inbox = useQuery({ queryKey: ['dev-sms-inbox'], queryFn: getDevSmsInbox, retry: false, refetchInterval: 3000 });
  return (
    <AccountFrame title="开发用短信收件箱" steps={[]} current={0}>
      <Alert
        type="warning"
        showIcon
        message="仅供开发与演示：短信服务为 log 时，验证码不真正发出，在此查看。生产环境不提供此页面。"
        style={{ marginBottom: 16 }}
      />
      {inbox.isLoading ? (
        <Skeleton active />
      ) : inbox.isError ? (
        <Empty description="本环境不提供开发用短信收件箱" />
      ) : (
        <List
          dataSource={inbox.data ?? []}
          locale={{ emptyText: <Empty description="暂无短信" /> }}
          renderItem={(m) => (
            <List.Item key={`${m.mobile}-${m.sentAt}`} className="dev-sms-item">
              <List.Item.Meta
                title={
                  <span>
                    {m.mobile} <Tag color="blue">{PURPOSE[m.purpose] ?? m.purpose}</Tag>
                    <Typography.Text copyable={{ text: m.code }} strong className="dev-sms-code">
                      {m.code}
                    </Typography.Text>
                  </span>
                }
                description={`${new Date(m.sentAt).toLocaleString('zh-CN')}　${m.text}`}
              />
            </List.Item>
          )}
        />
      )}
      <div className="account-actions" style={{ marginTop: 16 }}>
        <Button onClick={() => inbox.refetch()}>刷新</Button>
      </div>
      <div className="login-footer">
        <Link to="/user/login">返回登录</Link>
      </div>
    </AccountFrame>
  );
}
