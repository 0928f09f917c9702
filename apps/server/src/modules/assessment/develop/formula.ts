import type { Formula } from '@odp/contracts';

/** Limits that keep a formula readable and its evaluation bounded. */
const MAX_DEPTH = 8;
const MAX_NODES = 100;

const ARITY: Record<string, { min: number; max?: number; label: string }> = {
  add: { min: 2, label: '加' },
  sub: { min: 2, max: 2, label: '减' },
  mul: { min: 2, label: '乘' },
  div: { min: 2, max: 2, label: '除' },
  min: { min: 1, label: '最小值' },
  max: { min: 1, label: '最大值' },
};

/**
 * Checks a 复合指标's formula against its source indicators: every reference must be one of them,
 * each operation has the operands it needs, and the tree stays small. Answers the Chinese reason, or
 * null when the formula is acceptable. The formula is data interpreted by `evaluate`, never code.
 */
export function validateFormula(formula: Formula, sources: readonly string[]): string | null {
  let nodes = 0;
  const used = new Set<string>();
  const walk = (f: Formula, depth: number): string | null => {
    if (++nodes > MAX_NODES) return `公式过长，最多 ${MAX_NODES} 个节点`;
    if (depth > MAX_DEPTH) return `公式嵌套过深，最多 ${MAX_DEPTH} 层`;
    switch (f.op) {
      case 'const':
        return Number.isFinite(f.value) ? null : '常数须为有限数字';
      case 'ref':
        used.add(f.index);
        return sources.includes(f.index) ? null : '公式引用了不是来源指标的指标';
      case 'wsum':
        if (f.terms.length === 0) return '加权求和至少需要一项';
        for (const t of f.terms) {
          if (!Number.isFinite(t.weight)) return '权重须为有限数字';
          const e = walk(t.expr, depth + 1);
          if (e) return e;
        }
        return null;
      default: {
        const a = ARITY[f.op];
        if (!a) return '不支持的运算';
        if (f.args.length < a.min) return `“${a.label}”至少需要 ${a.min} 个运算数`;
        if (a.max !== undefined && f.args.length > a.max) return `“${a.label}”只能有 ${a.max} 个运算数`;
        for (const x of f.args) {
          const e = walk(x, depth + 1);
          if (e) return e;
        }
        return null;
      }
    }
  };
  const error = walk(formula, 1);
  if (error) return error;
  if (used.size === 0) return '公式至少需要引用一个来源指标';
  return null;
}

/**
 * The formula's value given the source indicators' values. A missing source value, a division by
 * zero or a result that is not a finite number gives no value (null), never an exception.
 */
export function evaluateFormula(formula: Formula, values: ReadonlyMap<string, number | null>): number | null {
  const ev = (f: Formula): number | null => {
    switch (f.op) {
      case 'const':
        return f.value;
      case 'ref':
        return values.get(f.index) ?? null;
      case 'wsum': {
        let sum = 0;
        for (const t of f.terms) {
          const v = ev(t.expr);
          if (v === null) return null;
          sum += t.weight * v;
        }
        return sum;
      }
      default: {
        const args: number[] = [];
        for (const x of f.args) {
          const v = ev(x);
          if (v === null) return null;
          args.push(v);
        }
        switch (f.op) {
          case 'add':
            return args.reduce((a, b) => a + b, 0);
          case 'sub':
            return args[0] - args[1];
          case 'mul':
            return args.reduce((a, b) => a * b, 1);
          case 'div':
            return args[1] === 0 ? null : args[0] / args[1];
          case 'min':
            return Math.min(...args);
          case 'max':
            return Math.max(...args);
          default:
            return null;
        }
      }
    }
  };
  const v = ev(formula);
  return v !== null && Number.isFinite(v) ? v : null;
}
