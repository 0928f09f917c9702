import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('treats a deployment as plain HTTP unless it says otherwise', () => {
    expect(loadConfig({}).httpsOnly).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://10.1.2.3:8080' }).httpsOnly).toBe(false);
    expect(loadConfig({ PUBLIC_URL: '' }).httpsOnly).toBe(false);
  });

  it('is HTTPS-only with an https PUBLIC_URL or HTTPS_ONLY=1', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://data.binjiang.gov.cn' }).httpsOnly).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'HTTPS://DATA.BINJIANG.GOV.CN' }).httpsOnly).toBe(true);
    expect(loadConfig({ HTTPS_ONLY: '1', PUBLIC_URL: 'http://10.1.2.3' }).httpsOnly).toBe(true);
  });

  it('refuses a malformed PUBLIC_URL or HTTPS_ONLY with a Chinese message', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'data.binjiang.gov.cn' })).toThrow(/配置错误: PUBLIC_URL/);
    expect(() => loadConfig({ HTTPS_ONLY: 'yes' })).toThrow(/配置错误: HTTPS_ONLY/);
  });
});
