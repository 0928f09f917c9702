import {
  Constants,
  type MarketDetail,
  OPEN_FILTER_OP_LABEL,
  OPEN_ROWS_MAX_LIMIT,
  type OpenAppItem,
  type OpenDatasetField,
  type OpenDatasetMeta,
} from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { getPreview, marketKeys } from '@/api/market';
import { getOpenDatasetMeta, listOpenApps, openApiKeys, openApiUrl, type TryResult, tryOpenApi } from '@/api/openapi';
import { type DataColumn, DataTable } from '@/components/portal/DataTable';
import { EmptyState, ErrorState } from '@/components/portal/StateViews';
import { useSession } from '@/session';

const TYPE_LABEL: Record<OpenDatasetField['type'], string> = {
  string: '文本',
  number: '数值',
  date: '日期',
  datetime: '日期时间',
  boolean: '布尔',
};

const COMMON_PARAMS: [string, string][] = [
  ['q', '在未脱敏的字段中检索包含该词的行'],
  ['fields', '返回的字段，逗号分隔，如 fields=id,name'],
  ['sort', '排序字段，逗号分隔，前缀 - 为降序，最多 3 个'],
  ['limit', `每页行数，1 至 ${OPEN_ROWS_MAX_LIMIT}，默认 100`],
  ['offset', '跳过的行数，最多 100000'],
  ['format', 'json（默认）或 csv'],
];

const OPS = Object.entries(OPEN_FILTER_OP_LABEL)
  .map(([op, label]) => (op === 'eq' ? `字段=值（${label}）` : `字段.${op}=值（${label}）`))
  .join('、');

function FieldTable({ fields }: { fields: OpenDatasetField[] }) {
  const columns: DataColumn<OpenDatasetField>[] = [
    { key: 'key', title: '参数名', width: 130, render: (f) => <code>{f.key}</code> },
    { key: 'name', title: '信息项', width: 150, render: (f) => f.name },
    { key: 'type', title: '类型', width: 80, render: (f) => TYPE_LABEL[f.type] },
    { key: 'use', title: '筛选', width: 180, render: (f) => (f.masked ? '已脱敏，不可筛选或排序' : '可筛选、排序') },
  ];
  return <DataTable columns={columns} rows={fields} rowKey={(f) => f.key} caption="字段参数" />;
}

/** The first rows anyone may see, masked as the portal's preview masks them. */
function MaskedSample({ detail }: { detail: MarketDetail }) {
  const file = detail.files.find((f) => f.kind === 'data');
  const source = detail.table ? { resourceId: detail.table.id } : file ? { fileId: file.id } : null;
  const sourceId = detail.table?.id ?? file?.id ?? '';
  const preview = useQuery({
    queryKey: marketKeys.preview(detail.id, sourceId),
    queryFn: () => getPreview(detail.id, source ?? { fileId: sourceId }),
    enabled: Boolean(source),
    staleTime: 5 * 60_000,
  });
  if (!source) return null;
  if (preview.isLoading) return <Skeleton active />;
  if (!preview.data || preview.data.rows.length === 0) return null;
  const { columns, rows } = preview.data;
  const masked = new Set(preview.data.maskedColumns);
  return (
    <>
      <h3 className="detail-api-heading">样例数据（前 10 行，已脱敏）</h3>
      <DataTable
        columns={columns.map((c, i) => ({
          key: String(i),
          title: masked.has(c) ? `${c}（脱敏）` : c,
          render: (row: string[]) => row[i] ?? '',
        }))}
        rows={rows.slice(0, 10)}
        rowKey={(_r, i) => i}
        maxHeight={360}
        nowrap
      />
    </>
  );
}

function TryIt({ meta }: { meta: OpenDatasetMeta }) {
  const { token } = useSession();
  const conditional = meta.openType === '2';
  const apps = useQuery({
    queryKey: openApiKeys.apps.list({ pageNo: 1, pageSize: 50 }),
    queryFn: () => listOpenApps({ pageNo: 1, pageSize: 50 }),
    enabled: Boolean(token),
  });
  const usable = (apps.data?.records ?? []).filter((a: OpenAppItem) => a.status === '1');
  const [appKey, setAppKey] = useState<string | null>(null);
  const chosen = appKey ?? usable[0]?.appKey ?? null;
  const [query, setQuery] = useState('limit=10');
  const [result, setResult] = useState<TryResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `/datasets/${meta.id}/rows`;

  async function send() {
    setBusy(true);
    setError(null);
    try {
      setResult(await tryOpenApi(path, query.replace(/^\?/, '').trim(), chosen));
    } catch {
      setError('请求未能发出，请检查网络后重试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="detail-api-try" aria-labelledby="api-try-title">
      <h3 id="api-try-title" className="detail-api-heading">
        在线调试
      </h3>
      {!token && (
        <p className="detail-note">
          {conditional ? '有条件开放数据须使用获授权的应用调用，请' : '可直接匿名调试；如需使用应用密钥，请'}
          <Link
            to={`${Constants.loginPath}?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`}
          >
            登录
          </Link>
          。
        </p>
      )}
      {token && usable.length === 0 && !apps.isLoading && (
        <p className="detail-note">
          您还没有可用的应用，可在<Link to="/developer/apps">我的应用</Link>中创建
          {conditional ? '，并申请该数据的开放授权' : ''}。
        </p>
      )}
      <div className="detail-api-try-form">
        {token && usable.length > 0 && (
          <Select
            aria-label="调用所用的应用"
            value={chosen ?? undefined}
            onChange={setAppKey}
            options={usable.map((a) => ({ value: a.appKey, label: a.name }))}
            className="detail-api-app"
          />
        )}
        <Input
          aria-label="查询参数"
          addonBefore="?"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onPressEnter={send}
          placeholder="如 limit=10&sort=-id"
        />
        <Button type="primary" onClick={send} loading={busy}>
          发送请求
        </Button>
      </div>
      {error && <Alert type="error" showIcon message={error} />}
      {result && (
        <div className="detail-api-result" aria-live="polite">
          <p className="detail-note">
            状态 <strong>{result.status}</strong>，耗时 {result.ms} ms
            {result.limit && `，配额 ${result.limit}，剩余 ${result.remaining}`}
            {result.retryAfter && `，请 ${result.retryAfter} 秒后重试`}
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long answer scrolls in its box, and keyboard users must be able to scroll it (WCAG 2.1.1). */}
          <pre className="detail-api-code is-scrolling" tabIndex={0}>
            {result.body}
          </pre>
        </div>
      )}
    </section>
  );
}

/** API 接口: how to call this dataset's rows, its parameters, a sample, and a console to try it. */
export function ApiPanel({ detail }: { detail: MarketDetail }) {
  const meta = useQuery({
    queryKey: openApiKeys.meta(detail.id),
    queryFn: () => getOpenDatasetMeta(detail.id),
    staleTime: 5 * 60_000,
  });
  if (meta.isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (meta.isError || !meta.data) {
    const message = meta.error instanceof ApiError ? meta.error.message : '接口信息加载失败';
    return <ErrorState message={message} onRetry={() => meta.refetch()} />;
  }
  const m = meta.data;
  if (m.resources.length === 0) return <EmptyState description="该目录暂未提供数据接口" />;
  const conditional = m.openType === '2';
  const url = openApiUrl(`/datasets/${m.id}/rows`);
  const example = {
    success: true,
    code: 200,
    message: '操作成功',
    result: {
      total: m.resources[0].rowCount,
      offset: 0,
      limit: 10,
      rows: [Object.fromEntries(m.fields.map((f) => [f.key, `<${f.name}>`]))],
    },
  };
  return (
    <div className="detail-api">
      {conditional && (
        <Alert
          type="info"
          showIcon
          message="有条件开放数据"
          description={`调用前须提交开放申请（开放条件：${m.openCondition ?? '见基本信息'}），获批后数据授权给您的应用，再以签名方式调用。未获授权时接口返回 401 或 403。`}
        />
      )}
      <dl className="detail-api-facts">
        <div>
          <dt>接口地址</dt>
          <dd>
            <code>{url}</code>
          </dd>
        </div>
        <div>
          <dt>请求方式</dt>
          <dd>GET</dd>
        </div>
        <div>
          <dt>返回格式</dt>
          <dd>JSON（默认）或 CSV</dd>
        </div>
        <div>
          <dt>鉴权</dt>
          <dd>
            {conditional ? '应用签名（X-App-Key、X-Timestamp、X-Nonce、X-Signature）' : '匿名，或请求头 X-App-Key'}
          </dd>
        </div>
        <div>
          <dt>调用次数</dt>
          <dd>{m.calls.toLocaleString('zh-CN')}</dd>
        </div>
        <div>
          <dt>接口描述</dt>
          <dd>
            <a href={openApiUrl(`/datasets/${m.id}/openapi.json`)} target="_blank" rel="noreferrer">
              OpenAPI 描述（JSON）
            </a>
          </dd>
        </div>
      </dl>

      <h3 className="detail-api-heading">请求参数</h3>
      <p className="detail-note">
        通用参数：{COMMON_PARAMS.map(([k, v]) => `${k}（${v}）`).join('；')}。字段筛选：{OPS}，同一字段可写多次。
      </p>
      <FieldTable fields={m.fields} />

      <h3 className="detail-api-heading">请求示例</h3>
      <pre className="detail-api-code">
        {conditional
          ? `curl "${url}?limit=10" \\\n  -H "X-App-Key: <App Key>" -H "X-Timestamp: <毫秒时间戳>" \\\n  -H "X-Nonce: <随机串>" -H "X-Signature: <签名>"`
          : `curl "${url}?limit=10" -H "X-App-Key: <App Key（可选）>"`}
      </pre>
      <h3 className="detail-api-heading">返回示例</h3>
      <pre className="detail-api-code">{JSON.stringify(example, null, 2)}</pre>

      {conditional && <MaskedSample detail={detail} />}
      <TryIt meta={m} />
    </div>
  );
}
