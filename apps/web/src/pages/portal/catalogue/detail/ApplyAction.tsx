import { FormOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { MarketDetail } from '@/api/market';
import {
  listMyOpenAppliesFor,
  OPEN_APPLY_ACTIVE,
  OPEN_APPLY_PERMISSION,
  type OpenApplyItem,
  openApplyKeys,
} from '@/api/open-apply';
import { signInPath } from '@/pages/account/landing';
import { centrePath } from '@/pages/account/personal-centre/tabs';
import { hasAuth, usePermission, useSession } from '@/session';
import './apply.css';

// The form, its uploads and the agreement load when the visitor asks for them.
const ApplyDrawer = lazy(() => import('./ApplyDrawer'));

/** `apply=1` reopens the form after signing in; `reapply=<id>` starts it from an earlier application. */
const APPLY_PARAMS = ['apply', 'reapply'] as const;

/** The application that stands in the way of another one: waiting, or granted. */
export const activeApplication = (records: OpenApplyItem[] | undefined, catalogId: string) =>
  records?.find((r) => r.catalogId === catalogId && OPEN_APPLY_ACTIVE.includes(r.status)) ?? null;

/**
 * 申请使用 on a 有条件开放 entry: a visitor is sent to sign in and comes back to this page with the
 * form open; a registered user gets the form; someone whose application is waiting or granted sees
 * its status instead, linked to 我的申请.
 */
export function ApplyAction({ detail }: { detail: MarketDetail }) {
  const { token } = useSession();
  const permission = usePermission();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const canApply = hasAuth(permission.data?.auth, OPEN_APPLY_PERMISSION);
  const mine = useQuery({
    queryKey: openApplyKeys.forCatalog(detail.id),
    queryFn: () => listMyOpenAppliesFor(detail.catalogName),
    enabled: Boolean(token) && canApply,
  });
  const current = activeApplication(mine.data?.records, detail.id);
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState<string | null>(null);

  const wantsForm = params.get('apply') === '1' || Boolean(params.get('reapply'));
  // Back from signing in (or from 再次申请): the form opens once the answer says nothing stands in the way.
  useEffect(() => {
    if (!wantsForm || !token || !permission.data || (canApply && !mine.isFetched)) return;
    const next = new URLSearchParams(params);
    for (const key of APPLY_PARAMS) next.delete(key);
    setParams(next, { replace: true });
    if (canApply && !activeApplication(mine.data?.records, detail.id)) {
      setFrom(params.get('reapply'));
      setOpen(true);
    }
  }, [wantsForm, token, permission.data, canApply, mine.isFetched, mine.data, params, setParams, detail.id]);

  if (!token) {
    const back = new URLSearchParams(params);
    back.set('apply', '1');
    return (
      <Button type="primary" icon={<FormOutlined />} onClick={() => navigate(signInPath(`${pathname}?${back}`))}>
        申请使用
      </Button>
    );
  }
  if (current) {
    const granted = current.status === '3';
    return (
      <Link
        to={centrePath(granted ? 'services' : 'applications')}
        className={`detail-apply-status${granted ? ' is-granted' : ''}`}
      >
        <span className="detail-apply-dot" aria-hidden="true" />
        {granted ? '已开通，查看我的服务' : `已申请：${current.statusLabel}`}
      </Link>
    );
  }
  if (permission.data && !canApply)
    return (
      <span className="detail-apply-note" role="note">
        仅注册用户可申请使用
      </span>
    );
  return (
    <>
      <Button
        type="primary"
        icon={<FormOutlined />}
        loading={mine.isLoading || !permission.data}
        onClick={() => {
          setFrom(null);
          setOpen(true);
        }}
      >
        申请使用
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ApplyDrawer open={open} detail={detail} from={from} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
