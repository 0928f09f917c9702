import { CATALOG_STATUS_LABEL, SHELF_STATUS_LABEL } from '@odp/contracts';
import { Space, Tag } from 'antd';

const CATALOG_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };
const SHELF_COLORS: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'warning',
  4: 'default',
  9: 'error',
};

export function CatalogStatusTag({ status }: { status: number }) {
  return <Tag color={CATALOG_COLORS[status]}>{CATALOG_STATUS_LABEL[status] ?? status}</Tag>;
}

/** The shelf axis only means something once the entry is approved (or deleted). */
export function ShelfStatusTag({ status }: { status: number }) {
  return <Tag color={SHELF_COLORS[status]}>{SHELF_STATUS_LABEL[status] ?? status}</Tag>;
}

/** 编目状态 and 上架状态 side by side, as the list and the view page show them. */
export function StatusTags({ catalogStatus, shelfStatus }: { catalogStatus: number; shelfStatus: number }) {
  return (
    <Space size={4} wrap>
      <CatalogStatusTag status={catalogStatus} />
      <ShelfStatusTag status={shelfStatus} />
    </Space>
  );
}
