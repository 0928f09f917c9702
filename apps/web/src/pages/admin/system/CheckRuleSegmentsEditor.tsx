import { PlusOutlined } from '@ant-design/icons';
import { CHAR_KIND_LABEL, CHAR_KINDS, type CharKind, CheckRuleSegment } from '@odp/contracts';
import { Button, Input, InputNumber, Segmented, Select, Space, Tag } from 'antd';
import { OrderedRows } from './OrderedRowControls';

/** The classes the server's matcher knows, plus fixed text; there is no free pattern on purpose. */
const KIND_OPTIONS = [
  ...CHAR_KINDS.map((k) => ({ value: k, label: CHAR_KIND_LABEL[k] })),
  { value: 'literal', label: '固定文本' },
];

/** The first problem of a segment list in words, or null; the same schema the server applies. */
export function segmentsProblem(segments: unknown): string | null {
  if (!Array.isArray(segments) || segments.length === 0) return '请至少配置一段';
  if (segments.length > 32) return '校验段不能超过 32 段';
  for (const [index, segment] of segments.entries()) {
    const parsed = CheckRuleSegment.safeParse(segment);
    if (!parsed.success) {
      const literal = (segment as { kind?: string }).kind === 'literal';
      const message = literal ? '请输入 1 到 50 个字符的固定文本' : '请填写长度（0 到 1000），最小长度不能大于最大长度';
      return `第 ${index + 1} 段：${message}`;
    }
  }
  return null;
}

type Props = { value?: CheckRuleSegment[]; onChange?: (value: CheckRuleSegment[]) => void };

/** The ordered segments of a 编码校验规则 (a form control): each a character class and a length, or fixed text. */
export function CheckRuleSegmentsEditor({ value = [], onChange }: Props) {
  const segments = value;
  const set = (next: CheckRuleSegment[]) => onChange?.(next);
  const withKind = (current: CheckRuleSegment, kind: CharKind | 'literal'): CheckRuleSegment => {
    if (kind === 'literal') return { kind, value: current.kind === 'literal' ? current.value : '-' };
    if (current.kind === 'literal') return { kind, length: 1 };
    return { ...current, kind };
  };

  return (
    <OrderedRows
      items={segments}
      onChange={set}
      empty="尚未添加校验段，请从下方添加。"
      removeLabel="删除此段"
      row={(segment, index, replace) => (
        <>
          <Tag style={{ width: 60, textAlign: 'center', marginInlineEnd: 0 }}>第 {index + 1} 段</Tag>
          <Select
            aria-label={`第 ${index + 1} 段的字符类型`}
            style={{ width: 120 }}
            value={segment.kind}
            options={KIND_OPTIONS}
            onChange={(kind) => replace(withKind(segment, kind))}
          />
          {segment.kind === 'literal' ? (
            <Input
              aria-label={`第 ${index + 1} 段的固定文本`}
              style={{ width: 180 }}
              maxLength={50}
              placeholder="如 -"
              value={segment.value}
              onChange={(e) => replace({ kind: 'literal', value: e.target.value })}
            />
          ) : (
            <>
              <Segmented
                size="small"
                value={segment.length !== undefined ? 'fixed' : 'range'}
                options={[
                  { value: 'fixed', label: '定长' },
                  { value: 'range', label: '范围' },
                ]}
                onChange={(mode) =>
                  replace(
                    mode === 'fixed'
                      ? { kind: segment.kind, length: segment.minLength ?? segment.length ?? 1 }
                      : { kind: segment.kind, minLength: segment.length ?? 1, maxLength: segment.length ?? 1 },
                  )
                }
              />
              {segment.length !== undefined ? (
                <InputNumber
                  aria-label={`第 ${index + 1} 段的长度`}
                  min={0}
                  max={1000}
                  precision={0}
                  addonAfter="位"
                  style={{ width: 120 }}
                  value={segment.length}
                  onChange={(length) => replace({ kind: segment.kind, length: length ?? 0 })}
                />
              ) : (
                <Space.Compact>
                  <InputNumber
                    aria-label={`第 ${index + 1} 段的最小长度`}
                    min={0}
                    max={1000}
                    precision={0}
                    placeholder="最少"
                    style={{ width: 90 }}
                    value={segment.minLength}
                    onChange={(n) => replace({ ...segment, minLength: n ?? undefined })}
                  />
                  <InputNumber
                    aria-label={`第 ${index + 1} 段的最大长度`}
                    min={0}
                    max={1000}
                    precision={0}
                    placeholder="最多"
                    addonAfter="位"
                    style={{ width: 130 }}
                    value={segment.maxLength}
                    onChange={(n) => replace({ ...segment, maxLength: n ?? undefined })}
                  />
                </Space.Compact>
              )}
            </>
          )}
        </>
      )}
    >
      <Space wrap>
        <Button size="small" icon={<PlusOutlined />} onClick={() => set([...segments, { kind: 'digit', length: 1 }])}>
          字符段
        </Button>
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => set([...segments, { kind: 'literal', value: '-' }])}
        >
          固定文本
        </Button>
      </Space>
    </OrderedRows>
  );
}
