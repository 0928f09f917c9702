import {
  Constants,
  type InterfaceParam,
  type MarketDetail,
  OPEN_FILTER_OP_LABEL,
  OPEN_ROWS_MAX_LIMIT,
  type OpenAppItem,
  type OpenDatasetField,
  type OpenDatasetMeta,
  type OpenService,
  PARAM_TYPE_LABEL,
  RESPONSE_TYPE_LABEL,
} from '@odp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Select, Skeleton } from 'antd';
import { useId, useState } from 'react';
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

/** What 在线调试 sends: the free query of the rows API, or a mounted interface's declared parameters. */
type TryTarget =
  | { path: string; params?: undefined }
  | { path: string; params: InterfaceParam[]; service: OpenService };

/** The values of a request example's query (`…?district=东湖区`), which the inputs start from. */
function exampleValues(service: OpenService): Record<string, string> {
  const example = /\?([^\s"'`]+)/.exec(service.requestExample ?? '');
  const given = new URLSearchParams(example?.[1] ?? '');
  return Object.fromEntries(
    service.parameters.map((p) => [p.parameterName, given.get(p.parameterName) ?? p.defaultValue ?? '']),
  );
}

/** Splits the inputs by where each declared parameter goes. */
function requestOf(params: InterfaceParam[], values: Record<string, string>, method: 'GET' | 'POST') {
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  const body: Record<string, string> = {};
  for (const p of params) {
    const v = values[p.parameterName]?.trim();
    if (!v) continue;
    if (p.parameterLocation === 'query') query.set(p.parameterName, v);
    else if (p.parameterLocation === 'header') headers[p.parameterName] = v;
    else body[p.parameterName] = v;
  }
  return { query: query.toString(), init: { method, headers, body: method === 'POST' ? body : undefined } };
}

function TryIt({ conditional, target }: { conditional: boolean; target: TryTarget }) {
  const { token } = useSession();
  const apps = useQuery({
    queryKey: openApiKeys.apps.list({ pageNo: 1, pageSize: 50 }),
    queryFn: () => listOpenApps({ pageNo: 1, pageSize: 50 }),
    enabled: Boolean(token),
  });
  const usable = (apps.data?.records ?? []).filter((a: OpenAppItem) => a.status === '1');
  const [appKey, setAppKey] = useState<string | null>(null);
  const chosen = appKey ?? usable[0]?.appKey ?? null;
  const [query, setQuery] = useState('limit=10');
  const [values, setValues] = useState<Record<string, string>>(() =>
    target.params ? exampleValues(target.service) : {},
  );
  const [result, setResult] = useState<TryResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  async function send() {
    setBusy(true);
    setError(null);
    try {
      if (target.params) {
        const request = requestOf(target.params, values, target.service.method);
        setResult(await tryOpenApi(target.path, request.query, chosen, request.init));
      } else {
        setResult(await tryOpenApi(target.path, query.replace(/^\?/, '').trim(), chosen));
      }
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
      {target.params && target.params.length > 0 && (
        <div className="detail-api-try-params">
          {target.params.map((p) => {
            const id = `${inputId}-${p.parameterLocation}-${p.parameterName}`;
            return (
              <div key={id} className="detail-api-try-param">
                <label htmlFor={id}>
                  <code>{p.parameterName}</code>
                  {p.required && <span className="detail-api-required">（必填）</span>}
                </label>
                <Input
                  id={id}
                  value={values[p.parameterName] ?? ''}
                  onChange={(e) => setValues((v) => ({ ...v, [p.parameterName]: e.target.value }))}
                  onPressEnter={send}
                  placeholder={p.description ?? PARAM_TYPE_LABEL[p.type]}
                />
              </div>
            );
          })}
        </div>
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
        {!target.params && (
          <Input
            aria-label="查询参数"
            addonBefore="?"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onPressEnter={send}
            placeholder="如 limit=10&sort=-id"
          />
        )}
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

const LOCATION_LABEL: Record<InterfaceParam['parameterLocation'], string> = {
  query: 'query',
  header: 'header',
  body: 'body（JSON）',
};

function ServiceParams({ params }: { params: InterfaceParam[] }) {
  const columns: DataColumn<InterfaceParam>[] = [
    { key: 'name', title: '参数名', width: 130, render: (p) => <code>{p.parameterName}</code> },
    { key: 'location', title: '位置', width: 90, render: (p) => LOCATION_LABEL[p.parameterLocation] },
    { key: 'type', title: '类型', width: 70, render: (p) => PARAM_TYPE_LABEL[p.type] },
    { key: 'required', title: '必填', width: 60, render: (p) => (p.required ? '是' : '否') },
    { key: 'default', title: '默认值', width: 80, render: (p) => p.defaultValue ?? '' },
    { key: 'description', title: '说明', render: (p) => p.description ?? '' },
  ];
  return (
    <DataTable
      columns={columns}
      rows={params}
      rowKey={(p) => `${p.parameterLocation}:${p.parameterName}`}
      caption="请求参数"
    />
  );
}

/** A curl line that calls the interface with the example's values, each parameter where it is declared. */
function serviceCurl(service: OpenService, url: string, conditional: boolean) {
  const values = exampleValues(service);
  const { query, init } = requestOf(service.parameters, values, service.method);
  const lines = [`curl${service.method === 'POST' ? ' -X POST' : ''} "${url}${query ? `?${query}` : ''}"`];
  for (const [k, v] of Object.entries(init.headers)) lines.push(`-H "${k}: ${v}"`);
  if (conditional)
    lines.push(
      '-H "X-App-Key: <App Key>" -H "X-Timestamp: <毫秒时间戳>"',
      '-H "X-Nonce: <随机串>" -H "X-Signature: <签名>"',
    );
  else lines.push('-H "X-App-Key: <App Key（可选）>"');
  if (init.body) lines.push(`-H "Content-Type: application/json" -d '${JSON.stringify(init.body)}'`);
  return lines.join(' \\\n  ');
}

/** A mounted interface: called through the platform's gateway with its declared parameters. */
function ServiceApi({ meta, service }: { meta: OpenDatasetMeta; service: OpenService }) {
  const conditional = meta.openType === '2';
  const path = `/services/${service.apiId}`;
  const url = openApiUrl(path);
  return (
    <>
      <dl className="detail-api-facts">
        <div>
          <dt>接口地址</dt>
          <dd>
            <code>{url}</code>
          </dd>
        </div>
        <div>
          <dt>接口名称</dt>
          <dd>{service.name}</dd>
        </div>
        <div>
          <dt>请求方式</dt>
          <dd>{service.method}</dd>
        </div>
        <div>
          <dt>返回格式</dt>
          <dd>{RESPONSE_TYPE_LABEL[service.responseType]}</dd>
        </div>
        <div>
          <dt>鉴权</dt>
          <dd>
            {conditional ? '应用签名（X-App-Key、X-Timestamp、X-Nonce、X-Signature）' : '匿名，或请求头 X-App-Key'}
          </dd>
        </div>
        <div>
          <dt>调用次数</dt>
          <dd>{meta.calls.toLocaleString('zh-CN')}</dd>
        </div>
      </dl>
      {service.description && <p className="detail-note">{service.description}</p>}

      <h3 className="detail-api-heading">请求参数</h3>
      {service.parameters.length > 0 ? (
        <>
          <p className="detail-note">只接受下表登记的参数，传入其他参数时返回 400。</p>
          <ServiceParams params={service.parameters} />
        </>
      ) : (
        <p className="detail-note">该接口没有请求参数。</p>
      )}

      <h3 className="detail-api-heading">请求示例</h3>
      <pre className="detail-api-code">{serviceCurl(service, url, conditional)}</pre>
      {service.returnExample && (
        <>
          <h3 className="detail-api-heading">返回示例</h3>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long sample scrolls in its box, and keyboard users must be able to scroll it (WCAG 2.1.1). */}
          <pre className="detail-api-code is-scrolling" tabIndex={0}>
            {service.returnExample}
          </pre>
        </>
      )}
      <TryIt conditional={conditional} target={{ path, params: service.parameters, service }} />
    </>
  );
}

/** API 接口: how to call this dataset's rows or its mounted interface, the parameters, a sample, and a console to try it. */
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
  if (m.resources.length === 0 && !m.service) return <EmptyState description="该目录暂未提供数据接口" />;
  const conditional = m.openType === '2';
  const notice = conditional && (
    <Alert
      type="info"
      showIcon
      message="有条件开放数据"
      description={`调用前须提交开放申请（开放条件：${m.openCondition ?? '见基本信息'}），获批后数据授权给您的应用，再以签名方式调用。未获授权时接口返回 401 或 403。`}
    />
  );
  if (m.resources.length === 0 && m.service)
    return (
      <div className="detail-api">
        {notice}
        <ServiceApi meta={m} service={m.service} />
      </div>
    );
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
      {notice}
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
      <TryIt conditional={conditional} target={{ path: `/datasets/${m.id}/rows` }} />
      {m.service && (
        <>
          <h3 className="detail-api-heading">接口服务</h3>
          <ServiceApi meta={m} service={m.service} />
        </>
      )}
    </div>
  );
}
