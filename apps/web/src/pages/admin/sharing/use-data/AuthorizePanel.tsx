import { KeyOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { getShareAuthorize, rotateShareKey, shareKeys } from '@/api/share';
import { showAppSecret } from '@/pages/account/AppSecretView';
import '@/pages/account/my-apps.css';
import { formatDate } from '../format';
import { useDescriptionLayout } from '../layout';

/**
 * 授权信息: the key the department calls the granted data with, where it works, and 重置密钥 — the
 * platform keeps no readable secret, so a new one is shown once, with a copy button.
 */
export function AuthorizePanel({ applyId }: { applyId: string }) {
  const info = useQuery({ queryKey: shareKeys.authorize(applyId), queryFn: () => getShareAuthorize(applyId) });
  const descriptionLayout = useDescriptionLayout();
  const rotate = useMutation({
    mutationFn: () => rotateShareKey(applyId),
    onSuccess: (secret) => showAppSecret('新的密钥', secret),
  });

  if (info.isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (info.isError || !info.data) {
    return (
      <Alert
        type="error"
        showIcon
        message="授权信息加载失败"
        description={(info.error as Error | null)?.message}
        action={<Button onClick={() => info.refetch()}>重试</Button>}
      />
    );
  }
  const auth = info.data;
  if (!auth.appKey) return <Empty description="该申请暂无授权密钥" />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="warning"
        showIcon
        message="平台不保存可读的密钥"
        description="调用时使用下方 App Key 与密钥签名。如未保存或遗失密钥，请重置；新密钥只显示一次，原密钥立即失效。"
      />
      <Descriptions
        {...descriptionLayout}
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'key',
            label: 'App Key',
            children: (
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {auth.appKey}
              </Typography.Text>
            ),
          },
          ...(auth.appName ? [{ key: 'app', label: '所属应用', children: auth.appName }] : []),
          {
            key: 'period',
            label: '有效期',
            children: auth.expiresAt
              ? `${auth.startsAt ? `${formatDate(auth.startsAt)} 至 ` : '至 '}${formatDate(auth.expiresAt)}`
              : '永久',
          },
          {
            key: 'fields',
            label: '授权信息项',
            children: auth.fields.length ? auth.fields.join('、') : '-',
          },
          ...auth.endpoints.map((endpoint) => ({
            key: endpoint.url,
            label: endpoint.label,
            children: (
              <Typography.Text copyable={{ text: endpoint.url }} style={{ wordBreak: 'break-all' }}>
                {endpoint.method ? `${endpoint.method} ` : ''}
                {endpoint.url}
              </Typography.Text>
            ),
          })),
          { key: 'sign', label: '调用方式', children: auth.signature || '-' },
        ]}
      />
      <Popconfirm
        title="重置密钥后，原密钥立即失效，确定重置吗？"
        okText="重置"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onConfirm={() => rotate.mutateAsync().catch(() => undefined)}
      >
        <Button icon={<KeyOutlined />} loading={rotate.isPending}>
          重置密钥
        </Button>
      </Popconfirm>
    </Space>
  );
}
