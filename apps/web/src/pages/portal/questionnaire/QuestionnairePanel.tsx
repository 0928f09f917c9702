import { QUESTIONNAIRE_PHASE_LABEL, type QuestionnaireCard, questionnaireAnswerPath } from '@odp/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { pagePublicQuestionnaires, questionnaireKeys } from '@/api/questionnaire';
import { Pager } from '@/components/portal/Pager';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { minuteText } from './format';
import './questionnaire.css';

const PAGE_SIZE = 10;

function Card({ item, Heading }: { item: QuestionnaireCard; Heading: 'h2' | 'h3' }) {
  const href = questionnaireAnswerPath(item.id);
  return (
    <li className={`qn-card qn-card-${item.phase}`}>
      <div className="qn-card-main">
        <Heading className="qn-card-title">
          <Link to={href}>{item.title}</Link>
        </Heading>
        <span className={`qn-phase qn-phase-${item.phase}`}>{QUESTIONNAIRE_PHASE_LABEL[item.phase]}</span>
        {item.description && <p className="qn-card-desc">{item.description}</p>}
        <p className="qn-card-meta">
          <span>
            时间：{minuteText(item.openTime)} 至 {minuteText(item.closeTime)}
          </span>
          <span>{item.questionCount} 道题</span>
          <span>{item.joinNumber} 人参与</span>
          {item.allowAnonymous && <span>无需登录</span>}
        </p>
      </div>
      <div className="qn-card-action">
        {item.phase === 'open' && (
          <Link className="qn-button qn-button-primary" to={href} aria-label={`参与调查：${item.title}`}>
            参与调查
          </Link>
        )}
        {item.phase === 'upcoming' && <span className="qn-muted">{minuteText(item.openTime)} 开始</span>}
        {item.phase === 'ended' &&
          (item.resultsPublic ? (
            <Link className="qn-button" to={href} aria-label={`查看结果：${item.title}`}>
              查看结果
            </Link>
          ) : (
            <span className="qn-muted">已结束</span>
          ))}
      </div>
    </li>
  );
}

/**
 * 调查问卷 as a section: the published questionnaires, open ones first, each with its participation
 * count. It holds its own page state, so it can stand alone (`/communication/questionnaire`) or be one
 * section of 交流互动's left menu; `headingLevel` fits it under the host page's headings.
 */
export function QuestionnairePanel({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: questionnaireKeys.publicList(page),
    queryFn: () => pagePublicQuestionnaires(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const cardHeading = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <section className="qn-panel" aria-labelledby="qn-panel-title">
      <Title id="qn-panel-title" className="qn-panel-title">
        调查问卷
      </Title>
      <p className="qn-panel-intro">欢迎参与平台组织的调查，您的意见将帮助我们开放更多、更好用的数据。</p>
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <ErrorState onRetry={() => list.refetch()} />
      ) : !list.data?.records.length ? (
        <EmptyState description="暂无调查问卷" />
      ) : (
        <>
          <ul className="qn-list">
            {list.data.records.map((item) => (
              <Card key={item.id} item={item} Heading={cardHeading} />
            ))}
          </ul>
          <Pager
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            totalText={`共 ${list.data.total} 份`}
            onChange={(p) => setPage(p)}
          />
        </>
      )}
    </section>
  );
}
