import { type AssessmentPeriodRecord, AssessmentPerm, type AssessmentScore, type ScoreItem } from '@odp/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Input, List, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { assessmentKeys, commentScore, drillScore, exportRanking, periodScores } from '@/api/assessment';
import { feedback } from '@/api/feedback';
import { useCan } from '@/components/ResourcePage';

function Drill({
  score,
  item,
  onClose,
}: {
  score: AssessmentScore | null;
  item: ScoreItem | null;
  onClose: () => void;
}) {
  const records = useQuery({
    queryKey: assessmentKeys.drill(score?.id ?? '', item?.indexId ?? ''),
    queryFn: () => drillScore(score?.id ?? '', item?.indexId ?? ''),
    enabled: Boolean(score && item),
  });
  return (
    <Drawer
      open={Boolean(score && item)}
      onClose={onClose}
      width="min(560px, 100vw)"
      title={`${score?.departName ?? ''} · ${item?.indexName ?? ''} 明细`}
    >
      <List
        loading={records.isLoading}
        dataSource={records.data ?? []}
        locale={{ emptyText: '没有相关记录' }}
        renderItem={(r) => (
          <List.Item>
            <List.Item.Meta
              title={r.title}
              description={`${r.detail}${r.at ? ` · ${r.at.replace('T', ' ').slice(0, 16)}` : ''}`}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}

/** The ranking of one assessment (a department sees its own row), drill-down, 说明 and export. */
export function ScoresPanel({ period }: { period: AssessmentPeriodRecord }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const scores = useQuery({ queryKey: assessmentKeys.scores(period.id), queryFn: () => periodScores(period.id) });
  const [drill, setDrill] = useState<{ score: AssessmentScore; item: ScoreItem } | null>(null);
  const [commenting, setCommenting] = useState<AssessmentScore | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const canComment = can(AssessmentPerm.comment) && period.status === '1';
  const items = scores.data?.[0]?.items ?? [];

  const saveComment = async () => {
    if (!commenting) return;
    if (!text.trim()) {
      feedback.message.warning('请输入说明');
      return;
    }
    setBusy(true);
    try {
      await commentScore(commenting.id, text.trim());
      feedback.message.success('说明已保存');
      setCommenting(null);
      await queryClient.invalidateQueries({ queryKey: assessmentKeys.scores(period.id) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button onClick={() => exportRanking(period.id, `${period.schemeName}（${period.periodKey}）`)}>
          导出排名
        </Button>
        {period.comment && <Typography.Text type="danger">退回理由：{period.comment}</Typography.Text>}
      </Space>
      <Table<AssessmentScore>
        rowKey="id"
        size="small"
        loading={scores.isLoading}
        dataSource={scores.data ?? []}
        scroll={{ x: 600 + items.length * 130 }}
        pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 个部门`, pageSizeOptions: ['20', '30', '40'] }}
        locale={{ emptyText: <Empty description="暂无得分" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        columns={[
          { title: '排名', dataIndex: 'rank', width: 60 },
          { title: '部门', dataIndex: 'departName', width: 180 },
          { title: '总分', dataIndex: 'score', width: 80, render: (v: number) => <strong>{v}</strong> },
          ...items.map((head, n) => ({
            title: `${head.indexName}（权重 ${head.weight}）`,
            key: head.indexId,
            width: 130,
            render: (_v: unknown, r: AssessmentScore) => {
              const it = r.items[n];
              return (
                <Typography.Link
                  onClick={() => setDrill({ score: r, item: it })}
                  aria-label={`${r.departName}${it.indexName}明细`}
                >
                  {it.value === null ? '无数据' : `${it.value}${it.unit}`} → {it.score} 分
                </Typography.Link>
              );
            },
          })),
          {
            title: '部门说明',
            key: 'comment',
            width: 220,
            render: (_v, r) => (
              <Space direction="vertical" size={2}>
                {r.comment ? (
                  <Typography.Text>
                    {r.comment}
                    <Typography.Text type="secondary">（{r.commentBy}）</Typography.Text>
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">未填写</Typography.Text>
                )}
                {r.mine && canComment && (
                  <Typography.Link
                    onClick={() => {
                      setCommenting(r);
                      setText(r.comment ?? '');
                    }}
                  >
                    填写说明
                  </Typography.Link>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drill score={drill?.score ?? null} item={drill?.item ?? null} onClose={() => setDrill(null)} />
      <Modal
        open={Boolean(commenting)}
        title="填写本部门说明"
        okText="保存"
        cancelText="取消"
        confirmLoading={busy}
        onOk={saveComment}
        onCancel={() => setCommenting(null)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label="说明"
          rows={4}
          maxLength={500}
          showCount
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Modal>
    </>
  );
}
