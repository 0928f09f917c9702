import {
  Constants,
  OPEN_API_PREFIX,
  type OpenAppCreateInput,
  type OpenAppItem,
  type OpenAppPageQuery,
  type OpenAppSecret,
  type OpenAppUpdateInput,
  type OpenDatasetMeta,
  type Page,
} from '@odp/contracts';
import { getSession } from '@/session/session';
import { http } from './client';

export const openApiKeys = {
  apps: {
    all: ['openApi', 'apps'] as const,
    list: (params: object) => ['openApi', 'apps', 'list', params] as const,
  },
  meta: (id: string) => ['openApi', 'meta', id] as const,
};

type Paged<Q extends { pageNo: number; pageSize: number }> = Partial<Q> & Pick<Q, 'pageNo' | 'pageSize'>;

export const listOpenApps = (query: Paged<OpenAppPageQuery>) => http.get<Page<OpenAppItem>>('/api/openApp/list', query);
export const addOpenApp = (input: OpenAppCreateInput) =>
  http.post<OpenAppItem & OpenAppSecret>('/api/openApp/add', input);
export const editOpenApp = (input: OpenAppUpdateInput) => http.put<OpenAppItem>('/api/openApp/edit', input);
export const rotateOpenApp = (id: string) => http.post<OpenAppSecret>('/api/openApp/rotate', { id });
export const revokeOpenApp = (id: string) => http.post<null>('/api/openApp/revoke', { id });

export const getOpenDatasetMeta = (id: string) => http.get<OpenDatasetMeta>(`${OPEN_API_PREFIX}/datasets/${id}`);

/** The address a developer calls, as seen from this browser. */
export const openApiUrl = (path: string) => `${window.location.origin}${Constants.apiBase}${OPEN_API_PREFIX}${path}`;

export type TryResult = {
  status: number;
  ms: number;
  limit: string | null;
  remaining: string | null;
  retryAfter: string | null;
  body: string;
};

/**
 * One call of the open data API as a developer's program would make it, for 在线调试: with the chosen
 * application's key and the visitor's session, which proves the application is theirs. A mounted
 * interface's call may be a POST and carry its declared headers and body parameters.
 */
export async function tryOpenApi(
  path: string,
  query: string,
  appKey: string | null,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: object } = {},
): Promise<TryResult> {
  // A mounted interface's declared headers go first, so they cannot replace the key or session.
  const headers: Record<string, string> = { ...init.headers };
  const { token } = getSession();
  if (appKey) headers['X-App-Key'] = appKey;
  if (appKey && token) headers['X-Access-Token'] = token;
  if (init.body) headers['Content-Type'] = 'application/json';
  const started = performance.now();
  const res = await fetch(`${Constants.apiBase}${OPEN_API_PREFIX}${path}${query ? `?${query}` : ''}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  let body = text;
  try {
    body = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // CSV or plain text stays as it came.
  }
  return {
    status: res.status,
    ms: Math.round(performance.now() - started),
    limit: res.headers.get('X-RateLimit-Limit'),
    remaining: res.headers.get('X-RateLimit-Remaining'),
    retryAfter: res.headers.get('Retry-After'),
    body: body.length > 20_000 ? `${body.slice(0, 20_000)}\n…（内容过长，已截断）` : body,
  };
}
