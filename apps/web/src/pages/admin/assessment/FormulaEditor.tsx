import type { Formula } from '@odp/contracts';
import { FORMULA_OP_LABEL } from '@odp/contracts/constants';
import { Alert, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';

type Simple = { op: string; refs: string[]; weights: number[]; constant: number | null };

/** A one-level formula as the simple editor shows it, or null when it needs the JSON form. */
function toSimple(f: Formula | null): Simple | null {
  if (!f) return { op: 'add', refs: [], weights: [], constant: null };
  if (f.op === 'wsum') {
    if (!f.terms.every((t) => t.expr.op === 'ref')) return null;
    return {
      op: 'wsum',
      refs: f.terms.map((t) => (t.expr as { index: string }).index),
      weights: f.terms.map((t) => t.weight),
      constant: null,
    };
  }
  if (f.op === 'const' || f.op === 'ref')
    return { op: 'add', refs: f.op === 'ref' ? [f.index] : [], weights: [], constant: null };
  const refs = f.args.filter((a) => a.op === 'ref').map((a) => (a as { index: string }).index);
  const consts = f.args.filter((a) => a.op === 'const');
  if (refs.length + consts.length !== f.args.length || consts.length > 1) return null;
  return { op: f.op, refs, weights: [], constant: consts[0] ? (consts[0] as { value: number }).value : null };
}

function fromSimple(s: Simple): Formula {
  const ref = (index: string): Formula => ({ op: 'ref', index });
  if (s.op === 'wsum')
    return { op: 'wsum', terms: s.refs.map((r, i) => ({ weight: s.weights[i] ?? 1, expr: ref(r) })) };
  const args = s.refs.map(ref);
  if (s.constant !== null) args.push({ op: 'const', value: s.constant });
  return { op: s.op as 'add', args };
}

/**
 * The formula of a 复合指标: an operation over its source indicators (and a constant), or for nested
 * expressions the JSON tree itself. Either way it is data the server checks; nothing is executed.
 */
export function FormulaEditor({
  sources,
  value,
  onChange,
}: {
  sources: { id: string; name: string }[];
  value: Formula | null;
  onChange: (f: Formula | null) => void;
}) {
  const simple = toSimple(value);
  const [advanced, setAdvanced] = useState(simple === null);
  const [text, setText] = useState(JSON.stringify(value ?? {}, null, 2));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const s = simple ?? { op: 'add', refs: [], weights: [], constant: null };
  const set = (next: Partial<Simple>) => onChange(fromSimple({ ...s, ...next }));
  const name = (id: string) => sources.find((x) => x.id === id)?.name ?? id;

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Switch
          size="small"
          checked={advanced}
          onChange={(on) => {
            setAdvanced(on);
            setText(JSON.stringify(value ?? {}, null, 2));
          }}
          aria-label="按表达式树编辑"
        />
        <Typography.Text>按表达式树（JSON）编辑，可嵌套</Typography.Text>
      </Space>
      {advanced ? (
        <>
          <Input.TextArea
            rows={10}
            value={text}
            aria-label="公式表达式树"
            style={{ fontFamily: 'monospace' }}
            onChange={(e) => {
              setText(e.target.value);
              try {
                onChange(JSON.parse(e.target.value) as Formula);
                setJsonError(null);
              } catch {
                setJsonError('JSON 格式不正确');
              }
            }}
          />
          {jsonError && <Alert type="error" message={jsonError} showIcon />}
          <Typography.Text type="secondary">
            运算：const（常数 value）、ref（来源指标 index）、add/sub/mul/div/min/max（args）、wsum（terms：weight 与
            expr）。来源指标编号：{sources.map((x) => `${x.name}=${x.id}`).join('；')}
          </Typography.Text>
        </>
      ) : (
        <>
          <Select
            aria-label="运算"
            value={s.op}
            style={{ width: 200 }}
            onChange={(op) => set({ op })}
            options={['add', 'sub', 'mul', 'div', 'wsum', 'min', 'max'].map((op) => ({
              value: op,
              label: FORMULA_OP_LABEL[op],
            }))}
          />
          <Select
            aria-label="参与运算的来源指标"
            mode="multiple"
            value={s.refs}
            placeholder="按顺序选择来源指标"
            style={{ width: '100%' }}
            onChange={(refs: string[]) => set({ refs, weights: refs.map((r) => s.weights[s.refs.indexOf(r)] ?? 1) })}
            options={sources.map((x) => ({ value: x.id, label: x.name }))}
          />
          {s.op === 'wsum' &&
            s.refs.map((r, i) => (
              <Space key={r}>
                <Typography.Text>{name(r)} 的权重</Typography.Text>
                <InputNumber
                  aria-label={`${name(r)} 的权重`}
                  value={s.weights[i] ?? 1}
                  step={0.1}
                  onChange={(w) =>
                    set({ weights: s.refs.map((_, j) => (j === i ? Number(w ?? 0) : (s.weights[j] ?? 1))) })
                  }
                />
              </Space>
            ))}
          {s.op !== 'wsum' && (
            <Space>
              <Typography.Text>常数（可选）</Typography.Text>
              <InputNumber
                aria-label="常数"
                value={s.constant}
                onChange={(c) => set({ constant: c === null ? null : Number(c) })}
              />
            </Space>
          )}
          <Typography.Text type="secondary">
            {s.op === 'sub' || s.op === 'div'
              ? '减、除按所选顺序取前两个运算数（来源指标在前，常数在后）；除数为 0 时该部门无值。'
              : ''}
          </Typography.Text>
        </>
      )}
    </Space>
  );
}
