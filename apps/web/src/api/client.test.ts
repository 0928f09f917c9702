import { Messages } from '@odp/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, saveLogin } from '@/session';
import { ApiError, http } from './client';
import { bindFeedback, type Feedback } from './feedback';

const envelope = (status: number, body: { success: boolean; code?: number; message?: string; result?: unknown }) =>
  new Response(JSON.stringify({ code: status, message: '', result: null, timestamp: 0, ...body }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const spies = {
  message: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  notification: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
  modal: { confirm: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), success: vi.fn() },
};

const fetchMock = vi.fn<typeof fetch>();
const reload = vi.fn();
const assign = vi.fn();
const user = { id: '1', username: 'admin', realname: '管理员' } as Parameters<typeof saveLogin>[1];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(window, 'location', { value: { ...window.location, reload, assign }, configurable: true });
  bindFeedback(spies as unknown as Feedback);
  clearSession();
});

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('should reject'),
    (e: ApiError) => e,
  );

describe('http client', () => {
  it('unwraps the result and sends the token, tenant and _t on GET', async () => {
    saveLogin('tok-1', user, {});
    fetchMock.mockResolvedValueOnce(envelope(200, { success: true, result: { a: 1 } }));
    await expect(http.get('/sys/x', { q: '交通', empty: '', none: undefined })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/^\/dtwave-om\/sys\/x\?q=%E4%BA%A4%E9%80%9A&_t=\d+$/);
    expect(init?.headers).toMatchObject({ 'X-Access-Token': 'tok-1', tenant_id: '0' });
  });

  it('leaves _t off dictionary item calls and sends a JSON body on POST', async () => {
    fetchMock.mockImplementation(async () => envelope(200, { success: true, result: [] }));
    await http.get('/sys/dict/getDictItems/open_type');
    expect(String(fetchMock.mock.calls[0][0])).toBe('/dtwave-om/sys/dict/getDictItems/open_type');
    await http.post('/sys/y', { a: 1 });
    expect(fetchMock.mock.calls[1][1]).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  it('403 shows 系统提示 / 拒绝访问', async () => {
    fetchMock.mockResolvedValueOnce(envelope(403, { success: false, message: '无权限' }));
    const error = await rejection(http.get('/x'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(spies.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ message: '系统提示', description: Messages.forbidden }),
    );
  });

  it('404 and 504 show their fixed messages', async () => {
    fetchMock.mockResolvedValueOnce(envelope(404, { success: false }));
    await rejection(http.get('/x'));
    expect(spies.notification.error).toHaveBeenLastCalledWith(
      expect.objectContaining({ description: Messages.notFound }),
    );
    fetchMock.mockResolvedValueOnce(new Response('<html>gateway</html>', { status: 504 }));
    await rejection(http.get('/x'));
    expect(spies.notification.error).toHaveBeenLastCalledWith(
      expect.objectContaining({ description: Messages.timeout }),
    );
  });

  it('a request that outlives 29 s is aborted and reported as 网络超时', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
        ),
    );
    const pending = rejection(http.get('/slow'));
    await vi.advanceTimersByTimeAsync(29_000);
    const error = await pending;
    expect(error.status).toBe(504);
    expect(spies.notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: Messages.timeout }));
  });

  it('400 shows the server message and keeps the result for the caller', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(400, { success: false, message: '请输入用户姓名（字段 realname）', result: { field: 'realname' } }),
    );
    const error = await rejection(http.post('/sys/user/add', {}));
    expect(error.message).toBe('请输入用户姓名（字段 realname）');
    expect(error.field).toBe('realname');
    expect(spies.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ description: '请输入用户姓名（字段 realname）' }),
    );
  });

  it('silent calls do not show a notice', async () => {
    fetchMock.mockResolvedValueOnce(envelope(400, { success: false, message: '用户名或密码错误' }));
    await rejection(http.post('/sys/login', {}, { silent: true }));
    expect(spies.notification.error).not.toHaveBeenCalled();
  });

  it('an expired token opens the 登录已过期 modal whose button logs out and reloads', async () => {
    saveLogin('tok-1', user, {});
    fetchMock.mockResolvedValueOnce(envelope(401, { success: false, message: Messages.tokenExpired }));
    await rejection(http.get('/x'));
    expect(spies.modal.error).toHaveBeenCalledWith(
      expect.objectContaining({
        title: Messages.loginExpiredTitle,
        content: Messages.loginExpiredContent,
        okText: '重新登录',
      }),
    );
    spies.modal.error.mock.calls[0][0].onOk();
    expect(getSession().token).toBeNull();
    expect(reload).toHaveBeenCalled();
  });

  it('the department list’s expired code 10000001 opens the same modal, then goes to /user/login', async () => {
    saveLogin('tok-1', user, {});
    fetchMock.mockResolvedValueOnce(envelope(401, { success: false, code: 10000001, message: Messages.tokenExpired }));
    const error = (await rejection(http.get('/sys/getDepartList'))) as ApiError;
    expect(error.code).toBe(10000001);
    expect(spies.modal.error).toHaveBeenCalledWith(expect.objectContaining({ title: Messages.loginExpiredTitle }));
    spies.modal.error.mock.calls[0][0].onOk();
    expect(getSession().token).toBeNull();
    expect(assign).toHaveBeenCalledWith('/user/login');
    expect(reload).not.toHaveBeenCalled();
  });

  it('another 401 shows 未授权 and logs out 1.5 s later', async () => {
    vi.useFakeTimers();
    saveLogin('tok-1', user, {});
    fetchMock.mockResolvedValueOnce(envelope(401, { success: false, message: '未登录' }));
    await rejection(http.get('/x', undefined, { silent: true }));
    expect(spies.notification.error).toHaveBeenCalledWith(
      expect.objectContaining({ description: Messages.unauthorized }),
    );
    expect(getSession().token).toBe('tok-1');
    vi.advanceTimersByTime(1500);
    expect(getSession().token).toBeNull();
    expect(reload).toHaveBeenCalled();
  });

  it('a burst of 401s is announced once', async () => {
    saveLogin('tok-1', user, {});
    fetchMock.mockImplementation(async () => envelope(401, { success: false, message: Messages.tokenExpired }));
    await Promise.all([rejection(http.get('/a')), rejection(http.get('/b')), rejection(http.get('/c'))]);
    expect(spies.modal.error).toHaveBeenCalledTimes(1);
    expect(spies.notification.error).not.toHaveBeenCalled();
    spies.modal.error.mock.calls[0][0].onOk();
  });

  it('a 401 after the session has ended says nothing more', async () => {
    fetchMock.mockResolvedValueOnce(envelope(401, { success: false, message: Messages.tokenExpired }));
    await rejection(http.get('/x'));
    expect(spies.modal.error).not.toHaveBeenCalled();
    expect(spies.notification.error).not.toHaveBeenCalled();
  });

  it('download resolves to a blob and reports an envelope error', async () => {
    fetchMock.mockResolvedValueOnce(new Response('a,b\n1,2', { status: 200 }));
    const blob = await http.download('/api/file/download', { id: 1 });
    expect(await blob.text()).toBe('a,b\n1,2');
    fetchMock.mockResolvedValueOnce(envelope(404, { success: false }));
    await rejection(http.download('/api/file/download', { id: 2 }));
    expect(spies.notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: Messages.notFound }));
  });
});
