import { INTERACTION_KIND_LABEL, INTERACTION_KINDS, type InteractionKind } from '@odp/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { interactionKeys, listMyTickets } from '@/api/interaction';
import { useDictOptions } from '@/components/DictSelect';
import { Pager } from '@/components/portal/Pager';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { MyActions } from '@/pages/portal/interaction/MyActions';
import { TicketItem } from '@/pages/portal/interaction/TicketItem';
import '@/pages/portal/interaction/interaction.css';

/** 我的互动 (current=12): the user's tickets of every kind, with state, reply, rating, reopen and privacy. */
export default function InteractionTab() {
  const [kind, setKind] = useState<InteractionKind | undefined>();
  const [page, setPage] = useState(1);
  const consultTypes = Object.fromEntries(useDictOptions('consult_type').map((o) => [o.value, o.text]));
  const list = useQuery({
    queryKey: interactionKeys.mine({ kind, pageNo: page, centre: true }),
    queryFn: () => listMyTickets({ kind, pageNo: page }),
    placeholderData: keepPreviousData,
  });
  let body: React.ReactNode;
  if (list.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (list.isError && !list.data) body = <ErrorState onRetry={() => list.refetch()} />;
  else if (!list.data?.records.length)
    body = (
      <EmptyState description="还没有提交过咨询、需求、纠错或权益保护申请">
        <Link to="/communication/interaction">去交流互动</Link>
      </EmptyState>
    );
  else
    body = list.data.records.map((item) => (
      <TicketItem key={item.id} item={item} consultTypes={consultTypes} files>
        <p className="ia-kind">类型：{INTERACTION_KIND_LABEL[item.kind]}</p>
        <MyActions item={item} />
      </TicketItem>
    ));
  return (
    <section className="centre-panel" aria-labelledby="centre-interaction-title">
      <div className="centre-toolbar">
        <h2 id="centre-interaction-title">我的互动</h2>
      </div>
      <fieldset className="ia-kinds" aria-label="互动类型">
        {[undefined, ...INTERACTION_KINDS].map((k) => (
          <button
            key={k ?? 'all'}
            type="button"
            aria-pressed={kind === k}
            onClick={() => {
              setKind(k);
              setPage(1);
            }}
          >
            {k ? INTERACTION_KIND_LABEL[k] : '全部'}
          </button>
        ))}
      </fieldset>
      <div className="ia-items">{body}</div>
      {list.data && list.data.total > 0 && (
        <Pager
          current={page}
          pageSize={10}
          total={list.data.total}
          totalText={`共 ${list.data.total} 条`}
          onChange={setPage}
        />
      )}
    </section>
  );
}
