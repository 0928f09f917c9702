import type { MyInteractionItem } from '@odp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { feedback } from '@/api/feedback';
import { finishTicket, interactionKeys, rateTicket, reopenTicket, setTicketPrivacy } from '@/api/interaction';

const SCORE_TEXT = ['很不满意', '不满意', '一般', '满意', '很满意'];

/** The submitter's own actions: 评价 (满意度), 重新打开 (once, within 7 days), 确认办结, 公开设置. */
export function MyActions({ item }: { item: MyInteractionItem }) {
  const client = useQueryClient();
  const [score, setScore] = useState(0);
  const done = (text: string) => {
    feedback.message.success(text);
    client.invalidateQueries({ queryKey: interactionKeys.all });
  };
  const rate = useMutation({ mutationFn: () => rateTicket(item.id, score), onSuccess: () => done('感谢您的评价') });
  const reopen = useMutation({
    mutationFn: () => reopenTicket(item.id),
    onSuccess: () => done('已重新打开，承办部门将再次答复'),
  });
  const finish = useMutation({ mutationFn: () => finishTicket(item.id), onSuccess: () => done('已确认办结') });
  const privacy = useMutation({
    mutationFn: () => setTicketPrivacy(item.id, !item.isPublic),
    onSuccess: () => done(item.isPublic ? '已设为不公开' : '已设为公开'),
  });
  return (
    <div className="ia-actions">
      {item.canRate && item.score === null && (
        <fieldset className="ia-rate">
          <legend>满意度评价</legend>
          {SCORE_TEXT.map((text, i) => (
            <button
              key={text}
              type="button"
              aria-pressed={score === i + 1}
              aria-label={`${i + 1} 分，${text}`}
              title={text}
              onClick={() => setScore(i + 1)}
            >
              {score >= i + 1 ? '★' : '☆'}
            </button>
          ))}
          <span className="ia-rate-text">{score ? SCORE_TEXT[score - 1] : '请选择'}</span>
          <Button
            size="small"
            type="primary"
            loading={rate.isPending}
            onClick={() => (score ? rate.mutate() : feedback.message.warning('请先选择满意度'))}
          >
            提交评价
          </Button>
        </fieldset>
      )}
      <div className="ia-action-row">
        {item.canReopen && (
          <Button
            size="small"
            loading={reopen.isPending}
            onClick={() =>
              feedback.modal.confirm({
                title: '重新打开',
                content: '对答复不满意可重新打开一次（回复后 7 天内），承办部门将再次答复。确定重新打开吗？',
                okText: '确定',
                cancelText: '取消',
                onOk: () => reopen.mutateAsync(),
              })
            }
          >
            重新打开
          </Button>
        )}
        {item.canFinish && (
          <Button size="small" loading={finish.isPending} onClick={() => finish.mutate()}>
            确认办结
          </Button>
        )}
        <Button size="small" loading={privacy.isPending} onClick={() => privacy.mutate()}>
          {item.isPublic ? '设为不公开' : '设为公开'}
        </Button>
      </div>
    </div>
  );
}
