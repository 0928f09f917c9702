import { OPEN_APPLY_STATUS_LABEL, type OpenApplyStatus } from '@odp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { listMyOpenApplies, type OpenApplyItem, openApplyKeys } from '@/api/open-apply';
import { formatDate } from '@/components/portal/format';
import { detailPath } from '@/components/portal/links';
import { Pager } from '@/components/portal/Pager';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { ApplyProgressDrawer } from './ApplyProgressDrawer';
import {
  APPLY_ACTION_LABEL,
  type ApplyRowAction,
  bindLabel,
  newerApplication,
  nextStep,
  reasonLabel,
  reportState,
  rowActions,
  STATUS_COLOR,
} from './apply-rows';
import { BindAppDialog } from './BindAppDialog';
import { CentreTag } from './CentreTag';
import { UsageReportDialog } from './UsageReportDialog';

const PAGE_SIZE = 10;
const STATUS_OPTIONS = (Object.entries(OPEN_APPLY_STATUS_LABEL) as [OpenApplyStatus, string][]).filter(
  ([status]) => status !== '0',
);

/** The period a row shows: the granted end once decided, else the one applied for. */
const periodOf = (item: OpenApplyItem) =>
  `${formatDate(item.startDate)} 至 ${formatDate(item.grantedEndDate ?? item.endDate)}`;

type CardProps = { item: OpenApplyItem; newer: OpenApplyItem | null; onAction: (a: ApplyRowAction) => void };

function ApplyCard({ item, newer, onAction }: CardProps) {
  const today = new Date();
  const report = reportState(item, today);
  const fields = item.grantedFields ?? item.fields;
  const reason = reasonLabel(item);
  return (
    <li className="centre-card">
      <div className="centre-card-head">
        <h3>
          <Link to={detailPath(item.catalogId)}>{item.catalogName}</Link>
        </h3>
        <CentreTag color={STATUS_COLOR[item.status]}>{item.statusLabel}</CentreTag>
        {report === 'overdue' && <CentreTag color="red">报告已逾期</CentreTag>}
        {report === 'due' && <CentreTag color="orange">待提交报告</CentreTag>}
      </div>
      <dl className="centre-card-meta">
        <div>
          <dt>申请编号</dt>
          <dd>{item.code}</dd>
        </div>
        <div>
          <dt>数据提供部门</dt>
          <dd>{item.providerName || '-'}</dd>
        </div>
        <div>
          <dt>申请时间</dt>
          <dd>{formatDate(item.submittedAt ?? item.createdAt)}</dd>
        </div>
        <div>
          <dt>{item.grantedEndDate ? '授权期限' : '使用期限'}</dt>
          <dd>{periodOf(item)}</dd>
        </div>
        <div>
          <dt>{item.grantedFields ? '授权字段' : '申请字段'}</dt>
          <dd>{fields.length} 个</dd>
        </div>
        {item.status === '3' && (
          <div>
            <dt>调用应用</dt>
            <dd>{item.appName ?? '未选择'}</dd>
          </div>
        )}
      </dl>
      {reason && (
        <Alert
          className="centre-card-reason"
          type={item.status === '4' ? 'error' : 'warning'}
          showIcon
          message={`${reason}：${item.reason}`}
        />
      )}
      <p className={`centre-card-next${report === 'overdue' ? ' is-overdue' : ''}`}>
        <strong>下一步：</strong>
        {nextStep(item, today, newer)}
      </p>
      <div className="centre-card-actions">
        {rowActions(item, today, newer).map((action) => (
          <Button
            key={action}
            size="small"
            type={action === 'report' || (action === 'bindApp' && !item.appId) ? 'primary' : 'default'}
            danger={action === 'report' && report === 'overdue'}
            onClick={() => onAction(action)}
          >
            {action === 'bindApp' ? bindLabel(item) : APPLY_ACTION_LABEL[action]}
          </Button>
        ))}
      </div>
    </li>
  );
}

/** 我的申请: the user's 开放申请 with status, the next step, and what they can do now. */
export default function MyAppliesTab() {
  const navigate = useNavigate();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [progress, setProgress] = useState<OpenApplyItem | null>(null);
  const [binding, setBinding] = useState<OpenApplyItem | null>(null);
  const [reporting, setReporting] = useState<OpenApplyItem | null>(null);
  const params = { pageNo: page, pageSize: PAGE_SIZE, ...(status ? { status } : {}) };
  const list = useQuery({
    queryKey: openApplyKeys.mine(params),
    queryFn: () => listMyOpenApplies(params),
    placeholderData: keepPreviousData,
  });

  const act = (item: OpenApplyItem) => (action: ApplyRowAction) => {
    if (action === 'detail') setProgress(item);
    else if (action === 'bindApp') setBinding(item);
    else if (action === 'report') setReporting(item);
    else navigate(`${detailPath(item.catalogId)}&reapply=${encodeURIComponent(item.id)}`);
  };

  const data = list.data;
  return (
    <section className="centre-panel" aria-labelledby="centre-applies-title">
      <div className="centre-toolbar">
        <h2 id="centre-applies-title">开放数据申请</h2>
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
            {STATUS_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <ErrorState
          message={list.error instanceof ApiError ? list.error.message : undefined}
          onRetry={() => list.refetch()}
        />
      ) : !data || data.records.length === 0 ? (
        <EmptyState description={status ? '没有该状态的申请' : '您还没有提交过开放数据申请'}>
          <Link to="/catalogue/datacatalogue?openType=2">浏览有条件开放数据</Link>
        </EmptyState>
      ) : (
        <>
          <ul className={`centre-cards${list.isPlaceholderData ? ' is-refreshing' : ''}`}>
            {data.records.map((item) => (
              <ApplyCard key={item.id} item={item} newer={newerApplication(item, data.records)} onAction={act(item)} />
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
      {progress && <ApplyProgressDrawer item={progress} onClose={() => setProgress(null)} />}
      {binding && <BindAppDialog item={binding} onClose={() => setBinding(null)} />}
      {reporting && <UsageReportDialog item={reporting} onClose={() => setReporting(null)} />}
    </section>
  );
}
