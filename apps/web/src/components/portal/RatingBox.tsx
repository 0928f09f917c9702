import { Button, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useLoginGate } from '@/components/account/useLoginGate';
import { useSession } from '@/session';
import './portal-ui.css';

const RatingForm = lazy(() => import('./RatingForm'));

export type RatingBoxProps = {
  catalogId: string;
  /** The signed-in user's earlier rating, which the form then edits. */
  mine?: { score: number; comment?: string | null } | null;
  onDone?: () => void;
};

/** 评分: 1–5 stars and a comment, one per user and entry, editable; visitors are asked to sign in. */
export function RatingBox(props: RatingBoxProps) {
  const { token } = useSession();
  const { gate, prompt } = useLoginGate();
  if (!token)
    return (
      <div className="portal-rating portal-rating-guest">
        <span>登录后即可为这份数据评分和评价</span>
        <Button type="primary" ghost onClick={() => gate(() => undefined)}>
          登录后评价
        </Button>
        {prompt}
      </div>
    );
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
      <RatingForm {...props} />
    </Suspense>
  );
}
