import { describe, expect, it } from 'vitest';
import { beijingTime, compactParameter, formatParameter, parseParameter, runDuration } from './QuartzJobFormat';

describe('parseParameter', () => {
  it('reads a JSON object; blank means no parameter', () => {
    expect(parseParameter('{"days": 200}')).toEqual({ ok: true, value: { days: 200 } });
    expect(parseParameter('  ')).toEqual({ ok: true, value: {} });
    expect(parseParameter(undefined)).toEqual({ ok: true, value: {} });
  });

  it('refuses broken JSON and anything but an object, in Chinese', () => {
    expect(parseParameter('{days: 200}')).toEqual({ ok: false, error: '参数须为合法的 JSON，例如 {"days": 180}' });
    for (const text of ['[1]', '180', 'null', '"x"']) {
      expect(parseParameter(text)).toEqual({ ok: false, error: '参数须为 JSON 对象，例如 {"days": 180}' });
    }
  });
});

describe('formatParameter and compactParameter', () => {
  it('indent for the editor and compact for the table', () => {
    expect(formatParameter({ days: 180 })).toBe('{\n  "days": 180\n}');
    expect(formatParameter({})).toBe('{}');
    expect(formatParameter(null)).toBe('{}');
    expect(compactParameter({ hours: 24 })).toBe('{"hours":24}');
    expect(compactParameter({})).toBe('无');
  });

  it('round-trip', () => {
    const value = { days: 200, nested: { a: [1, 2] } };
    expect(parseParameter(formatParameter(value))).toEqual({ ok: true, value });
  });
});

describe('beijingTime', () => {
  it('shows the instant on Beijing time', () => {
    expect(beijingTime('2026-11-21T19:10:00.000Z')).toBe('2026-11-22 03:10:00');
    expect(beijingTime(null)).toBe('-');
    expect(beijingTime('not a date')).toBe('-');
  });
});

describe('runDuration', () => {
  it('in 毫秒, 秒 or 分', () => {
    expect(runDuration('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.350Z')).toBe('350 毫秒');
    expect(runDuration('2026-01-01T00:00:00.000Z', '2026-01-01T00:00:02.500Z')).toBe('2.5 秒');
    expect(runDuration('2026-01-01T00:00:00.000Z', '2026-01-01T00:02:05.000Z')).toBe('2 分 5 秒');
    expect(runDuration('2026-01-01T00:00:00.000Z', null)).toBe('执行中');
  });
});
