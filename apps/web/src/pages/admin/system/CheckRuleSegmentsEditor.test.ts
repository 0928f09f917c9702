import { describe, expect, it } from 'vitest';
import { segmentsProblem } from './CheckRuleSegmentsEditor';

describe('segmentsProblem', () => {
  it('accepts what the server accepts and names the failing segment otherwise', () => {
    expect(
      segmentsProblem([
        { kind: 'upper', length: 2 },
        { kind: 'literal', value: '-' },
        { kind: 'digit', minLength: 2, maxLength: 3 },
      ]),
    ).toBeNull();
    expect(segmentsProblem([])).toBe('请至少配置一段');
    expect(
      segmentsProblem([
        { kind: 'digit', length: 1 },
        { kind: 'literal', value: '' },
      ]),
    ).toBe('第 2 段：请输入 1 到 50 个字符的固定文本');
    expect(segmentsProblem([{ kind: 'digit', minLength: 5, maxLength: 2 }])).toMatch(/^第 1 段：/);
    expect(segmentsProblem([{ kind: 'digit' }])).toMatch(/^第 1 段：/);
    expect(segmentsProblem(Array.from({ length: 33 }, () => ({ kind: 'digit', length: 1 })))).toBe(
      '校验段不能超过 32 段',
    );
  });
});
