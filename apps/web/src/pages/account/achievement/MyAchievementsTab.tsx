import { ACHIEVEMENT_MACHINE, type AchievementAction, type AchievementRecord } from '@odp/contracts';
import {
  ACHIEVEMENT_STATUS_LABEL,
  APPLICATION_TYPE_LABEL,
  achievementDetailPath,
  DEVELOPER_TYPE_LABEL,
} from '@odp/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { achievementKeys, listAchievements, transitionAchievements } from '@/api/achievement';
import { ApiError } from '@/api/client';
import { formatDate } from '@/components/portal/format';
import { detailPath } from '@/components/portal/links';
import { Pager } from '@/components/portal/Pager';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { defineWorkflow, WorkflowButtons } from '@/components/Workflow';
import { CentreTag, type CentreTagColor } from '../personal-centre/CentreTag';

const PAGE_SIZE = 10;

const STATUS_COLOR: Record<string, CentreTagColor> = {
  '0': 'default',
  '1': 'blue',
  '2': 'green',
  '3': 'red',
  '4': 'orange',
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
    recall: { question: ([r]) => `确定撤回“${r?.applyName}”吗？撤回后可修改再提交。` },
    withdraw: { question: ([r]) => `确定下架“${r?.applyName}”吗？下架后公众将看不到该成果。` },
    delete: { question: ([r]) => `确定删除“${r?.applyName}”吗？删除后不可恢复。` },
  },
});

export const editPath = (id?: string) => `/personalCenter/personalAdd${id ? `?id=${encodeURIComponent(id)}` : ''}`;

/** What the owner should do next, by the state. */
function nextStep(r: AchievementRecord): string {
  if (r.status === '0') return '草稿尚未提交，完善后点击“提交审核”。';
  if (r.status === '1') return '等待平台审核，审核结果会通过消息通知您。';
  if (r.status === '3') return '请按驳回理由修改后重新提交审核。';
  if (r.status === '4') return '已下架，修改后可重新提交审核。';
  if (r.linkBroken) return '访问地址无法打开，请检查；恢复后下次检查会自动取消“失效”标记。';
  return '已在“应用成果”栏目公开展示。';
}

function AchievementCardItem({ item }: { item: AchievementRecord }) {
  const navigate = useNavigate();
  const reason = item.reason && (item.status === '3' || item.status === '4');
  return (
    <li className="centre-card">
      <div className="centre-card-head">
        <h3>
          {item.status === '2' ? <Link to={achievementDetailPath(item.id)}>{item.applyName}</Link> : item.applyName}
        </h3>
        <CentreTag color={STATUS_COLOR[item.status]}>{ACHIEVEMENT_STATUS_LABEL[item.status]}</CentreTag>
        {item.linkBroken && <CentreTag color="orange">失效</CentreTag>}
      </div>
      <dl className="centre-card-meta">
        <div>
          <dt>应用类型</dt>
          <dd>{APPLICATION_TYPE_LABEL[item.applicationType] ?? '其他'}</dd>
        </div>
        <div>
          <dt>开发者</dt>
          <dd>
            {item.developerName}（{DEVELOPER_TYPE_LABEL[item.developerType] ?? '个人'}）
          </dd>
        </div>
        <div>
          <dt>上线日期</dt>
          <dd>{item.onlineDate}</dd>
        </div>
        <div>
          <dt>更新时间</dt>
          <dd>{formatDate(item.updateTime)}</dd>
        </div>
        <div className="centre-card-key">
          <dt>关联数据集</dt>
          <dd>
            {item.datasets.map((d, i) => (
              <span key={d.id}>
                {i > 0 && '、'}
                <Link to={detailPath(d.id)}>{d.catalogName}</Link>
              </span>
            ))}
          </dd>
        </div>
      </dl>
      {reason && (
        <Alert
          className="centre-card-reason"
          type={item.status === '3' ? 'error' : 'warning'}
          showIcon
          message={`${item.status === '3' ? '驳回理由' : '下架理由'}：${item.reason}`}
        />
      )}
      <p className="centre-card-next">
        <strong>下一步：</strong>
        {nextStep(item)}
      </p>
      <div className="centre-card-actions">
        <WorkflowButtons
          workflow={MY_ACHIEVEMENT_WORKFLOW}
          item={item}
          handlers={{ edit: (x) => navigate(editPath(x.id)) }}
        />
      </div>
    </li>
  );
}

/** 我的成果: the user's results with their state, the reviewer's reason and what the machine allows now. */
export default function MyAchievementsTab() {
  const navigate = useNavigate();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const params = {
    pageNo: page,
    pageSize: PAGE_SIZE,
    ...(status ? { status: status as AchievementRecord['status'] } : {}),
  };
  const list = useQuery({
    queryKey: achievementKeys.list({ side: 'personal', ...params }),
    queryFn: () => listAchievements('personal', params),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  return (
    <section className="centre-panel" aria-labelledby="centre-achievements-title">
      <div className="centre-toolbar">
        <h2 id="centre-achievements-title">应用成果</h2>
        <label className="centre-filter">
          状态
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(1);
            }}
          >
            <option value="">全部</option>
            {Object.entries(ACHIEVEMENT_STATUS_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <Button type="primary" onClick={() => navigate(editPath())}>
          新增成果
        </Button>
      </div>
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <ErrorState
          message={list.error instanceof ApiError ? list.error.message : undefined}
          onRetry={() => list.refetch()}
        />
      ) : !data || data.records.length === 0 ? (
        <EmptyState description={status ? '没有该状态的应用成果' : '您还没有提交应用成果'}>
          <Link to={editPath()}>提交您基于开放数据开发的应用</Link>
        </EmptyState>
      ) : (
        <>
          <ul className={`centre-cards${list.isPlaceholderData ? ' is-refreshing' : ''}`}>
            {data.records.map((item) => (
              <AchievementCardItem key={item.id} item={item} />
            ))}
          </ul>
          <Pager
            current={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            totalText={`共 ${data.total} 条`}
            onChange={(next) => setPage(next)}
          />
        </>
      )}
    </section>
  );
}
