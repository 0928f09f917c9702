import { RatingBox } from '@/components/portal/RatingBox';
import { EvaluationList } from './EvaluationList';

/** The 评价 tab: the visitor's own rating, then everyone's. */
export default function EvaluationsPanel({
  catalogId,
  mine,
  count,
}: {
  catalogId: string;
  mine: Parameters<typeof RatingBox>[0]['mine'];
  count?: number;
}) {
  return (
    <>
      <RatingBox catalogId={catalogId} mine={mine} />
      <EvaluationList catalogId={catalogId} count={count} />
    </>
  );
}
