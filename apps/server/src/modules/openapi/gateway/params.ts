import type { IncomingHttpHeaders } from 'node:http';
import { type InterfaceParam, PARAM_TYPE_LABEL, PARAM_TYPE_PATTERN } from '@odp/contracts';
import { badRequest } from '../../../platform/http/errors.js';

/** What the gateway passes on: declared parameters only, each from and to its declared location. */
export type DeclaredParams = {
  query: [string, string][];
  headers: Record<string, string>;
  body: Record<string, string | number | boolean> | null;
};

type Incoming = {
  query: Record<string, string | string[] | undefined>;
  headers: IncomingHttpHeaders;
  body: unknown;
};

// What Node may send as a header value (no line breaks or other control characters).
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

function typed(p: InterfaceParam, value: string): string | number | boolean {
  if (p.type === 'int' || p.type === 'double') return Number(value);
  if (p.type === 'boolean') return value === 'true';
  return value;
}

/**
 * Picks the declared parameters out of a gateway call: a query or body parameter the interface does
 * not declare is a 400 (the caller misspelled it, and nothing undeclared reaches the upstream), a
 * required one missing is a 400, a missing one with a default gets it, and each value must read as
 * its type. Headers are read by declared name only, so the caller's cookies, session and key never
 * travel on.
 */
export function declaredParams(declared: InterfaceParam[], method: 'GET' | 'POST', input: Incoming): DeclaredParams {
  const byLocation = (loc: InterfaceParam['parameterLocation']) =>
    new Set(declared.filter((p) => p.parameterLocation === loc).map((p) => p.parameterName));
  const queryNames = byLocation('query');
  for (const key of Object.keys(input.query)) {
    if (!queryNames.has(key)) throw badRequest(`不支持的参数：${key}`);
  }
  let body: Record<string, unknown> = {};
  if (input.body !== undefined && input.body !== null) {
    if (method !== 'POST' || typeof input.body !== 'object' || Array.isArray(input.body))
      throw badRequest('请求体须为 JSON 对象');
    body = input.body as Record<string, unknown>;
    const bodyNames = byLocation('body');
    for (const key of Object.keys(body)) if (!bodyNames.has(key)) throw badRequest(`不支持的参数：${key}`);
  }

  const out: DeclaredParams = { query: [], headers: {}, body: method === 'POST' ? {} : null };
  for (const p of declared) {
    let raw: unknown;
    if (p.parameterLocation === 'query') raw = input.query[p.parameterName];
    else if (p.parameterLocation === 'header') raw = input.headers[p.parameterName.toLowerCase()];
    else raw = body[p.parameterName];
    if (Array.isArray(raw)) throw badRequest(`参数 ${p.parameterName} 只能出现一次`);
    if (raw !== undefined && raw !== null && typeof raw === 'object')
      throw badRequest(`参数 ${p.parameterName} 须为单个值`);
    let value = raw === undefined || raw === null || raw === '' ? null : String(raw);
    value ??= p.defaultValue ?? null;
    if (value === null) {
      if (p.required) throw badRequest(`缺少必填参数：${p.parameterName}`);
      continue;
    }
    if (value.length > 2000) throw badRequest(`参数 ${p.parameterName} 过长`);
    if (!PARAM_TYPE_PATTERN[p.type].test(value))
      throw badRequest(`参数 ${p.parameterName} 应为${PARAM_TYPE_LABEL[p.type]}`);
    if (p.parameterLocation === 'query') out.query.push([p.parameterName, value]);
    else if (p.parameterLocation === 'header') {
      if (!HEADER_VALUE.test(value)) throw badRequest(`参数 ${p.parameterName} 含有不允许的字符`);
      out.headers[p.parameterName.toLowerCase()] = value;
    } else if (out.body) out.body[p.parameterName] = typed(p, value);
  }
  return out;
}
