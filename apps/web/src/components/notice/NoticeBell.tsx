import { BellOutlined } from '@ant-design/icons';
import type { NoticeItem } from '@odp/contracts';
import { Badge, Button, Popover, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { formatBadge } from '../badge';
import { useNotices } from './useNotices';
import { useOpenNotice } from './useOpenNotice';

// The lists load on first use (a popover mounts its content when first opened).
const NoticePanel = lazy(() => import('./NoticePanel'));

/** The bell of spec §2.3: unread count (hidden at 0, 99+ past 99), 通知 / 系统消息 tabs, marking read on open. */
export function NoticeBell({ color }: { color?: string }) {
  const notices = useNotices();
  const { open: openNotice, dialog } = useOpenNotice();
  const [open, setOpen] = useState(false);

  const onOpen = (item: NoticeItem) => {
    setOpen(false);
    void openNotice(item);
  };

  const panel = (
    <Suspense fallback={<Spin style={{ display: 'block', width: 340, padding: 24 }} />}>
      <NoticePanel data={notices.data} onOpen={onOpen} onMore={() => setOpen(false)} />
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
      {dialog}
    </>
  );
}
