import { PlusOutlined } from '@ant-design/icons';
import {
  FILL_DATE_FORMATS,
  FILL_PART_LABEL,
  FILL_RESET_LABEL,
  FILL_RESETS,
  FillRuleJson,
  type FillRulePart,
} from '@odp/contracts';
import { Alert, Button, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { previewFillRule } from '@/api/system/fill-rule';
import { OrderedRows } from './OrderedRowControls';

const DATE_LABEL: Record<(typeof FILL_DATE_FORMATS)[number], string> = {
  YYYY: '年（YYYY）',
  YYYYMM: '年月（YYYYMM）',
  YYYYMMDD: '年月日（YYYYMMDD）',
};

const NEW_PART: Record<FillRulePart['type'], FillRulePart> = {
  text: { type: 'text', value: '' },
  date: { type: 'date', format: 'YYYYMMDD' },
  seq: { type: 'seq', length: 4, reset: 'never' },
};

/** The first problem of a parts list in words, or null; the same schema the server applies. */
export function partsProblem(parts: unknown): string | null {
  const parsed = FillRuleJson.safeParse(parts);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const index = typeof issue?.path[0] === 'number' ? issue.path[0] : null;
  return index === null ? (issue?.message ?? '规则配置不正确') : `第 ${index + 1} 个部件：${issue?.message}`;
}

type Props = {
  value?: FillRulePart[];
  onChange?: (value: FillRulePart[]) => void;
  /** The stored rule's code, so the preview continues its numbers. */
  ruleCode?: string;
};

/** The ordered parts of a 填值规则 (a form control), with the next value previewed as they change. */
export function FillRulePartsEditor({ value = [], onChange, ruleCode }: Props) {
  const parts = value;
  const set = (next: FillRulePart[]) => onChange?.(next);
  const hasSeq = parts.some((p) => p.type === 'seq');

  return (
    <OrderedRows
      items={parts}
      onChange={set}
      empty="尚未添加部件，请从下方添加。"
      removeLabel="删除部件"
      row={(part, index, replace) => (
        <>
          <Tag
            color={part.type === 'seq' ? 'blue' : part.type === 'date' ? 'green' : 'default'}
            style={{ width: 84, textAlign: 'center', marginInlineEnd: 0 }}
          >
            {index + 1}. {FILL_PART_LABEL[part.type]}
          </Tag>
          {part.type === 'text' && (
            <Input
              aria-label={`第 ${index + 1} 个部件的固定文本`}
              style={{ width: 200 }}
              maxLength={20}
              placeholder="如 SQ 或 -"
              value={part.value}
              onChange={(e) => replace({ ...part, value: e.target.value })}
            />
          )}
          {part.type === 'date' && (
            <Select
              aria-label={`第 ${index + 1} 个部件的日期格式`}
              style={{ width: 200 }}
              value={part.format}
              options={FILL_DATE_FORMATS.map((f) => ({ value: f, label: DATE_LABEL[f] }))}
              onChange={(format) => replace({ ...part, format })}
            />
          )}
          {part.type === 'seq' && (
            <>
              <InputNumber
                aria-label="流水号位数"
                min={1}
                max={12}
                precision={0}
                addonAfter="位"
                style={{ width: 110 }}
                value={part.length}
                onChange={(length) => replace({ ...part, length: length ?? 1 })}
              />
              <Select
                aria-label="流水号重置周期"
                style={{ width: 120 }}
                value={part.reset}
                options={FILL_RESETS.map((r) => ({ value: r, label: FILL_RESET_LABEL[r] }))}
                onChange={(reset) => replace({ ...part, reset })}
              />
            </>
          )}
        </>
      )}
    >
      <Space wrap>
        <Button size="small" icon={<PlusOutlined />} onClick={() => set([...parts, NEW_PART.text])}>
          固定文本
        </Button>
        <Button size="small" icon={<PlusOutlined />} onClick={() => set([...parts, NEW_PART.date])}>
          日期
        </Button>
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={hasSeq}
          title={hasSeq ? '每条规则只能有一个流水号' : undefined}
          onClick={() => set([...parts, NEW_PART.seq])}
        >
          流水号
        </Button>
      </Space>
      <FillRulePreview parts={parts} ruleCode={ruleCode} />
    </OrderedRows>
  );
}

/** Asks the server for the next value a moment after the parts stop changing. */
function FillRulePreview({ parts, ruleCode }: { parts: FillRulePart[]; ruleCode?: string }) {
  const problem = partsProblem(parts);
  const [state, setState] = useState<{ value?: string; error?: string; loading: boolean }>({ loading: false });
  const key = JSON.stringify(parts);

  useEffect(() => {
    if (problem) return;
    let cancelled = false;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      previewFillRule({ ruleJson: JSON.parse(key) as FillRulePart[], ruleCode })
        .then((value) => !cancelled && setState({ value, loading: false }))
        .catch((e: Error) => !cancelled && setState({ error: e.message, loading: false }));
    }, 300);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, ruleCode, problem]);

  if (problem) return <Alert type="warning" showIcon message={problem} />;
  if (state.error) return <Alert type="error" showIcon message={`无法预览：${state.error}`} />;
  return (
    <Alert
      type="info"
      showIcon
      message={
        <span>
          下一个值预览：
          <Typography.Text strong copyable={Boolean(state.value)} data-testid="fill-rule-preview">
            {state.loading && !state.value ? '计算中…' : (state.value ?? '—')}
          </Typography.Text>
        </span>
      }
      description="预览不占用流水号。流水号超出位数时按实际位数显示，不会截断。"
    />
  );
}
