import type { OpenApplyItem } from '@odp/contracts';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { WorkflowButtons } from '@/components/Workflow';
import { DecisionDialog } from './DecisionDialog';
import { canReview } from './decision';
import { OPEN_APPLY_WORKFLOW } from './workflow';

type Props = {
  item: OpenApplyItem;
  /** Links for a table's 操作 column, buttons for the drawer's footer. */
  variant?: 'link' | 'button';
  /** After a decision or a revocation went through. */
  onDone?: () => void;
};

/** The actions the row's `actions` allow the caller: 审核 (its own dialog) and 撤销授权 (the machine's, in red). */
export function OpenApplyActions({ item, variant = 'link', onDone }: Props) {
  const [reviewing, setReviewing] = useState(false);
  const review = canReview(item.actions);
  return (
    <Space size={variant === 'link' ? 8 : undefined} wrap={variant === 'button'}>
      {review &&
        (variant === 'link' ? (
          <Typography.Link onClick={() => setReviewing(true)}>审核</Typography.Link>
        ) : (
          <Button type="primary" onClick={() => setReviewing(true)}>
            审核
          </Button>
        ))}
      <WorkflowButtons workflow={OPEN_APPLY_WORKFLOW} item={item} variant={variant} onDone={onDone} />
      {reviewing && <DecisionDialog item={item} onClose={() => setReviewing(false)} onDone={onDone} />}
    </Space>
  );
}
