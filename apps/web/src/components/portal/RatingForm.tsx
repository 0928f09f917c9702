import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Rate } from 'antd';
import { useEffect, useState } from 'react';
import { type MarketDetail, marketKeys, rateCatalogue } from '@/api/market';
import type { RatingBoxProps } from './RatingBox';
import './portal-ui.css';
import { feedback } from '@/api/feedback';

const SCORE_TEXT = ['很差', '较差', '一般', '较好', '很好'];
const MAX_COMMENT = 500;

/** The signed-in user's rating form (loaded on demand: TextArea is not light). */
export default function RatingForm({ catalogId, mine, onDone }: RatingBoxProps) {
  const { message } = feedback;
  const queryClient = useQueryClient();
  const [score, setScore] = useState(mine?.score ?? 0);
  const [comment, setComment] = useState(mine?.comment ?? '');

  useEffect(() => {
    setScore(mine?.score ?? 0);
    setComment(mine?.comment ?? '');
  }, [mine]);

  const save = useMutation({
    mutationFn: () => rateCatalogue({ catalogId, score, comment: comment.trim() || null }),
    onSuccess: (result) => {
      message.success(mine ? '评价已更新' : '感谢您的评价');
      // The detail is patched rather than fetched again: every fetch of it counts a view.
      queryClient.setQueryData<MarketDetail>(marketKeys.detail(catalogId, 'user'), (detail) =>
        detail ? { ...detail, ...result } : detail,
      );
      queryClient.invalidateQueries({ queryKey: marketKeys.ratings(catalogId) });
      onDone?.();
    },
  });

  return (
    <div className="portal-rating">
      <div className="portal-rating-stars">
        <span>我的评分：</span>
        <Rate value={score} onChange={setScore} tooltips={SCORE_TEXT} />
        {score > 0 && <span className="portal-rating-text">{SCORE_TEXT[score - 1]}</span>}
      </div>
      <Input.TextArea
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        placeholder="说说您对这份数据的看法（选填）"
        aria-label="评价内容"
        maxLength={MAX_COMMENT}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
      />
      <div className="portal-rating-actions">
        <Button type="primary" loading={save.isPending} disabled={score < 1} onClick={() => save.mutate()}>
          {mine ? '修改评价' : '提交评价'}
        </Button>
        {score < 1 && <span className="portal-rating-hint">请先选择 1–5 星</span>}
      </div>
    </div>
  );
}
