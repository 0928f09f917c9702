import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, optionalText, requiredText, tooLong } from '../core/fields.js';

/** Permission codes of 数据归集 › 接口发布, checked on every route. */
export const InterfacePerm = {
  list: 'interfaceRelease:list',
  /** 挂载 / 重新挂载 / 测试 / 取消挂载 of the caller's department's entries (all departments with catalog:review). */
  mount: 'interfaceRelease:mount',
} as const;

export const REQUEST_MODES = ['GET', 'POST'] as const;
export type RequestMode = (typeof REQUEST_MODES)[number];

export const RESPONSE_TYPES = ['json', 'xml', 'text'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];
export const RESPONSE_TYPE_LABEL: Record<ResponseType, string> = { json: 'JSON', xml: 'XML', text: '文本' };

export const PARAM_LOCATIONS = ['query', 'header', 'body'] as const;
export type ParamLocation = (typeof PARAM_LOCATIONS)[number];
export const PARAM_LOCATION_LABEL: Record<ParamLocation, string> = {
  query: '查询参数（query）',
  header: '请求头（header）',
  body: '请求体（body）',
};

export const PARAM_TYPES = ['string', 'int', 'double', 'boolean', 'date'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];
export const PARAM_TYPE_LABEL: Record<ParamType, string> = {
  string: '字符串',
  int: '整数',
  double: '数值',
  boolean: '布尔',
  date: '日期',
};

/** What a value of each parameter type must look like; the gateway refuses anything else with a 400. */
export const PARAM_TYPE_PATTERN: Record<ParamType, RegExp> = {
  string: /^[\s\S]*$/,
  int: /^-?\d{1,15}$/,
  double: /^-?\d{1,15}(\.\d{1,10})?$/,
  boolean: /^(true|false)$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

/**
 * Headers a caller sends to the platform, never to an upstream: its session, its key and signature,
 * and what the connection itself decides. A parameter may not be declared under these names.
 */
export const RESERVED_HEADER =
  /^(x-app-.*|x-access-token|x-timestamp|x-nonce|x-signature|cookie|set-cookie|host|content-length|content-type|transfer-encoding|connection|keep-alive|upgrade|te|trailer|proxy-.*|x-forwarded-.*|forwarded|x-real-ip)$/i;

export const INTERFACE_LIMITS = {
  params: 30,
  responseParams: 100,
  example: 20_000,
  url: 500,
} as const;

/** The upstream address as the gateway dials it: structured at mount time, never re-read from text. */
export type UpstreamParts = {
  protocol: 'http' | 'https';
  hostname: string;
  /** null: the protocol's default port. */
  port: number | null;
  /** Path and fixed query, e.g. `/v1/warnings?src=city`. */
  path: string;
};

/**
 * Parses an officer's upstream URL: http or https only, no user name or password in it, a port
 * allowed, no fragment. Answers the parts or the Chinese reason it is refused.
 */
export function parseUpstreamUrl(text: string): UpstreamParts | string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return '请输入完整的接口地址，如 https://api.example.gov.cn/v1/query';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '接口地址只能使用 http 或 https 协议';
  if (url.username || url.password) return '接口地址中不能包含用户名或密码';
  if (!url.hostname) return '接口地址缺少主机名';
  if (url.hash) return '接口地址不能包含 # 片段';
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return {
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    hostname,
    port: url.port ? Number(url.port) : null,
    path: `${url.pathname}${url.search}`,
  };
}

/** The text form of parsed parts (what lists and forms show). */
export function upstreamUrlOf(p: UpstreamParts): string {
  const host = p.hostname.includes(':') ? `[${p.hostname}]` : p.hostname;
  return `${p.protocol}://${host}${p.port ? `:${p.port}` : ''}${p.path}`;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
const nameOf = (label: string) =>
  requiredText(label, 64).regex(NAME, `${label}以字母或下划线开头，只能包含字母、数字、_、. 和 -`);

/** 请求参数: where the gateway takes it from the caller and puts it for the upstream. */
export const InterfaceParam = z.object({
  parameterName: nameOf('参数名称'),
  parameterLocation: z.enum(PARAM_LOCATIONS, { error: '参数位置须为 query、header 或 body' }),
  type: z.enum(PARAM_TYPES, { error: '参数类型不正确' }),
  required: z.boolean({ error: '请选择是否必填' }).default(false),
  defaultValue: optionalText(200, '默认值'),
  description: optionalText(200, '参数描述'),
});
export type InterfaceParam = z.infer<typeof InterfaceParam>;

/** 返回参数: documentation of the answer's fields. */
export const InterfaceResponseParam = z.object({
  parameterName: requiredText('参数名称', 100),
  type: z.enum(PARAM_TYPES, { error: '参数类型不正确' }).default('string'),
  description: optionalText(200, '参数描述'),
});
export type InterfaceResponseParam = z.infer<typeof InterfaceResponseParam>;

const example = (label: string) => optionalText(INTERFACE_LIMITS.example, label);

/** 挂载 / 重新挂载: the upstream and its description (replaces any earlier one, keeping its apiId). */
export const InterfaceMountInput = z
  .object({
    catalogId: idOf('目录'),
    apiName: requiredText('接口名称', 100),
    requestMode: z.enum(REQUEST_MODES, { error: '请求方式须为 GET 或 POST' }),
    responseType: z.enum(RESPONSE_TYPES, { error: '返回类型须为 JSON、XML 或文本' }),
    upstreamUrl: requiredText('接口地址', INTERFACE_LIMITS.url),
    apiDescribe: optionalText(500, '接口描述'),
    requestParameters: z
      .array(InterfaceParam)
      .max(INTERFACE_LIMITS.params, `请求参数不能超过 ${INTERFACE_LIMITS.params} 个`)
      .default([]),
    responseParameters: z
      .array(InterfaceResponseParam)
      .max(INTERFACE_LIMITS.responseParams, `返回参数不能超过 ${INTERFACE_LIMITS.responseParams} 个`)
      .default([]),
    requestExample: example('请求示例'),
    returnExample: example('返回示例'),
  })
  .superRefine((v, ctx) => {
    const parsed = parseUpstreamUrl(v.upstreamUrl);
    if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', path: ['upstreamUrl'], message: parsed });
    const seen = new Set<string>();
    v.requestParameters.forEach((p, i) => {
      const key = `${p.parameterLocation}:${p.parameterName.toLowerCase()}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['requestParameters', i, 'parameterName'], message: '参数名称重复' });
      seen.add(key);
      if (p.parameterLocation === 'body' && v.requestMode === 'GET')
        ctx.addIssue({
          code: 'custom',
          path: ['requestParameters', i, 'parameterLocation'],
          message: 'GET 请求不能有请求体参数',
        });
      if (p.parameterLocation === 'header' && RESERVED_HEADER.test(p.parameterName))
        ctx.addIssue({
          code: 'custom',
          path: ['requestParameters', i, 'parameterName'],
          message: `请求头 ${p.parameterName} 由平台使用，不能作为接口参数`,
        });
      if (p.defaultValue && !PARAM_TYPE_PATTERN[p.type].test(p.defaultValue))
        ctx.addIssue({
          code: 'custom',
          path: ['requestParameters', i, 'defaultValue'],
          message: `默认值不符合参数类型（${PARAM_TYPE_LABEL[p.type]}）`,
        });
    });
  });
export type InterfaceMountInput = z.input<typeof InterfaceMountInput>;
export type InterfaceMountValues = z.output<typeof InterfaceMountInput>;

/** 取消挂载 and 测试 name only the entry. */
export const InterfaceTarget = z.object({ catalogId: idOf('目录') });
export type InterfaceTarget = z.infer<typeof InterfaceTarget>;

export const InterfacePageQuery = PageQuery.extend({
  catalogName: z.string().trim().max(100, tooLong(100, '目录名称')).optional(),
  apiName: z.string().trim().max(100, tooLong(100, '接口名称')).optional(),
  /** 1 已挂载, 2 未挂载 */
  isMount: z.enum(['1', '2'], { error: '挂载状态须为 1（已挂载）或 2（未挂载）' }).optional(),
});
export type InterfacePageQuery = z.infer<typeof InterfacePageQuery>;

export const InterfaceListQuery = PageQuery.extend({
  apiName: z.string().trim().max(100, tooLong(100, '接口名称')).optional(),
});
export type InterfaceListQuery = z.infer<typeof InterfaceListQuery>;

/** 接口状态 after the last 测试: 0 未测试, 1 正常, 2 异常. */
export const INTERFACE_STATE_LABEL: Record<string, string> = { '0': '未测试', '1': '正常', '2': '异常' };

/** The last 测试 of an upstream. */
export type InterfaceCheck = { at: string; ok: boolean; status: number | null; latencyMs: number; message: string };

/** An interface as officers see and edit it (nothing in it is secret). */
export type InterfaceDescription = {
  apiId: string;
  apiName: string;
  requestMode: RequestMode;
  responseType: ResponseType;
  /** `https://…` as registered; `builtin:<name>` for the demo city's built-in upstreams. */
  upstreamUrl: string;
  apiDescribe: string | null;
  requestParameters: InterfaceParam[];
  responseParameters: InterfaceResponseParam[];
  requestExample: string | null;
  returnExample: string | null;
};

/** A row of 接口发布. */
export type InterfaceItem = {
  id: string;
  catalogName: string;
  orgCode: string;
  departName: string;
  openType: string;
  shelfStatus: number;
  /** 1 已挂载, 2 未挂载 (never, or cancelled: 重新挂载 restores the description). */
  isMount: '1' | '2';
  /** 0 未测试, 1 正常, 2 异常 */
  state: '0' | '1' | '2';
  lastCheck: InterfaceCheck | null;
  mountedAt: string | null;
  callNum: number;
  /** The registered interface, kept after 取消挂载 so that 重新挂载 starts from it. */
  api: InterfaceDescription | null;
};

/** A mounted interface of `/api/cataLog/interfaceMountList` (API名称, API路径, 更新时间, 创建人). */
export type InterfaceListItem = {
  catalogId: string;
  catalogName: string;
  apiId: string;
  apiName: string;
  requestMode: RequestMode;
  /** The gateway path a developer calls. */
  apiPath: string;
  upstreamUrl: string;
  updateTime: string | null;
  createBy: string | null;
};
