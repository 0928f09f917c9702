import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server.js';

async function post<T>(url: string, body: unknown, token?: string): Promise<{ status: number; result: T }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { result: T };
  return { status: res.status, result: json.result };
}

describe('restart', () => {
  it('keeps the data of an existing folder and does not seed again', async () => {
    const first = await startServer();
    const login = await post<{ token: string }>(`${first.api}/sys/login`, {
      username: 'admin',
      password: 'Admin@2026',
    });
    const created = await post(
      `${first.api}/sys/user/add`,
      { username: 'kept_user', password: 'Kept2026x', realname: '重启验证' },
      login.result.token,
    );
    expect(created.status).toBe(200);
    await first.stop({ keepData: true });

    const second = await startServer({ dataDir: first.dataDir });
    try {
      const again = await post<{ userInfo: { realname: string } }>(`${second.api}/sys/login`, {
        username: 'kept_user',
        password: 'Kept2026x',
      });
      expect(again.status).toBe(200);
      expect(again.result.userInfo.realname).toBe('重启验证');
      const oldToken = await fetch(`${second.api}/sys/user/getCurrentUserDeparts`, {
        headers: { 'x-access-token': login.result.token },
      });
      expect(oldToken.status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});
