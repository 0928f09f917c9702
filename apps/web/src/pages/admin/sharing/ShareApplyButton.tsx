import { CloudUploadOutlined, ShareAltOutlined } from '@ant-design/icons';
// Types only: the contracts' main entry carries zod, which the portal's chunk must not.
import type { ShareMessages, SharePerm } from '@odp/contracts';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { feedback } from '@/api/feedback';
import { applyNotionalPooling } from '@/api/share';
import { useHasAuth, useSession } from '@/session';

// The form is the back office's; the portal page loads it only when a department officer opens it.
const ShareApplyDrawer = lazy(() => import('./ShareApplyDrawer').then((m) => ({ default: m.ShareApplyDrawer })));

const APPLY: (typeof SharePerm)['apply'] = 'share:apply';
const POOLING: (typeof SharePerm)['pooling'] = 'share:pooling';
const POOLING_CONFIRM: (typeof ShareMessages)['poolingConfirm'] = '是否确认申请数据归集?';

/** 共享类型 that may be applied for: 无条件共享, 有条件共享 (never 30 不予共享). */
const SHAREABLE = ['10', '20'];

type Entry = { id: string; orgCode: string; shareType: string; departName?: string | null };

/**
 * 申请共享 and 申请归集 on a catalogue entry, for a signed-in officer of another department who holds
 * the permission (share:apply, share:pooling); nothing for visitors, citizens or the data's own
 * department.
 */
export function ShareApplyButton({ detail }: { detail: Entry }) {
  const { token, userInfo } = useSession();
  const mayApply = useHasAuth(APPLY);
  const mayPool = useHasAuth(POOLING);
  const [open, setOpen] = useState(false);
  const orgCode = userInfo?.orgCode;
  if (!token || !orgCode || orgCode === detail.orgCode) return null;

  const pool = () =>
    feedback.modal.confirm({
      title: '申请归集',
      content: POOLING_CONFIRM,
      okText: '确认申请',
      cancelText: '取消',
      onOk: async () => {
        try {
          await applyNotionalPooling(detail.id);
          feedback.message.success(`已向${detail.departName || '数源部门'}发送归集申请`);
        } catch {
          // The request client has shown the server's reason (e.g. asked already today).
        }
      },
    });

  return (
    <>
      {mayApply && SHAREABLE.includes(detail.shareType) && (
        <Button icon={<ShareAltOutlined />} onClick={() => setOpen(true)}>
          申请共享
        </Button>
      )}
      {mayPool && (
        <Button icon={<CloudUploadOutlined />} onClick={pool}>
          申请归集
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ShareApplyDrawer target={{ catalogId: detail.id }} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
