import { QUESTIONNAIRE_PATHS, QuestionnairePerm, type QuestionnaireRecord } from '@odp/contracts';
import { QUESTIONNAIRE_STATUS_LABEL } from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Grid, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { listQuestionnaires, questionnaireKeys } from '@/api/questionnaire';
import { useCan } from '@/components/ResourcePage';
import { WorkflowButtons } from '@/components/Workflow';
import { QUESTIONNAIRE_WORKFLOW, STATUS_COLOR } from './workflow';

export const timeText = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** 问卷管理: the department's questionnaires (the bureau's all), searched by title and filtered by status. */
export default function QuestionnaireListPage() {
  const can = useCan();
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const params = { pageNo: page, pageSize, title: title || undefined, status: status as QuestionnaireRecord['status'] };
  const list = useQuery({ queryKey: questionnaireKeys.list(params), queryFn: () => listQuestionnaires(params) });
  const edit = (id?: string) =>
    navigate(id ? `${QUESTIONNAIRE_PATHS.adminEdit}?id=${id}` : QUESTIONNAIRE_PATHS.adminEdit);

  return (
    <Card title="问卷管理">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="问卷标题"
          aria-label="问卷标题"
          allowClear
          style={{ width: 240 }}
          onSearch={(v) => {
            setTitle(v.trim());
            setPage(1);
          }}
        />
        <Select
          allowClear
          placeholder="问卷状态"
          aria-label="问卷状态"
          style={{ width: 160 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={Object.entries(QUESTIONNAIRE_STATUS_LABEL).map(([value, label]) => ({ value, label }))}
        />
        {can(QuestionnairePerm.edit) && (
          <Button type="primary" onClick={() => edit()}>
            新增问卷
          </Button>
        )}
      </Space>
      <Table<QuestionnaireRecord>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 1080 }}
        locale={{ emptyText: title || status ? '没有符合条件的问卷' : '暂无问卷，点击“新增问卷”创建' }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
          showTotal: (t) => `共 ${t} 条`,
        }}
        columns={[
          {
            title: '问卷标题',
            dataIndex: 'title',
            width: 220,
            render: (v: string, r) => (
              <>
                {v}
                {r.allowAnonymous && (
                  <Tag style={{ marginLeft: 6 }} color="blue">
                    可匿名
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (v: QuestionnaireRecord['status']) => (
              <Tag color={STATUS_COLOR[v]}>{QUESTIONNAIRE_STATUS_LABEL[v]}</Tag>
            ),
          },
          { title: '开始时间', dataIndex: 'openTime', width: 150, render: timeText },
          { title: '结束时间', dataIndex: 'closeTime', width: 150, render: timeText },
          { title: '题目数', dataIndex: 'questionCount', width: 80 },
          { title: '参与人数', dataIndex: 'joinNumber', width: 90 },
          { title: '发布部门', dataIndex: 'departName', width: 140, render: (v: string | null) => v ?? '—' },
          {
            title: '发布时间',
            dataIndex: 'publishedAt',
            width: 150,
            render: (v: string | null) => (v ? timeText(v) : '—'),
          },
          {
            title: '操作',
            key: 'op',
            fixed: screens.md ? 'right' : undefined,
            width: 250,
            render: (_v, r) => (
              <Space wrap size={4}>
                <WorkflowButtons
                  workflow={QUESTIONNAIRE_WORKFLOW}
                  item={r}
                  variant="link"
                  handlers={{ edit: (x) => edit(x.id) }}
                />
                {can(QuestionnairePerm.results) && r.status !== '0' && (
                  <Typography.Link onClick={() => navigate(`${QUESTIONNAIRE_PATHS.adminResults}?id=${r.id}`)}>
                    结果
                  </Typography.Link>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
