import { ACHIEVEMENT_MACHINE, type AchievementAction, type AchievementRecord } from '@odp/contracts';
import { ACHIEVEMENT_STATUS_LABEL, APPLICATION_TYPE_LABEL, achievementDetailPath } from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Space, Table, Tag } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { achievementKeys, listAchievements, transitionAchievements } from '@/api/achievement';
import { defineWorkflow, WorkflowButtons } from '@/components/Workflow';

const STATUS_COLOR: Record<string, string> = {
  '0': 'default',
  '1': 'processing',
  '2': 'success',
  '3': 'error',
  '4': 'warning',
};

/** The owner's buttons come from the server's `actions` (the machine, the caller's permissions and ownership). */
export const MY_ACHIEVEMENT_WORKFLOW = defineWorkflow<AchievementRecord, AchievementAction>({
  machine: ACHIEVEMENT_MACHINE,
  idOf: (r) => r.id,
  nameOf: (r) => r.applyName,
  actionsOf: (r) => r.actions,
  offers: ['edit', 'submit', 'recall', 'withdraw', 'delete'],
  run: (action, ids) => transitionAchievements(action, ids),
  invalidates: [achievementKeys.all],
  confirm: 'popconfirm',
  dialogs: {
    submit: { question: ([r]) => `确定提交“${r?.applyName}”审核吗？` },
    withdraw: { question: ([r]) => `确定下架“${r?.applyName}”吗？下架后公众将看不到该成果。` },
    delete: { question: ([r]) => `确定删除“${r?.applyName}”吗？删除后不可恢复。` },
  },
});

export const editPath = (id?: string) => `/personalCenter/personalAdd${id ? `?id=${encodeURIComponent(id)}` : ''}`;

/** 我的成果: the user's results with their state and the actions the machine allows. */
export default function MyAchievementsTab() {
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: achievementKeys.list({ side: 'personal' }),
    queryFn: () => listAchievements('personal', { pageNo: 1, pageSize: 100 }),
  });
  if (list.isLoading) return <Skeleton active paragraph={{ rows: 5 }} />;
  const rows = list.data?.records ?? [];
  return (
    <div>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => navigate(editPath())}>
          新增成果
        </Button>
      </Space>
      {rows.length === 0 ? (
        <Empty description="您还没有提交应用成果" />
      ) : (
        <Table<AchievementRecord>
          rowKey="id"
          size="middle"
          pagination={false}
          scroll={{ x: 760 }}
          dataSource={rows}
          columns={[
            {
              title: '应用名称',
              dataIndex: 'applyName',
              render: (_v, r) =>
                r.status === '2' ? <Link to={achievementDetailPath(r.id)}>{r.applyName}</Link> : r.applyName,
            },
            { title: '应用类型', dataIndex: 'applicationType', render: (v: string) => APPLICATION_TYPE_LABEL[v] ?? v },
            {
              title: '状态',
              dataIndex: 'status',
              render: (v: string, r) => (
                <>
                  <Tag color={STATUS_COLOR[v]}>
                    {ACHIEVEMENT_STATUS_LABEL[v as keyof typeof ACHIEVEMENT_STATUS_LABEL]}
                  </Tag>
                  {r.linkBroken && <Tag color="orange">失效</Tag>}
                  {r.reason && (v === '3' || v === '4') && <div style={{ color: '#8a3b00' }}>理由：{r.reason}</div>}
                </>
              ),
            },
            { title: '关联数据集', dataIndex: 'datasets', render: (_v, r) => `${r.datasets.length} 个` },
            { title: '更新时间', dataIndex: 'updateTime', render: (v: string) => v.slice(0, 10) },
            {
              title: '操作',
              key: 'actions',
              render: (_v, r) => (
                <WorkflowButtons
                  workflow={MY_ACHIEVEMENT_WORKFLOW}
                  item={r}
                  variant="link"
                  handlers={{ edit: (x) => navigate(editPath(x.id)) }}
                />
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
