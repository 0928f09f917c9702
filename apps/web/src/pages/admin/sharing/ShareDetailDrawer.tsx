import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Skeleton } from 'antd';
import { getShareDetail, shareKeys } from '@/api/share';
import { drawerWidth } from './layout';
import { ShareDetailView } from './ShareDetailView';

/** 共享申请详情: the application, its items and its flow, read-only. */
export function ShareDetailDrawer({ applyId, onClose }: { applyId: string | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: shareKeys.detail(applyId ?? ''),
    queryFn: () => getShareDetail(applyId ?? ''),
    enabled: Boolean(applyId),
  });
  return (
    <Drawer
      open={applyId !== null}
      width={drawerWidth(960)}
      title={detail.data ? `共享申请：${detail.data.title}` : '共享申请详情'}
      onClose={onClose}
      destroyOnHidden
    >
      {detail.isLoading && <Skeleton active paragraph={{ rows: 10 }} />}
      {detail.isError && (
        <Alert
          type="error"
          showIcon
          message="申请详情加载失败"
          description={(detail.error as Error).message}
          action={<Button onClick={() => detail.refetch()}>重试</Button>}
        />
      )}
      {detail.data && <ShareDetailView detail={detail.data} />}
    </Drawer>
  );
}
