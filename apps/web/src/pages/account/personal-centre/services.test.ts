import { describe, expect, it } from 'vitest';
import { messageOf, quotaPercent, serviceState, testRows } from './services';

describe('我的服务', () => {
  it('measures today’s calls against the daily quota', () => {
    expect(quotaPercent(250, 1000)).toBe(25);
    expect(quotaPercent(1500, 1000)).toBe(100);
    expect(quotaPercent(null, 1000)).toBe(0);
    expect(quotaPercent(10, null)).toBeNull();
    expect(quotaPercent(10, 0)).toBeNull();
  });

  it('says why a service does not read data', () => {
    expect(serviceState({ live: true, status: '3', statusLabel: '已开通', appId: 'a' })).toBe('使用中');
    expect(serviceState({ live: false, status: '3', statusLabel: '已开通', appId: null })).toBe('待选择应用');
    expect(serviceState({ live: false, status: '6', statusLabel: '已到期', appId: 'a' })).toBe('已到期');
  });

  it('shows the first rows of a test call of the rows API', () => {
    const body = JSON.stringify({
      success: true,
      result: {
        total: 120,
        rows: [
          { line: '1路', stop: '火车站' },
          { line: '2路', stop: '市政府', extra: 'x' },
          { line: '3路', stop: '滨江公园' },
        ],
      },
    });
    const table = testRows(body, 2);
    expect(table?.total).toBe(120);
    expect(table?.rows).toHaveLength(2);
    expect(table?.columns).toEqual(['line', 'stop', 'extra']);
  });

  it('leaves CSV and error answers as text, and reads an error’s message', () => {
    expect(testRows('line,stop\n1路,火车站', 5)).toBeNull();
    const refused = JSON.stringify({ success: false, code: 403, message: '该应用未获得此数据集的授权' });
    expect(testRows(refused, 5)).toBeNull();
    expect(messageOf(refused)).toBe('该应用未获得此数据集的授权');
    expect(messageOf('not json')).toBeNull();
  });
});
