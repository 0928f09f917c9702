import {
  type InterfaceCheck,
  type InterfaceDescription,
  type InterfaceParam,
  type InterfaceResponseParam,
  type RequestMode,
  type ResponseType,
  SERVICE_LIMITS,
  type UpstreamParts,
  upstreamUrlOf,
} from '@odp/contracts';
import type { OutboundPolicy } from '../../../platform/outbound/address.js';
import { type HttpAnswer, requestChecked } from '../../../platform/outbound/http.js';
import { DEMO_UPSTREAMS } from './demo-upstreams.js';
import type { DeclaredParams } from './params.js';

/**
 * Where a mounted interface is answered: an officer's http(s) address, or one of the demo city's
 * built-in upstreams (`builtin:<name>`, served in process). Only the demo seed writes the latter:
 * the mount API parses http and https URLs only.
 */
export type BuiltinUpstream = { protocol: 'builtin'; name: string };
export type Upstream = UpstreamParts | BuiltinUpstream;

/**
 * What `data_catalog.mount` holds for an interface mount. `apiId` is made once and kept through
 * every 重新挂载 (the unique index `data_catalog_api_id_uq` finds the entry by it); 取消挂载 only
 * clears `mounted`, so the description stays for the next 挂载.
 */
export type InterfaceMount = {
  apiId: string;
  apiName: string;
  requestMode: RequestMode;
  responseType: ResponseType;
  apiDescribe: string | null;
  upstream: Upstream;
  requestParameters: InterfaceParam[];
  responseParameters: InterfaceResponseParam[];
  requestExample: string | null;
  returnExample: string | null;
  mounted: boolean;
  mountedAt: string | null;
  mountedBy: string | null;
  lastCheck: InterfaceCheck | null;
};

/** The interface mount of an entry, if its mount is one (a table mount or the demo's bare names are not). */
export function interfaceOf(mount: unknown): InterfaceMount | null {
  const m = mount as Partial<InterfaceMount> | null;
  return m && typeof m.apiId === 'string' && m.upstream ? (m as InterfaceMount) : null;
}

export function describeInterface(m: InterfaceMount): InterfaceDescription {
  return {
    apiId: m.apiId,
    apiName: m.apiName,
    requestMode: m.requestMode,
    responseType: m.responseType,
    upstreamUrl: describeUpstream(m.upstream),
    apiDescribe: m.apiDescribe,
    requestParameters: m.requestParameters,
    responseParameters: m.responseParameters,
    requestExample: m.requestExample,
    returnExample: m.returnExample,
  };
}

export const isBuiltin = (u: Upstream): u is BuiltinUpstream => u.protocol === 'builtin';
export const describeUpstream = (u: Upstream) => (isBuiltin(u) ? `builtin:${u.name}` : upstreamUrlOf(u));

/** Sends the declared parameters to the upstream and answers what it said (see requestChecked for the rules). */
export async function callUpstream(
  upstream: Upstream,
  method: 'GET' | 'POST',
  params: DeclaredParams,
  policy: OutboundPolicy,
  now = new Date(),
): Promise<HttpAnswer> {
  if (isBuiltin(upstream)) {
    const demo = DEMO_UPSTREAMS[upstream.name];
    if (!demo) return { status: 404, contentType: 'application/json; charset=utf-8', body: Buffer.from('{}') };
    const answer = demo.answer(Object.fromEntries(params.query), now);
    return {
      status: answer.status,
      contentType: 'application/json; charset=utf-8',
      body: Buffer.from(JSON.stringify(answer.body), 'utf8'),
    };
  }
  const query = new URLSearchParams(params.query).toString();
  const path = query ? `${upstream.path}${upstream.path.includes('?') ? '&' : '?'}${query}` : upstream.path;
  const headers: Record<string, string> = { ...params.headers, accept: '*/*' };
  let body: Buffer | undefined;
  if (method === 'POST') {
    body = Buffer.from(JSON.stringify(params.body ?? {}), 'utf8');
    headers['content-type'] = 'application/json; charset=utf-8';
  }
  return requestChecked({ ...upstream, path }, { method, headers, body }, policy, SERVICE_LIMITS);
}
