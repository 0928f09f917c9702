import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Rate, Space } from 'antd';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { feedback } from '@/api/feedback';
import { rateCatalogue } from '@/api/market';
import { deleteEvaluation, listMyEvaluations, type MyEvaluation, personalKeys } from '@/api/personal';
import { formatDate } from '@/components/portal/format';
import { CentreList, EmptyState } from './CentreList';
import { EntryLink } from './EntryLink';

const RATE_TEXT = ['很差', '较差', '一般', '较好', '很好'];

function EditDialog({ row, onClose }: { row: MyEvaluation; onClose: () => void }) {
  const [score, setScore] = useState(row.score);
  const [comment, setComment] = useState(row.comment ?? '');
  const queryClient = useQueryClient();
  const commentId = useId();
  const save = useMutation({
    mutationFn: () => rateCatalogue({ catalogId: row.catalogId, score, comment: comment.trim() || null }),
    onSuccess: async () => {
      feedback.message.success('评价已修改');
      await queryClient.invalidateQueries({ queryKey: personalKeys.all });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`修改评价：${row.catalogName}`}
      okText="保存"
      cancelText="取消"
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: score < 1 }}
      onCancel={onClose}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <div>
          <span className="centre-muted">评分：</span>
          <Rate value={score} onChange={setScore} tooltips={RATE_TEXT} aria-label="评分" />
        </div>
        <label htmlFor={commentId}>评价内容</label>
        <Input.TextArea
          id={commentId}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={500}
          showCount
          rows={4}
          placeholder="说说这份数据的质量、及时性和可用性（选填）"
        />
      </Space>
    </Modal>
  );
}

function RowActions({ row }: { row: MyEvaluation }) {
  const [editing, setEditing] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteEvaluation(row.catalogId),
    onSuccess: async () => {
      feedback.message.success('评价已删除');
      await queryClient.invalidateQueries({ queryKey: personalKeys.all });
    },
  });
  const confirm = () =>
    feedback.modal.confirm({
      title: '删除评价',
      content: `删除对“${row.catalogName}”的评价后不能恢复，确定删除吗？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => remove.mutateAsync(),
    });
  return (
    <Space size={4} wrap>
      {/* Only an entry still on the portal can be rated again. */}
      {row.available && (
        <Button size="small" onClick={() => setEditing(true)} aria-label={`修改对 ${row.catalogName} 的评价`}>
          修改
        </Button>
      )}
      <Button
        size="small"
        danger
        onClick={confirm}
        loading={remove.isPending}
        aria-label={`删除对 ${row.catalogName} 的评价`}
      >
        删除
      </Button>
      {editing && <EditDialog row={row} onClose={() => setEditing(false)} />}
    </Space>
  );
}

/** 我的评价: 数据资源, 数源部门, 评分, 评价内容, 评价时间, 修改/删除. */
export default function EvaluationsTab() {
  return (
    <section className="centre-panel" aria-labelledby="centre-evaluations-title">
      <div className="centre-toolbar">
        <h2 id="centre-evaluations-title">我对数据的评价</h2>
      </div>
      <CentreList
        kind="evaluations"
        load={listMyEvaluations}
        caption="我的评价"
        rowKey={(row) => row.catalogId}
        empty={
          <EmptyState description="还没有评价过数据，在数据详情页评分后显示在这里">
            <Link to="/catalogue/datacatalogue">去看看开放数据</Link>
          </EmptyState>
        }
        columns={[
          { key: 'name', title: '数据资源', render: (row) => <EntryLink entry={row} /> },
          { key: 'depart', title: '数源部门', render: (row) => row.departName },
          {
            key: 'score',
            title: '评分',
            render: (row) => (
              <span className="centre-stars" role="img" aria-label={`${row.score} 星`}>
                {'★'.repeat(row.score)}
                <span className="centre-stars-off">{'★'.repeat(5 - row.score)}</span>
              </span>
            ),
          },
          {
            key: 'comment',
            title: '评价内容',
            render: (row) => row.comment || <span className="centre-muted">（未填写）</span>,
          },
          { key: 'time', title: '评价时间', width: 120, render: (row) => formatDate(row.updatedAt) },
          { key: 'actions', title: '操作', render: (row) => <RowActions row={row} /> },
        ]}
      />
    </section>
  );
}
