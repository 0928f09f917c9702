import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';

async function headersOf(ctx: TestContext, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url: `${ctx.base}/health`, headers });
  expect(res.statusCode).toBe(200);
  return {
    hsts: res.headers['strict-transport-security'],
    csp: String(res.headers['content-security-policy']),
  };
}

describe('HTTPS-only headers', () => {
  let plain: TestContext;
  let httpsOnly: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    [plain, httpsOnly, proxied] = await Promise.all([
      createTestApp(),
      createTestApp({ config: { httpsOnly: true } }),
      createTestApp({ config: { trustProxy: true } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), httpsOnly?.close(), proxied?.close()]);
  });

  it('sends neither HSTS nor upgrade-insecure-requests over plain HTTP, keeping the rest of the policy', async () => {
    const h = await headersOf(plain);
    expect(h.hsts).toBeUndefined();
    expect(h.csp).toContain("script-src 'self'");
    expect(h.csp).not.toContain('upgrade-insecure-requests');
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const h = await headersOf(plain, { 'x-forwarded-proto': 'https' });
    expect(h.hsts).toBeUndefined();
    expect(h.csp).not.toContain('upgrade-insecure-requests');
  });

  it('sends both on every answer when the deployment is HTTPS-only', async () => {
    const h = await headersOf(httpsOnly);
    expect(h.hsts).toMatch(/^max-age=31536000/);
    expect(h.csp).toContain("script-src 'self'");
    expect(h.csp.match(/upgrade-insecure-requests/g)).toHaveLength(1);
  });

  it('behind a trusted TLS proxy, sends both only to requests the proxy received over HTTPS', async () => {
    const overTls = await headersOf(proxied, { 'x-forwarded-proto': 'https' });
    expect(overTls.hsts).toMatch(/^max-age=31536000/);
    expect(overTls.csp).toContain('upgrade-insecure-requests');
    const overHttp = await headersOf(proxied, { 'x-forwarded-proto': 'http' });
    expect(overHttp.hsts).toBeUndefined();
    expect(overHttp.csp).not.toContain('upgrade-insecure-requests');
  });
});
