import { Constants, type Envelope, Messages } from '@odp/contracts';
import { clearSession, getSession } from '@/session/session';
import { feedback } from './feedback';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status; 504 for a timeout, 0 when the server could not be reached. */
    readonly status: number,
    /** The envelope's code (mirrors the status on this server). */
    readonly code: number = status,
    /** The envelope's result, e.g. `{ captchaRequired }` of a refused sign-in. */
    readonly result: unknown = null,
  ) {
    super(message);
  }

  /** The input field the server blamed, when it named one. */
  get field(): string | undefined {
    const field = (this.result as { field?: unknown } | null)?.field;
    return typeof field === 'string' ? field : undefined;
  }
}

export type RequestOptions = {
  /** Do not show the error catalogue notice (except for 401); the caller reports the failure itself. */
  silent?: boolean;
};

type Params = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Dictionary item calls are cacheable, so they go without the `_t` cache breaker (spec §7). */
const NO_TIMESTAMP = /^\/sys\/dict\/(getDictItems|queryAllDictItems)/;

function buildUrl(method: Method, url: string, params?: Params) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (method === 'GET' && !NO_TIMESTAMP.test(url)) search.set('_t', String(Math.floor(Date.now() / 1000)));
  const query = search.toString();
  return `${Constants.apiBase}${url}${query ? `?${query}` : ''}`;
}

async function send(method: Method, url: string, params?: Params, body?: unknown): Promise<Response> {
  const { token, tenantId } = getSession();
  const headers: Record<string, string> = { tenant_id: tenantId };
  if (token) headers['X-Access-Token'] = token;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json;charset=UTF-8';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Constants.requestTimeoutMs);
  try {
    return await fetch(buildUrl(method, url, params), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    throw controller.signal.aborted ? new ApiError(Messages.timeout, 504) : new ApiError(Messages.requestFailed, 0);
  } finally {
    clearTimeout(timer);
  }
}

async function readEnvelope(res: Response): Promise<Partial<Envelope<unknown>> | null> {
  try {
    return (await res.json()) as Partial<Envelope<unknown>>;
  } catch {
    return null;
  }
}

function toError(res: Response, envelope: Partial<Envelope<unknown>> | null): ApiError {
  const status = res.ok ? (envelope?.code ?? 500) : res.status;
  return new ApiError(envelope?.message || Messages.requestFailed, status, envelope?.code ?? status, envelope?.result);
}

/** Set while the end of the session is being announced, so a burst of failing calls says it once. */
let sessionEnding = false;

function logoutAndReload() {
  sessionEnding = false;
  clearSession();
  window.location.reload();
}

/** Spec §8, the department list's 10000001: the session is dropped and the user signs in again. */
function logoutToLogin() {
  sessionEnding = false;
  clearSession();
  window.location.assign('/user/login');
}

/** The error catalogue of spec §8. */
export function presentError(error: ApiError) {
  const { notification, modal } = feedback;
  const hasToken = Boolean(getSession().token);
  const unauthorised = error.status === 401 || (error.status === 500 && error.message === Messages.tokenExpired);
  // Once the session is gone (or its end is being announced) late answers to its requests have nothing to add.
  if (unauthorised && (!hasToken || sessionEnding)) return;
  if (unauthorised) sessionEnding = true;
  if (unauthorised && error.message === Messages.tokenExpired) {
    modal.error({
      title: Messages.loginExpiredTitle,
      content: Messages.loginExpiredContent,
      okText: '重新登录',
      mask: false,
      onOk: error.code === Constants.departListExpiredCode ? logoutToLogin : logoutAndReload,
    });
    return;
  }
  switch (error.status) {
    case 403:
      notification.error({ message: '系统提示', description: Messages.forbidden, duration: 4 });
      return;
    case 404:
      notification.error({ message: '系统提示', description: Messages.notFound, duration: 4 });
      return;
    case 504:
      notification.error({ message: '系统提示', description: Messages.timeout, duration: 4 });
      return;
    case 401:
      notification.error({ message: '系统提示', description: Messages.unauthorized, duration: 4 });
      setTimeout(logoutAndReload, 1500);
      return;
    default:
      notification.error({ message: '系统提示', description: error.message, duration: 4 });
  }
}

function fail(error: ApiError, options?: RequestOptions): never {
  // An expired or missing session ends the sign-in whoever asked, so 401 is never silent.
  if (!options?.silent || error.status === 401) presentError(error);
  throw error;
}

async function open(method: Method, url: string, params?: Params, body?: unknown, options?: RequestOptions) {
  try {
    return await send(method, url, params, body);
  } catch (error) {
    return fail(error instanceof ApiError ? error : new ApiError(Messages.requestFailed, 0), options);
  }
}

async function request<T>(method: Method, url: string, params?: Params, body?: unknown, options?: RequestOptions) {
  const res = await open(method, url, params, body, options);
  const envelope = await readEnvelope(res);
  if (res.ok && envelope?.success) return envelope.result as T;
  return fail(toError(res, envelope), options);
}

export const http = {
  get: <T>(url: string, params?: Params, options?: RequestOptions) =>
    request<T>('GET', url, params, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('POST', url, undefined, body, options),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', url, undefined, body, options),
  delete: <T>(url: string, params?: Params, options?: RequestOptions) =>
    request<T>('DELETE', url, params, undefined, options),
  async download(url: string, params?: Params, options?: RequestOptions): Promise<Blob> {
    const res = await open('GET', url, params, undefined, options);
    if (res.ok) return res.blob();
    return fail(toError(res, await readEnvelope(res)), options);
  },
};
