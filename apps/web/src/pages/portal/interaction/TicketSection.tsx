import type { InteractionKind } from '@odp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { getPublicTicket, interactionKeys, listMyTickets, listPublicTickets } from '@/api/interaction';
import { useDictOptions } from '@/components/DictSelect';
import { Pager } from '@/components/portal/Pager';
import { SearchInput } from '@/components/portal/SearchInput';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { TabStrip } from '@/components/portal/TabStrip';
import { signInPath } from '@/pages/account/landing';
import { useSession } from '@/session';
import { MyActions } from './MyActions';
import { TicketItem } from './TicketItem';

// The forms (antd Form, uploads, the dataset picker) load when a visitor opens them.
const TicketForm = lazy(() => import('./TicketForm'));

/** The tabs' words per kind: 公开纠错, 我的纠错, 我要纠错… */
export const TAB_WORDS: Record<InteractionKind, { noun: string; submit: string }> = {
  consult: { noun: '反馈', submit: '我要反馈' },
  dataApplication: { noun: '需求', submit: '提交需求' },
  dataCorrection: { noun: '纠错', submit: '我要纠错' },
  rightsProtection: { noun: '申请', submit: '提交申请' },
};

type Tab = 'public' | 'mine' | 'new';

/** One kind of ticket on the desk: 公开 (replied public items), 我的 (signed in) and the form (signed in). */
export default function TicketSection({ kind }: { kind: InteractionKind }) {
  const [params, setParams] = useSearchParams();
  const tab = (['public', 'mine', 'new'].includes(params.get('tab') ?? '') ? params.get('tab') : 'public') as Tab;
  const words = TAB_WORDS[kind];
  const setTab = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('tab', key);
    next.delete('pageNo');
    next.delete('keyword');
    setParams(next);
  };
  return (
    <TabStrip
      label={`${words.noun}列表与提交`}
      activeKey={tab}
      onChange={setTab}
      className="ia-tabs"
      items={[
        {
          key: 'public',
          label: `公开${words.noun}`,
          children: tab === 'public' ? <PublicList kind={kind} /> : undefined,
        },
        { key: 'mine', label: `我的${words.noun}`, children: tab === 'mine' ? <MyList kind={kind} /> : undefined },
        {
          key: 'new',
          label: words.submit,
          children:
            tab === 'new' ? (
              <SignedIn action={words.submit}>
                <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
                  <TicketForm kind={kind} onDone={() => setTab('mine')} />
                </Suspense>
              </SignedIn>
            ) : undefined,
        },
      ]}
    />
  );
}

const useConsultTypes = () =>
  Object.fromEntries(useDictOptions('consult_type').map((o) => [o.value, o.text ?? o.label ?? o.value])) as Record<
    string,
    string
  >;

/** A visitor is asked to sign in and comes back to this very tab. */
function SignedIn({ action, children }: { action: string; children: React.ReactNode }) {
  const { token } = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  if (token) return <>{children}</>;
  return (
    <EmptyState description={`登录后即可${action.replace(/^我要/, '')}并查看办理进度`}>
      <Button type="primary" onClick={() => navigate(signInPath(`${pathname}${search}`))}>
        登录 / 注册
      </Button>
    </EmptyState>
  );
}

function usePageParam() {
  const [params, setParams] = useSearchParams();
  const pageNo = Number(params.get('pageNo') ?? 1) || 1;
  const keyword = params.get('keyword') ?? undefined;
  const go = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) v ? next.set(k, v) : next.delete(k);
    setParams(next);
  };
  return { pageNo, keyword, go };
}

/** 公开: the kind's replied public items, or one of them when the address names it (a site search hit). */
function PublicList({ kind }: { kind: InteractionKind }) {
  const [params] = useSearchParams();
  const one = params.get('id');
  return one ? <OneItem kind={kind} id={one} /> : <PublicPage kind={kind} />;
}

function OneItem({ kind, id }: { kind: InteractionKind; id: string }) {
  const { go } = usePageParam();
  const consultTypes = useConsultTypes();
  const item = useQuery({ queryKey: interactionKeys.publicDetail(id), queryFn: () => getPublicTicket(id) });
  return (
    <div className="ia-list">
      <p className="ia-back">
        <button type="button" className="ia-link" onClick={() => go({ id: undefined })}>
          ‹ 查看全部公开{TAB_WORDS[kind].noun}
        </button>
      </p>
      <div className="ia-items">
        {item.isLoading ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : item.data ? (
          <TicketItem item={item.data} consultTypes={consultTypes} />
        ) : (
          <EmptyState description="该事项不存在或未公开" />
        )}
      </div>
    </div>
  );
}

function PublicPage({ kind }: { kind: InteractionKind }) {
  const { pageNo, keyword, go } = usePageParam();
  const consultTypes = useConsultTypes();
  const list = useQuery({
    queryKey: interactionKeys.publicList(kind, { pageNo, keyword }),
    queryFn: () => listPublicTickets(kind, pageNo, keyword),
    placeholderData: keepPreviousData,
  });
  let body: React.ReactNode;
  if (list.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError && !list.data) body = <ErrorState onRetry={() => list.refetch()} />;
  else if (!list.data?.records.length)
    body = <EmptyState description={keyword ? `未找到与“${keyword}”相关的公开事项` : '暂无已公开的答复'} />;
  else body = list.data.records.map((item) => <TicketItem key={item.id} item={item} consultTypes={consultTypes} />);
  return (
    <div className="ia-list">
      <SearchInput
        value={keyword}
        onSearch={(v) => go({ keyword: v.trim() || undefined, pageNo: undefined })}
        placeholder="请输入标题或数据资源名称"
        buttonText="搜索"
        label="搜索公开事项"
      />
      <div className="ia-items">{body}</div>
      {list.data && list.data.total > 0 && (
        <Pager
          current={pageNo}
          pageSize={10}
          total={list.data.total}
          totalText={`共 ${list.data.total} 条`}
          onChange={(p) => go({ pageNo: String(p) })}
        />
      )}
    </div>
  );
}

function MyList({ kind }: { kind: InteractionKind }) {
  const { pageNo, go } = usePageParam();
  const { token } = useSession();
  const consultTypes = useConsultTypes();
  const list = useQuery({
    queryKey: interactionKeys.mine({ kind, pageNo }),
    queryFn: () => listMyTickets({ kind, pageNo }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
  let body: React.ReactNode;
  if (list.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError && !list.data) body = <ErrorState onRetry={() => list.refetch()} />;
  else if (!list.data?.records.length) body = <EmptyState description={`您还没有提交过${TAB_WORDS[kind].noun}`} />;
  else
    body = list.data.records.map((item) => (
      <TicketItem key={item.id} item={item} consultTypes={consultTypes} files>
        <MyActions item={item} />
      </TicketItem>
    ));
  return (
    <SignedIn action="查看">
      <div className="ia-items">{body}</div>
      {list.data && list.data.total > 0 && (
        <Pager
          current={pageNo}
          pageSize={10}
          total={list.data.total}
          totalText={`共 ${list.data.total} 条`}
          onChange={(p) => go({ pageNo: String(p) })}
        />
      )}
    </SignedIn>
  );
}
