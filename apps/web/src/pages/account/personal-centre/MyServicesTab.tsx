import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Progress, Skeleton, Typography } from 'antd';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { feedback } from '@/api/feedback';
import {
  endMyService,
  getServiceTestInfo,
  listMyServices,
  type MyServiceItem,
  openApplyKeys,
  type TestApiResult,
  testMyService,
} from '@/api/open-apply';
import { openApiKeys } from '@/api/openapi';
import { type DataColumn, DataTable } from '@/components/portal/DataTable';
import { formatDate } from '@/components/portal/format';
import { detailPath } from '@/components/portal/links';
import { Pager } from '@/components/portal/Pager';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { CentreTag } from './CentreTag';
import { messageOf, quotaPercent, serviceState, testRows } from './services';
import { centrePath } from './tabs';

const PAGE_SIZE = 10;

/** `names`: the granted fields' names by their API key, for the columns' titles. */
function TestResult({ result, names }: { result: TestApiResult; names: Map<string, string> }) {
  const ok = result.status >= 200 && result.status < 300;
  const table = ok ? testRows(result.body, 5) : null;
  const message = ok ? null : messageOf(result.body);
  return (
    <div className="centre-test-result" aria-live="polite">
      <p>
        <CentreTag color={ok ? 'green' : 'red'}>状态 {result.status}</CentreTag>
        {table?.total != null && <span>{`共 ${table.total} 条，显示前 ${table.rows.length} 条。`}</span>}
        {result.limit && <span>{`今日配额 ${result.limit} 次，剩余 ${result.remaining ?? '-'} 次。`}</span>}
        {message && <span className="centre-test-error">{message}</span>}
      </p>
      {table && table.rows.length > 0 ? (
        <DataTable
          caption="返回的前几行"
          columns={table.columns.map<DataColumn<Record<string, unknown>>>((c) => ({
            key: c,
            title: names.has(c) ? (
              <>
                {names.get(c)}
                <code className="centre-test-key">{c}</code>
              </>
            ) : (
              c
            ),
            render: (row) => String(row[c] ?? ''),
          }))}
          rows={table.rows}
          rowKey={(_r, i) => i}
          maxHeight={340}
          nowrap
        />
      ) : table ? (
        <p className="centre-muted">调用成功，没有符合条件的数据行。</p>
      ) : message ? null : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long answer scrolls in its box, and keyboard users must be able to scroll it (WCAG 2.1.1).
        <pre className="centre-test-body" tabIndex={0}>
          {result.body}
        </pre>
      )}
    </div>
  );
}

/** 接口测试: the endpoint and the granted fields, a query to send, and what came back. */
function TestPanel({ item }: { item: MyServiceItem }) {
  const info = useQuery({ queryKey: openApplyKeys.testInfo(item.id), queryFn: () => getServiceTestInfo(item.id) });
  const [query, setQuery] = useState('limit=5');
  const queryClient = useQueryClient();
  const call = useMutation({
    mutationFn: () => testMyService({ id: item.id, query: query.trim() }),
    // The call counts against today's quota: the list shows the new figure.
    onSettled: () => queryClient.invalidateQueries({ queryKey: openApplyKeys.allServices }),
  });
  const inputId = useId();
  if (info.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (info.isError || !info.data)
    return (
      <ErrorState
        message={info.error instanceof ApiError ? info.error.message : '接口信息加载失败'}
        onRetry={() => info.refetch()}
      />
    );
  const d = info.data;
  return (
    <div className="centre-test">
      <dl className="centre-card-meta">
        <div className="centre-card-key">
          <dt>接口地址</dt>
          <dd>
            <code>
              GET {window.location.origin}
              {d.endpoint}
            </code>
          </dd>
        </div>
        <div className="centre-card-key">
          <dt>授权字段</dt>
          <dd>{d.fields.map((f) => `${f.name}（${f.key}${f.masked ? '，脱敏' : ''}）`).join('、') || '-'}</dd>
        </div>
      </dl>
      <div className="centre-test-form">
        <label htmlFor={inputId}>查询参数</label>
        <Input
          id={inputId}
          addonBefore="?"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onPressEnter={() => call.mutate()}
          placeholder="如 limit=5&sort=-id"
        />
        <Button type="primary" onClick={() => call.mutate()} loading={call.isPending}>
          发送请求
        </Button>
      </div>
      <p className="centre-muted">测试调用以应用“{d.appName}”的身份进行，计入今日调用次数。</p>
      {call.isError && (
        <Alert
          type="error"
          showIcon
          message={call.error instanceof ApiError ? call.error.message : '测试请求未能发出，请稍后重试'}
        />
      )}
      {call.data && <TestResult result={call.data} names={new Map(d.fields.map((f) => [f.key, f.name]))} />}
    </div>
  );
}

function ServiceCard({ item }: { item: MyServiceItem }) {
  const queryClient = useQueryClient();
  const [testing, setTesting] = useState(false);
  const end = useMutation({
    mutationFn: () => endMyService(item.id),
    onSuccess: async () => {
      feedback.message.success('服务已取消');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: openApplyKeys.all }),
        queryClient.invalidateQueries({ queryKey: openApiKeys.apps.all }),
      ]);
    },
  });
  const confirmEnd = () =>
    feedback.modal.confirm({
      title: '取消服务',
      content: `取消后应用“${item.appName ?? ''}”将立即不能调用“${item.catalogName}”，且不能恢复；如需继续使用须重新申请。确定取消吗？`,
      okText: '取消服务',
      okButtonProps: { danger: true },
      cancelText: '再想想',
      onOk: () => end.mutateAsync(),
    });

  const percent = quotaPercent(item.usedToday, item.dailyQuota);
  return (
    <li className="centre-card">
      <div className="centre-card-head">
        <h3>
          <Link to={detailPath(item.catalogId)}>{item.catalogName}</Link>
        </h3>
        <CentreTag color={item.live ? 'green' : 'default'}>{serviceState(item)}</CentreTag>
      </div>
      <dl className="centre-card-meta">
        <div>
          <dt>数据提供部门</dt>
          <dd>{item.providerName || '-'}</dd>
        </div>
        <div>
          <dt>调用应用</dt>
          <dd>{item.appName || '未选择'}</dd>
        </div>
        <div>
          <dt>有效期</dt>
          <dd>
            {formatDate(item.startDate)} 至 {formatDate(item.endDate)}
          </dd>
        </div>
        <div className="centre-card-key">
          <dt>App Key</dt>
          <dd>
            {item.appKey ? (
              <Typography.Text code copyable={{ text: item.appKey, tooltips: ['复制', '已复制'] }}>
                {item.appKey}
              </Typography.Text>
            ) : (
              <Link to={centrePath('applications')}>请先在“我的申请”中选择应用</Link>
            )}
          </dd>
        </div>
      </dl>
      <div className="centre-quota">
        <span>
          今日已用 <strong>{item.usedToday ?? 0}</strong> / 每日配额 {item.dailyQuota ?? '不限'} 次
        </span>
        {percent !== null && (
          <Progress
            percent={percent}
            size="small"
            showInfo={false}
            status={percent >= 100 ? 'exception' : 'normal'}
            aria-label="今日配额使用比例"
          />
        )}
      </div>
      <div className="centre-card-actions">
        {item.live && (
          <Button size="small" type={testing ? 'default' : 'primary'} onClick={() => setTesting((t) => !t)}>
            {testing ? '收起接口测试' : '接口测试'}
          </Button>
        )}
        {item.status === '3' && (
          <Button size="small" danger onClick={confirmEnd} loading={end.isPending}>
            取消服务
          </Button>
        )}
      </div>
      {testing && <TestPanel item={item} />}
    </li>
  );
}

/** 我的服务: the datasets granted to the user, the key that reads each, today's calls, 接口测试, 取消服务. */
export default function MyServicesTab() {
  const [page, setPage] = useState(1);
  const params = { pageNo: page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: openApplyKeys.services(params),
    queryFn: () => listMyServices(params),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  return (
    <section className="centre-panel" aria-labelledby="centre-services-title">
      <div className="centre-toolbar">
        <h2 id="centre-services-title">已开通的数据服务</h2>
      </div>
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <ErrorState
          message={list.error instanceof ApiError ? list.error.message : undefined}
          onRetry={() => list.refetch()}
        />
      ) : !data || data.records.length === 0 ? (
        <EmptyState description="暂无已开通的数据服务，有条件开放数据的申请获批后显示在这里">
          <Link to={centrePath('applications')}>查看我的申请</Link>
        </EmptyState>
      ) : (
        <>
          <ul className={`centre-cards${list.isPlaceholderData ? ' is-refreshing' : ''}`}>
            {data.records.map((item) => (
              <ServiceCard key={item.id} item={item} />
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
