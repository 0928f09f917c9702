import { ExchangePerm, type ShareAction, type ShareListItem, SharePerm, ShareStatus } from '@odp/contracts';
import { Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { listShares, recallShare, releaseShare, shareKeys } from '@/api/share';
import { defineResourceView, type ResourceColumn, ResourcePage, type RowAction } from '@/components/ResourcePage';
import { ChangeSystemDialog } from './ChangeSystemDialog';
import { dataUsePath } from './format';
import { canDecide } from './review/narrowing';
import { ShareReviewDrawer } from './review/ShareReview';
import { type ApplyTarget, ShareApplyDrawer } from './ShareApplyDrawer';
import { ShareDetailDrawer } from './ShareDetailDrawer';
import { UsageRecordDrawer } from './UsageRecordDrawer';

/** The row buttons a list may offer; each shows only where the row allows it. */
export type ShareRowButton = 'review' | 'recall' | 'release' | 'useData' | 'records' | 'edit' | 'changeSystem';

/** What a list's columns may open. */
export type ShareListContext = { openDetail: (share: ShareListItem) => void };

/** One of the 数据共享 lists: its `queryType`, its columns and filters, and its row buttons. */
export type ShareList = {
  queryType: number;
  title: string;
  columns: (context: ShareListContext) => ResourceColumn<ShareListItem>[];
  buttons: ShareRowButton[];
  actionWidth?: number;
};

export const defineShareList = (list: ShareList) => list;

const allows = (share: ShareListItem, action: ShareAction) => share.actions.includes(action);

/** 使用记录 is about exchange tasks, which 接口 entries do not have. */
const hasRecords = (share: ShareListItem) => share.shareType !== 'api';

/**
 * The one page behind every 数据共享 list: the declaration's columns over `/api/shareData/page`, the
 * application's detail from its title, and the row's buttons where its `actions` allow them.
 */
export function ShareListPage({ list }: { list: ShareList }) {
  const navigate = useNavigate();
  const [detailOf, setDetailOf] = useState<string | null>(null);
  const [recordsOf, setRecordsOf] = useState<ShareListItem | null>(null);
  const [editing, setEditing] = useState<ApplyTarget | null>(null);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [changing, setChanging] = useState<ShareListItem | null>(null);

  const view = useMemo(() => {
    const link = (
      key: ShareRowButton,
      label: string,
      visible: (share: ShareListItem) => boolean,
      open: (share: ShareListItem) => void,
      permission?: string,
    ): RowAction<ShareListItem> => ({
      key,
      permission,
      visible,
      render: (share) => <Typography.Link onClick={() => open(share)}>{label}</Typography.Link>,
    });
    const buttons: Record<ShareRowButton, RowAction<ShareListItem>> = {
      review: link(
        'review',
        '审批',
        (share) => canDecide(share.actions),
        (share) => setReviewing(share.processCode),
      ),
      recall: {
        key: 'recall',
        permission: SharePerm.apply,
        visible: (share) => allows(share, 'recall'),
        label: '撤回',
        confirm: () => '确定撤回该共享申请吗？撤回后成为草稿，可修改后重新提交。',
        run: (share) => recallShare(share.applyId),
        success: '已撤回',
      },
      release: {
        key: 'release',
        permission: SharePerm.release,
        visible: (share) => allows(share, 'release'),
        label: '释放数据',
        danger: true,
        confirm: () => '是否确认提前释放数据？',
        run: (share) => releaseShare(share.applyId),
        success: '数据已释放',
      },
      useData: link(
        'useData',
        '使用数据',
        (share) => share.status === ShareStatus.inUse,
        (share) => navigate(dataUsePath(share.applyId)),
        SharePerm.apply,
      ),
      records: link('records', '使用记录', hasRecords, setRecordsOf, ExchangePerm.record),
      changeSystem: link(
        'changeSystem',
        '更换授权项目',
        (share) => allows(share, 'changeSystem'),
        setChanging,
        SharePerm.apply,
      ),
      edit: link(
        'edit',
        '编辑',
        (share) => allows(share, 'edit'),
        (share) => setEditing({ applyId: share.applyId }),
        SharePerm.apply,
      ),
    };
    return defineResourceView<ShareListItem>({
      title: list.title,
      noun: '共享申请',
      rowKey: 'applyId',
      queryKeys: { all: shareKeys.all, list: (params) => shareKeys.list(list.queryType, params) },
      api: { list: (params) => listShares({ ...params, queryType: list.queryType }) },
      columns: list.columns({ openDetail: (share) => setDetailOf(share.applyId) }),
      rowActions: list.buttons.map((key) => buttons[key]),
      actionWidth: list.actionWidth,
    });
  }, [list, navigate]);

  return (
    <>
      <ResourcePage view={view} />
      <ShareDetailDrawer applyId={detailOf} onClose={() => setDetailOf(null)} />
      <UsageRecordDrawer share={recordsOf} onClose={() => setRecordsOf(null)} />
      <ShareApplyDrawer target={editing} onClose={() => setEditing(null)} />
      <ShareReviewDrawer processCode={reviewing} onClose={() => setReviewing(null)} />
      <ChangeSystemDialog share={changing} onClose={() => setChanging(null)} />
    </>
  );
}
