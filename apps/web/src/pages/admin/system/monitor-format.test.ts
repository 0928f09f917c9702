import { describe, expect, it } from 'vitest';
import { describeUserAgent, formatBytes, formatUptime } from './monitor-format';

describe('monitor formatting', () => {
  it('formats bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25.0 MB');
  });

  it('formats uptime', () => {
    expect(formatUptime(30)).toBe('不足 1 分钟');
    expect(formatUptime(90_061)).toBe('1 天 1 小时 1 分钟');
    expect(formatUptime(7_200)).toBe('2 小时');
  });

  it('names browsers and systems', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ),
    ).toBe('Chrome / Windows');
    expect(describeUserAgent(null)).toBe('-');
    expect(describeUserAgent('lightMyRequest')).toBe('lightMyRequest');
  });
});
