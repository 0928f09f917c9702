import { BellOutlined } from '@ant-design/icons';
import type { NoticeItem } from '@odp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Popover, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { markNoticeRead } from '@/api/notice';
import { queryKeys } from '@/api/query-keys';
import { formatBadge } from '../badge';
import { useNotices } from './useNotices';

// The lists and the dialog load on first use (a popover mounts its content when first opened).
const NoticePanel = lazy(() => import('./NoticePanel'));
const NoticeModal = lazy(() => import('./NoticeModal'));

/** The bell of spec §2.3: unread count, 通知 / 系统消息 tabs, marking read on open. */
export function NoticeBell({ color }: { color?: string }) {
  const notices = useNotices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [reading, setReading] = useState<NoticeItem | null>(null);

  const openNotice = async (item: NoticeItem) => {
    setOpen(false);
    try {
      await markNoticeRead(item.id);
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.notices });
    }
    if (item.openType === 'component' && item.openPage) navigate(item.openPage);
    else setReading(item);
  };

  const panel = (
    <Suspense fallback={<Spin style={{ display: 'block', width: 340, padding: 24 }} />}>
      <NoticePanel data={notices.data} onOpen={openNotice} onMore={() => setOpen(false)} />
    </Suspense>
  );

  return (
    <>
      <Popover content={panel} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
        <Button type="text" aria-label="消息通知" style={{ color }}>
          <Badge count={formatBadge(notices.unread)} size="small" offset={[4, -2]}>
            <BellOutlined style={{ fontSize: 16, color }} />
          </Badge>
        </Button>
      </Popover>
      <Suspense fallback={null}>
        {reading && <NoticeModal notice={reading} onClose={() => setReading(null)} />}
      </Suspense>
    </>
  );
}
