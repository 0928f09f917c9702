import { type ShareDetail, ShareMessages } from '@odp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Modal, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import { decideShare, getShareReview, shareKeys, updateShareNode } from '@/api/share';
import { drawerWidth } from '../layout';
import { ShareDetailView } from '../ShareDetailView';
import { NarrowCard } from './NarrowCard';
import {
  canApprove,
  canReject,
  decidesSource,
  initialNarrowing,
  type Narrowing,
  narrowingProblem,
  sameNarrowing,
  toNodeInput,
} from './narrowing';
import { SHARE_STALE_KEYS } from './stale';

function useReview(processCode: string | null) {
  return useQuery({
    queryKey: shareKeys.review(processCode ?? ''),
    queryFn: () => getShareReview(processCode ?? ''),
    enabled: Boolean(processCode),
  });
}

function Failure({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      message="申请加载失败"
      description={error instanceof Error ? error.message : undefined}
      action={<Button onClick={retry}>重试</Button>}
    />
  );
}

/** The narrowing the source department is making, and saving it. */
function useNarrowing(detail: ShareDetail) {
  const queryClient = useQueryClient();
  const [initial, setInitial] = useState(() => initialNarrowing(detail));
  const [value, setValue] = useState<Narrowing>(initial);
  const [tried, setTried] = useState(false);
  const problem = narrowingProblem(detail, value);
  const changed = !sameNarrowing(value, initial);
  const save = useMutation({
    mutationFn: () => updateShareNode(toNodeInput(detail, value)),
    onSuccess: async () => {
      setInitial(value);
      await Promise.all(SHARE_STALE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  /** Saves a change before a decision; false when it may not (the problem is shown) or failed. */
  const saveIfChanged = async () => {
    setTried(true);
    if (problem) return false;
    if (!changed) return true;
    return save.mutateAsync().then(
      () => true,
      () => false,
    );
  };
  return { value, setValue, problem: tried || changed ? problem : null, changed, save, saveIfChanged, setTried };
}

/**
 * The application under review, for an inbox's task drawer: what was asked, the flow, and for the
 * data's department the narrowing with its own 保存 (the drawer's 通过 / 驳回 decide).
 */
export function ShareReviewContent({ processCode }: { processCode: string }) {
  const review = useReview(processCode);
  if (review.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (review.isError || !review.data) return <Failure error={review.error} retry={() => review.refetch()} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {decidesSource(review.data.actions) && <NarrowWithSave key={review.data.applyId} detail={review.data} />}
      <ShareDetailView detail={review.data} />
    </Space>
  );
}

function NarrowWithSave({ detail }: { detail: ShareDetail }) {
  const narrowing = useNarrowing(detail);
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      <NarrowCard
        detail={detail}
        value={narrowing.value}
        onChange={narrowing.setValue}
        problem={narrowing.problem}
        disabled={narrowing.save.isPending}
      />
      <Space wrap>
        <Button
          type="primary"
          ghost
          disabled={!narrowing.changed}
          loading={narrowing.save.isPending}
          onClick={async () => {
            if (await narrowing.saveIfChanged()) feedback.message.success('授权内容已保存');
          }}
        >
          保存授权内容
        </Button>
        <Typography.Text type="secondary">收窄后请先保存，再审批通过</Typography.Text>
      </Space>
    </Space>
  );
}

type Decision = 'approve' | 'reject';

/**
 * 审批 of a share application from a list: the application and its flow; the data's department may
 * narrow items and period (saved with its 通过); 驳回 needs a reason. The bureau only decides.
 */
export function ShareReviewDrawer({ processCode, onClose }: { processCode: string | null; onClose: () => void }) {
  const review = useReview(processCode);
  return (
    <Drawer
      open={processCode !== null}
      width={drawerWidth(1000)}
      title={review.data ? `共享审批：${review.data.title}` : '共享审批'}
      onClose={onClose}
      destroyOnHidden
    >
      {review.isLoading && <Skeleton active paragraph={{ rows: 12 }} />}
      {review.isError && <Failure error={review.error} retry={() => review.refetch()} />}
      {review.data && <ReviewBody key={review.data.applyId} detail={review.data} onClose={onClose} />}
    </Drawer>
  );
}

function ReviewBody({ detail, onClose }: { detail: ShareDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const source = decidesSource(detail.actions);
  const narrowing = useNarrowing(detail);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [form] = Form.useForm<{ comment?: string }>();
  const approveLabel = detail.actions.includes('sourceGrant') ? '通过并开通' : '通过';

  const decide = useMutation({
    mutationFn: ({ decision, comment }: { decision: Decision; comment?: string }) =>
      decideShare({ applyId: detail.applyId, decision, comment: comment?.trim() || null }),
    onSuccess: async (_r, { decision }) => {
      feedback.message.success(decision === 'approve' ? '审批通过' : '已驳回');
      await Promise.all(SHARE_STALE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      setDeciding(null);
      onClose();
    },
  });

  const open = (decision: Decision) => {
    // The narrowing goes with the approval: a problem stops it before the dialog opens.
    if (decision === 'approve' && source) {
      narrowing.setTried(true);
      const problem = narrowingProblem(detail, narrowing.value);
      // The card saying why is at the top of the drawer; the user is at its foot.
      if (problem) return void feedback.message.warning(`授权内容有误：${problem}`);
    }
    form.resetFields();
    setDeciding(decision);
  };

  const confirm = async () => {
    if (!deciding) return;
    let values: { comment?: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (deciding === 'approve' && source && !(await narrowing.saveIfChanged())) return;
    decide.mutate({ decision: deciding, comment: values.comment });
  };

  const busy = decide.isPending || narrowing.save.isPending;
  const decidable = canApprove(detail.actions) || canReject(detail.actions);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {!decidable && <Alert type="info" showIcon message={`该申请当前${detail.statusLabel}，您无需处理`} />}
      {source && (
        <NarrowCard
          detail={detail}
          value={narrowing.value}
          onChange={narrowing.setValue}
          problem={narrowing.problem}
          disabled={busy}
        />
      )}
      <ShareDetailView detail={detail} />
      {decidable && (
        // Stays in view at the drawer's foot however long the application is.
        <Space
          wrap
          style={{
            width: '100%',
            justifyContent: 'flex-end',
            position: 'sticky',
            bottom: -24,
            padding: '12px 0 16px',
            background: '#fff',
            borderTop: '1px solid #f0f0f0',
            zIndex: 2,
          }}
        >
          {canReject(detail.actions) && (
            <Button danger disabled={busy} onClick={() => open('reject')}>
              驳回
            </Button>
          )}
          {canApprove(detail.actions) && (
            <Button type="primary" disabled={busy} onClick={() => open('approve')}>
              {approveLabel}
            </Button>
          )}
        </Space>
      )}
      <Modal
        open={deciding !== null}
        title={deciding === 'reject' ? '驳回共享申请' : `审批${approveLabel}`}
        okText={deciding === 'reject' ? '驳回' : approveLabel}
        cancelText="取消"
        okButtonProps={{ danger: deciding === 'reject', loading: busy }}
        onOk={confirm}
        onCancel={() => setDeciding(null)}
        destroyOnHidden
        maskClosable={false}
      >
        <Typography.Paragraph>
          {deciding === 'reject'
            ? `确定驳回“${detail.title}”吗？申请部门将收到驳回理由，可修改后重新提交。`
            : source && narrowing.changed
              ? `将按调整后的授权内容（${narrowing.value.items.length} 个信息项）${approveLabel}。`
              : `确定${approveLabel}“${detail.title}”吗？`}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" name="shareDecision">
          <Form.Item
            name="comment"
            label={deciding === 'reject' ? '驳回理由' : '审批意见'}
            rules={
              deciding === 'reject'
                ? [{ required: true, whitespace: true, message: ShareMessages.rejectReason }]
                : undefined
            }
          >
            <Input.TextArea
              rows={4}
              maxLength={500}
              showCount
              placeholder={deciding === 'reject' ? '请说明驳回原因，申请部门将收到此理由' : '选填'}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
