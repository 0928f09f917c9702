import { CalcConfigInput, type Formula } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { evaluateFormula, validateFormula } from './formula.js';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const ref = (index: string): Formula => ({ op: 'ref', index });
const k = (value: number): Formula => ({ op: 'const', value });
const values = new Map<string, number | null>([
  [A, 80],
  [B, 20],
  [C, null],
]);

describe('evaluateFormula', () => {
  it('computes each operation', () => {
    expect(evaluateFormula({ op: 'add', args: [ref(A), ref(B), k(1)] }, values)).toBe(101);
    expect(evaluateFormula({ op: 'sub', args: [ref(A), ref(B)] }, values)).toBe(60);
    expect(evaluateFormula({ op: 'mul', args: [ref(B), k(0.5)] }, values)).toBe(10);
    expect(evaluateFormula({ op: 'div', args: [ref(A), ref(B)] }, values)).toBe(4);
    expect(evaluateFormula({ op: 'min', args: [ref(A), ref(B)] }, values)).toBe(20);
    expect(evaluateFormula({ op: 'max', args: [ref(A), ref(B), k(90)] }, values)).toBe(90);
    // 0.6 × 80 + 0.4 × 20 = 56
    expect(
      evaluateFormula(
        {
          op: 'wsum',
          terms: [
            { weight: 0.6, expr: ref(A) },
            { weight: 0.4, expr: ref(B) },
          ],
        },
        values,
      ),
    ).toBeCloseTo(56, 10);
    // (80 − 20) ÷ (20 × 2) = 1.5
    expect(
      evaluateFormula(
        {
          op: 'div',
          args: [
            { op: 'sub', args: [ref(A), ref(B)] },
            { op: 'mul', args: [ref(B), k(2)] },
          ],
        },
        values,
      ),
    ).toBe(1.5);
  });

  it('gives no value for a division by zero or a missing source, without throwing', () => {
    expect(evaluateFormula({ op: 'div', args: [ref(A), k(0)] }, values)).toBeNull();
    expect(evaluateFormula({ op: 'div', args: [ref(A), { op: 'sub', args: [ref(B), ref(B)] }] }, values)).toBeNull();
    expect(evaluateFormula({ op: 'add', args: [ref(A), ref(C)] }, values)).toBeNull();
    expect(
      evaluateFormula({ op: 'add', args: [ref(A), ref('44444444-4444-4444-8444-444444444444')] }, values),
    ).toBeNull();
    expect(evaluateFormula({ op: 'mul', args: [k(1e308), k(1e308)] }, values)).toBeNull();
  });
});

describe('validateFormula', () => {
  it('accepts a formula over the sources', () => {
    expect(validateFormula({ op: 'div', args: [ref(A), ref(B)] }, [A, B])).toBeNull();
  });

  it('names the problem in Chinese', () => {
    expect(validateFormula({ op: 'add', args: [ref(A), ref(C)] }, [A, B])).toBe('公式引用了不是来源指标的指标');
    expect(validateFormula({ op: 'div', args: [ref(A)] }, [A])).toBe('“除”至少需要 2 个运算数');
    expect(validateFormula({ op: 'sub', args: [ref(A), k(1), k(2)] }, [A])).toBe('“减”只能有 2 个运算数');
    expect(validateFormula({ op: 'wsum', terms: [] }, [A])).toBe('加权求和至少需要一项');
    expect(validateFormula(k(3), [A])).toBe('公式至少需要引用一个来源指标');
    let deep: Formula = ref(A);
    for (let i = 0; i < 9; i++) deep = { op: 'max', args: [deep] };
    expect(validateFormula(deep, [A])).toBe('公式嵌套过深，最多 8 层');
  });

  it('refuses anything but the fixed operations at the contract', () => {
    const bad = CalcConfigInput.safeParse({ assetIndexId: A, formula: { op: 'eval', code: 'process.exit()' } });
    expect(bad.success).toBe(false);
    const sql = CalcConfigInput.safeParse({ assetIndexId: A, formula: { op: 'ref', index: "x'; drop table--" } });
    expect(sql.success).toBe(false);
    expect(CalcConfigInput.safeParse({ assetIndexId: A, formula: { op: 'add', args: [ref(A), k(1)] } }).success).toBe(
      true,
    );
  });
});
