import { OPEN_API_PREFIX, SIGNATURE_HEADERS } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';

/** One answer of the open data API as a developer's program gets it. */
export type ProbeAnswer = { status: number; headers: Record<string, string | undefined>; body: string };

/**
 * Calls the open data API in process as 在线调试 does from the browser: the app's key plus the
 * session of the user who owns it, which the API takes as proof of the app (`caller.ts`). The call
 * goes through the API's own pipeline — grant, quota, call log — nothing of it is repeated here.
 */
export type OpenApiProbe = (call: {
  path: string;
  query?: string;
  appKey: string;
  token: string;
}) => Promise<ProbeAnswer>;

export function openApiProbe(app: FastifyInstance): OpenApiProbe {
  const base = app.deps.config.apiBase;
  return async ({ path, query, appKey, token }) => {
    // The path is the server's; the query is re-encoded, so nothing the user typed leaves the dataset's rows.
    const search = query ? new URLSearchParams(query).toString() : '';
    const res = await app.inject({
      method: 'GET',
      url: `${base}${OPEN_API_PREFIX}${path}${search ? `?${search}` : ''}`,
      headers: { [SIGNATURE_HEADERS.appKey]: appKey, 'x-access-token': token },
    });
    const header = (name: string) => {
      const v = res.headers[name];
      return v === undefined ? undefined : String(v);
    };
    return {
      status: res.statusCode,
      headers: {
        limit: header('x-ratelimit-limit'),
        remaining: header('x-ratelimit-remaining'),
        contentType: header('content-type'),
      },
      body: res.body,
    };
  };
}
