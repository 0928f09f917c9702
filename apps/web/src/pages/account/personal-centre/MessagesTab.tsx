import type { NoticeItem } from '@odp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';
import { pageNoticeCentre, readAllNews } from '@/api/news';
import { markAllNoticesRead, noticeKeys } from '@/api/notice';
import { queryKeys } from '@/api/query-keys';
import { type CentreTab, mesageTypeOf, parseMesageType, typeLabelOf } from '@/components/notice/notice-list';
import { useOpenNotice } from '@/components/notice/useOpenNotice';
import { Pager } from '@/components/portal/Pager';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { CentreTag } from './CentreTag';

const PAGE_SIZE = 10;
const FILTERS: { key: CentreTab; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'unread', label: '未读' },
];

/** 消息 (`current=5`, `mesageType=全部|未读`): the user's announcements and business messages, read and unread. */
export default function MessagesTab() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filter = parseMesageType(params.get('mesageType'));
  const [paging, setPaging] = useState({ page: 1, filter });
  // Another filter is another list: back to its first page.
  if (paging.filter !== filter) setPaging({ page: 1, filter });
  const page = paging.page;
  const { open, dialog } = useOpenNotice();
  const list = useQuery({
    queryKey: noticeKeys.centre({ filter, pageNo: page, pageSize: PAGE_SIZE, from: 'personal' }),
    queryFn: () => pageNoticeCentre({ pageNo: page, pageSize: PAGE_SIZE, unreadOnly: filter === 'unread' }),
    placeholderData: keepPreviousData,
  });
  const readAll = useMutation({
    mutationFn: () => Promise.all([markAllNoticesRead(), readAllNews()]),
    onSuccess: async () => {
      feedback.message.success('已全部标为已读');
      await queryClient.invalidateQueries({ queryKey: queryKeys.notices });
    },
  });
  const choose = (key: CentreTab) => {
    const next = new URLSearchParams(params);
    next.set('mesageType', mesageTypeOf(key));
    setParams(next, { replace: true });
  };

  const data = list.data;
  return (
    <section className="centre-panel" aria-labelledby="centre-messages-title">
      <div className="centre-toolbar">
        <h2 id="centre-messages-title">我的消息</h2>
        <fieldset className="centre-segments">
          <legend className="sr-only">消息筛选</legend>
          {FILTERS.map((f) => (
            <button key={f.key} type="button" aria-pressed={filter === f.key} onClick={() => choose(f.key)}>
              {f.label}
            </button>
          ))}
        </fieldset>
        <Button size="small" onClick={() => readAll.mutate()} loading={readAll.isPending}>
          全部已读
        </Button>
      </div>
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <ErrorState
          message={list.error instanceof ApiError ? list.error.message : undefined}
          onRetry={() => list.refetch()}
        />
      ) : !data || data.records.length === 0 ? (
        <EmptyState description={filter === 'unread' ? '没有未读消息' : '暂无消息'} />
      ) : (
        <>
          <ul className={`centre-messages${list.isPlaceholderData ? ' is-refreshing' : ''}`}>
            {data.records.map((item: NoticeItem) => (
              <li key={`${item.source}:${item.id}`} className={item.readFlag ? undefined : 'is-unread'}>
                <span className="centre-message-dot" aria-hidden="true" />
                <div className="centre-message-body">
                  <button type="button" className="centre-message-title" onClick={() => open(item)}>
                    {item.titile}
                  </button>
                  <div className="centre-message-meta">
                    <CentreTag color={item.source === 'news' ? 'purple' : 'blue'}>{typeLabelOf(item)}</CentreTag>
                    <span>{dayjs(item.sendTime ?? item.createTime).format('YYYY-MM-DD HH:mm')}</span>
                    <span>{item.readFlag ? '已读' : '未读'}</span>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            current={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            totalText={`共 ${data.total} 条`}
            onChange={(next) => setPaging({ page: next, filter })}
          />
        </>
      )}
      {dialog}
    </section>
  );
}
