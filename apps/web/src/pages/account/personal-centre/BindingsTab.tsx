import { type BoundIdentity, IDM_STATUS, IDM_STATUS_LABEL } from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { feedback } from '@/api/feedback';
import { getSsoProviders, myIdentities, ssoKeys, unbindIdentity } from '@/api/sso';
import { formatDate } from '@/components/portal/format';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { CentreTag } from './CentreTag';

/** One bound identity, with 解除绑定 after a confirmation. */
function Binding({ item }: { item: BoundIdentity }) {
  const queryClient = useQueryClient();
  const unbind = useMutation({
    mutationFn: () => unbindIdentity(item.id),
    onSuccess: async () => {
      feedback.message.success('已解除绑定');
      await queryClient.invalidateQueries({ queryKey: ssoKeys.mine });
    },
  });
  const account = item.claimedName ?? item.displayName ?? '外部账号';
  const confirmUnbind = () =>
    feedback.modal.confirm({
      title: '解除绑定',
      content: `解除后将不能再通过${item.providerName}（${account}）登录本账号；如需恢复须联系管理员重新授权。确定解除绑定吗？`,
      okText: '解除绑定',
      okButtonProps: { danger: true },
      cancelText: '再想想',
      onOk: () => unbind.mutateAsync(),
    });
  return (
    <li className="centre-card">
      <div className="centre-card-head">
        <h3>{item.providerName}</h3>
        <CentreTag color={item.status === IDM_STATUS.active ? 'green' : 'default'}>
          {item.status === IDM_STATUS.active ? '已绑定' : IDM_STATUS_LABEL[item.status]}
        </CentreTag>
      </div>
      <dl className="centre-card-meta">
        <div>
          <dt>外部账号</dt>
          <dd>{account}</dd>
        </div>
        {item.displayName && (
          <div>
            <dt>姓名</dt>
            <dd>{item.displayName}</dd>
          </div>
        )}
        {item.email && (
          <div>
            <dt>邮箱</dt>
            <dd>{item.email}</dd>
          </div>
        )}
        <div>
          <dt>绑定时间</dt>
          <dd>{formatDate(item.firstSeenTime)}</dd>
        </div>
        <div>
          <dt>最近登录</dt>
          <dd>{formatDate(item.lastSeenTime)}</dd>
        </div>
      </dl>
      <div className="centre-card-actions">
        <Button size="small" danger onClick={confirmUnbind} loading={unbind.isPending}>
          解除绑定
        </Button>
      </div>
    </li>
  );
}

/** 账号绑定: the external identities (统一身份认证, 业务协同系统) that sign in as this account. */
export default function BindingsTab() {
  const list = useQuery({ queryKey: ssoKeys.mine, queryFn: myIdentities });
  const providers = useQuery({ queryKey: ssoKeys.providers, queryFn: getSsoProviders, staleTime: 60_000 });
  if (list.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (list.isError) return <ErrorState onRetry={() => list.refetch()} />;
  const items = list.data ?? [];
  return (
    <section aria-label="账号绑定">
      <p className="centre-muted">
        绑定的外部身份可用于统一身份认证登录本账号。首次通过统一身份认证登录时自动绑定，解除后须由管理员重新授权。
      </p>
      {items.length === 0 ? (
        <EmptyState description="暂未绑定外部身份">
          {providers.data?.oidc && <Link to="/sso-login">使用{providers.data.oidc.name}登录以绑定</Link>}
        </EmptyState>
      ) : (
        <ul className="centre-cards">
          {items.map((item) => (
            <Binding key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
