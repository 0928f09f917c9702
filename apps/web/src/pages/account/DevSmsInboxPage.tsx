import { NOTIFY_CATEGORY, type NotifyCategory } from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { getDevMailInbox, getDevSmsInbox } from '@/api/account';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { AccountFrame } from './AccountFrame';

const PURPOSE: Record<string, string> = { '0': '登录', '1': '注册', '2': '找回密码', '3': '更换手机号' };

/** 登录 / 注册 … for a code, 通知·审核结果 … for a notification (`notify:<category>`). */
function purposeLabel(purpose: string) {
  if (purpose.startsWith('notify:')) return `通知·${categoryLabel(purpose.slice(7))}`;
  return PURPOSE[purpose] ?? purpose;
}

const categoryLabel = (category: string | null) =>
  category && category in NOTIFY_CATEGORY ? NOTIFY_CATEGORY[category as NotifyCategory] : (category ?? '邮件');

const heading = { fontSize: 16, margin: '16px 0 4px' };

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN');

/**
 * 开发用收件箱 (`/dev/sms-inbox`): the SMS (codes and notifications) and the notification mails the
 * `log` providers sent from this server, newest first, so demos and browser tests need neither a
 * carrier nor a mail server. The API answers 404 in production, and so does this page.
 */
export default function DevSmsInboxPage() {
  useDocumentTitle('开发用短信收件箱');
  const inbox = useQuery({ queryKey: ['dev-sms-inbox'], queryFn: getDevSmsInbox, retry: false, refetchInterval: 3000 });
  const mails = useQuery({
    queryKey: ['dev-mail-inbox'],
    queryFn: getDevMailInbox,
    retry: false,
    refetchInterval: 3000,
  });
  return (
    <AccountFrame title="开发用短信收件箱" steps={[]} current={0}>
      <Alert
        type="warning"
        showIcon
        message="仅供开发与演示：短信、邮件服务为 log 时，验证码与通知不真正发出，在此查看。生产环境不提供此页面。"
        style={{ marginBottom: 16 }}
      />
      <h2 style={heading}>短信</h2>
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
                    {m.mobile} <Tag color={m.code ? 'blue' : 'green'}>{purposeLabel(m.purpose)}</Tag>
                    {m.code && (
                      <Typography.Text copyable={{ text: m.code }} strong className="dev-sms-code">
                        {m.code}
                      </Typography.Text>
                    )}
                  </span>
                }
                description={`${when(m.sentAt)}　${m.text}`}
              />
            </List.Item>
          )}
        />
      )}
      <h2 style={heading}>邮件</h2>
      {mails.isLoading ? (
        <Skeleton active />
      ) : mails.isError ? (
        <Empty description="本环境不提供开发用邮件收件箱" />
      ) : (
        <List
          dataSource={mails.data ?? []}
          locale={{ emptyText: <Empty description="暂无邮件" /> }}
          renderItem={(m) => (
            <List.Item key={`${m.to}-${m.sentAt}`} className="dev-mail-item">
              <List.Item.Meta
                title={
                  <span>
                    {m.to} <Tag color="green">{`通知·${categoryLabel(m.category)}`}</Tag> {m.subject}
                  </span>
                }
                description={<span style={{ whiteSpace: 'pre-line' }}>{`${when(m.sentAt)}\n${m.text}`}</span>}
              />
            </List.Item>
          )}
        />
      )}
      <div className="account-actions" style={{ marginTop: 16 }}>
        <Button
          onClick={() => {
            inbox.refetch();
            mails.refetch();
          }}
        >
          刷新
        </Button>
      </div>
      <div className="login-footer">
        <Link to="/user/login">返回登录</Link>
      </div>
    </AccountFrame>
  );
}
