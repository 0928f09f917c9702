import { Drawer } from 'antd';
import type { ReactNode } from 'react';

type Props = { open: boolean; onClose: () => void; doneText: string; children: ReactNode };

/** The phone's filter panel: the facets and the tree, closed by 查看结果 with the current count. */
export default function FilterDrawer({ open, onClose, doneText, children }: Props) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      width="min(360px, 90vw)"
      title="筛选"
      rootClassName="catalogue-filter-drawer"
      closable={{ 'aria-label': '关闭筛选' }}
      footer={
        <button type="button" className="catalogue-filter-done" onClick={onClose}>
          {doneText}
        </button>
      }
    >
      {children}
    </Drawer>
  );
}
