import { QUESTION_KIND_LABEL, QUESTIONNAIRE_PATHS, type QuestionResult } from '@odp/contracts';
import { QUESTIONNAIRE_STATUS_LABEL } from '@odp/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, List, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { feedback } from '@/api/feedback';
import { exportAnswers, questionnaireKeys, questionnaireResults, textAnswers } from '@/api/questionnaire';
import { ChoiceBars, ChoicePie, RatingBars } from './QuestionCharts';
import { timeText } from './QuestionnaireListPage';
import { STATUS_COLOR } from './workflow';
import './questionnaire.css';

const TEXT_PAGE = 5;

function TextAnswers({ id, question }: { id: string; question: QuestionResult }) {
  const [page, setPage] = useState(1);
  const texts = useQuery({
    queryKey: questionnaireKeys.texts(id, question.id, page),
    queryFn: () => textAnswers(id, question.id, page, TEXT_PAGE),
  });
  return (
    <List
      size="small"
      bordered
      loading={texts.isLoading}
      locale={{ emptyText: '暂无回答' }}
      dataSource={texts.data?.records ?? []}
      pagination={{
        current: page,
        pageSize: TEXT_PAGE,
        total: texts.data?.total ?? 0,
        onChange: setPage,
        size: 'small',
        showTotal: (t) => `共 ${t} 条`,
        hideOnSinglePage: true,
      }}
      renderItem={(t) => (
        <List.Item>
          <div className="qn-text-answer">
            <div>{t.text}</div>
            <Typography.Text type="secondary">{timeText(t.time)}</Typography.Text>
          </div>
        </List.Item>
      )}
    />
  );
}

function QuestionCard({ id, index, question }: { id: string; index: number; question: QuestionResult }) {
  const body = (() => {
    if (question.kind === 'text') return <TextAnswers id={id} question={question} />;
    if (question.answered === 0) return <Empty description="暂无作答" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
    if (question.kind === 'single') return <ChoicePie question={question} />;
    if (question.kind === 'multiple') return <ChoiceBars question={question} />;
    return (
      <>
        <Statistic title="平均分" value={question.rating?.average ?? 0} precision={2} suffix="/ 5" />
        <RatingBars question={question} />
      </>
    );
  })();
  return (
    <Card
      size="small"
      className="qn-result"
      title={
        <span className="qn-result-title">
          {index + 1}. {question.title}
        </span>
      }
      extra={
        <Space size={4}>
          <Tag>{QUESTION_KIND_LABEL[question.kind]}</Tag>
          <Typography.Text type="secondary">{question.answered} 人作答</Typography.Text>
        </Space>
      }
    >
      {body}
      {(question.kind === 'single' || question.kind === 'multiple') && question.answered > 0 && (
        <table className="qn-result-table" aria-label={`${question.title}各选项人数`}>
          <thead>
            <tr>
              <th scope="col">选项</th>
              <th scope="col">人数</th>
              <th scope="col">占比</th>
            </tr>
          </thead>
          <tbody>
            {question.options.map((o) => (
              <tr key={o.id}>
                <td>{o.label}</td>
                <td>{o.count}</td>
                <td>{o.percent}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** 问卷结果: per question a chart (choices, ratings) or the paged text answers, and the .xlsx export. */
export default function QuestionnaireResultsPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = search.get('id') ?? '';
  const [exporting, setExporting] = useState(false);
  const results = useQuery({
    queryKey: questionnaireKeys.results(id),
    queryFn: () => questionnaireResults(id),
    enabled: Boolean(id),
  });
  const r = results.data;
  const back = (
    <Button onClick={() => navigate(QUESTIONNAIRE_PATHS.adminList)} aria-label="返回问卷列表">
      返回列表
    </Button>
  );
  if (!id || results.isError)
    return (
      <Card title="问卷结果" extra={back}>
        <Empty description="问卷不存在或已删除" />
      </Card>
    );
  if (!r)
    return (
      <Card title="问卷结果" extra={back}>
        <Skeleton active />
      </Card>
    );
  return (
    <Card
      title="问卷结果"
      extra={
        <Space wrap>
          <Button
            type="primary"
            loading={exporting}
            disabled={r.joinNumber === 0}
            onClick={async () => {
              setExporting(true);
              try {
                await exportAnswers(r.id, r.title);
              } catch (e) {
                feedback.message.error((e as Error).message);
              } finally {
                setExporting(false);
              }
            }}
          >
            导出答卷
          </Button>
          {back}
        </Space>
      }
    >
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {r.title}
      </Typography.Title>
      <Space size="large" wrap style={{ marginBottom: 16 }}>
        <Statistic title="参与人数" value={r.joinNumber} suffix="人" />
        <Statistic title="题目数" value={r.questions.length} suffix="道" />
        <div>
          <div className="qn-stat-label">状态</div>
          <Tag color={STATUS_COLOR[r.status]}>{QUESTIONNAIRE_STATUS_LABEL[r.status]}</Tag>
        </div>
      </Space>
      {r.joinNumber === 0 && <Empty description="还没有人作答" style={{ marginBottom: 16 }} />}
      <Row gutter={[16, 16]}>
        {r.questions.map((q, i) => (
          <Col key={q.id} xs={24} xl={12}>
            <QuestionCard id={r.id} index={i} question={q} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
