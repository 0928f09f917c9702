import type { OpenAppSecret } from '@odp/contracts';
import { Alert, Typography } from 'antd';
import { feedback } from '@/api/feedback';

/** The key and the secret as they are shown once, each with a copy button. */
function AppSecretView({ secret }: { secret: OpenAppSecret }) {
  return (
    <div className="app-secret">
      <Alert
        type="warning"
        showIcon
        message="密钥只显示这一次"
        description="平台不保存可读的密钥，关闭后无法再次查看。请立即复制并妥善保存；遗失时可“更换密钥”。"
      />
      <dl>
        <dt>App Key</dt>
        <dd>
          <Typography.Text code copyable>
            {secret.appKey}
          </Typography.Text>
        </dd>
        <dt>App Secret</dt>
        <dd>
          <Typography.Text code copyable>
            {secret.secret}
          </Typography.Text>
        </dd>
      </dl>
    </div>
  );
}

export function showAppSecret(title: string, secret: OpenAppSecret) {
  feedback.modal.success({
    title,
    width: 600,
    content: <AppSecretView secret={secret} />,
    okText: '我已保存',
  });
}
