import { isSameSitePath, type NoticeItem } from '@odp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { readNews } from '@/api/news';
import { markNoticeRead } from '@/api/notice';
import { queryKeys } from '@/api/query-keys';

const NoticeModal = lazy(() => import('./NoticeModal'));

/** Marks an item read (announcement or business message) and refreshes every notice list. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return async (item: NoticeItem) => {
    try {
      if (!item.readFlag) await (item.source === 'news' ? readNews([item.id]) : markNoticeRead(item.id));
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.notices });
    }
  };
}

/**
 * Opening an item (spec §4): it is marked read and the lists refresh; a `component` item opens its
 * page, anything else the notice dialog. Returns the opener and the dialog to render.
 */
export function useOpenNotice() {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const [reading, setReading] = useState<NoticeItem | null>(null);

  const open = async (item: NoticeItem) => {
    // The dialog shows even when marking read fails; the client has reported the failure.
    await markRead(item).catch(() => undefined);
    if (item.openType === 'component' && isSameSitePath(item.openPage)) navigate(item.openPage);
    else setReading({ ...item, readFlag: true });
  };

  const dialog = (
    <Suspense fallback={null}>{reading && <NoticeModal notice={reading} onClose={() => setReading(null)} />}</Suspense>
  );
  return { open, dialog };
}
