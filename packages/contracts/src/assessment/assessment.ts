import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { requiredText } from '../core/fields.js';
import { CALCULATIONS, INDEX_FREQUENCY_LABEL, INDEX_UNITS, PERIOD_KEY_PATTERN, type PeriodType } from './terms.js';

const uuid = (label: string) => z.guid(`${label}格式不正确`);
const optionalUuid = (label: string) =>
  z
    .union([uuid(label), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

// — 业务域 —
export const DomainSaveInput = z.object({
  domainName: requiredText('业务域名称', 50, { missing: true }),
  parentId: optionalUuid('上级业务域'),
  /** The original's client sends these; the server derives both from the parent. */
  level: z.unknown().optional(),
  parentIds: z.unknown().optional(),
});
export type DomainSaveInput = z.infer<typeof DomainSaveInput>;
export const DomainUpdateInput = DomainSaveInput.extend({ domainId: uuid('业务域') });
export const DomainDeleteInput = z.object({ assetDomainId: uuid('业务域') });

export type DomainNode = {
  id: string;
  domainName: string;
  parentId: string | null;
  level: number;
  indexCount: number;
  children: DomainNode[];
};

// — 指标 —
const IndexFields = z.object({
  indexName: requiredText('指标名称', 100, { missing: true }),
  indexType: z.enum(['0', '1'], { error: '请选择指标类型' }),
  relIndexCode: z
    .array(uuid('来源指标'), { error: '来源指标格式不正确' })
    .max(20, '来源指标最多 20 个')
    .optional()
    .default([]),
  domainId: z.guid({
    error: (issue) => (issue.input === undefined || issue.input === '' ? '请选择业务域' : '业务域格式不正确'),
  }),
  unit: z.enum(INDEX_UNITS, { error: '请选择单位' }),
  frequency: z.enum(Object.keys(INDEX_FREQUENCY_LABEL) as [string, ...string[]], { error: '请选择更新频率' }),
  bsFormula: requiredText('业务口径', 500, { missing: true }),
  enables: z.unknown().optional(),
});
export const IndexSaveInput = IndexFields;
export type IndexSaveInput = z.infer<typeof IndexSaveInput>;
export const IndexUpdateInput = IndexFields.extend({ assetIndexId: uuid('指标') });
export type IndexUpdateInput = z.infer<typeof IndexUpdateInput>;
export const IndexIdInput = z.object({ assetIndexId: uuid('指标') });

export const IndexPageQuery = PageQuery.extend({
  domainId: optionalUuid('业务域'),
  indexName: z.string().trim().max(100).optional(),
  /** The page offers 20, 30 and 40 (INDEX_PAGE_SIZES); 指标开发 reads up to 200 at once. */
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type IndexPageQuery = z.infer<typeof IndexPageQuery>;

/** A 复合指标's formula: a tree of fixed operations over constants and its source indicators. */
export type Formula =
  | { op: 'const'; value: number }
  | { op: 'ref'; index: string }
  | { op: 'add' | 'sub' | 'mul' | 'div' | 'min' | 'max'; args: Formula[] }
  | { op: 'wsum'; terms: { weight: number; expr: Formula }[] };

export const FormulaSchema: z.ZodType<Formula> = z.lazy(() =>
  z.discriminatedUnion(
    'op',
    [
      z.object({ op: z.literal('const'), value: z.number({ error: '常数须为数字' }).finite('常数须为有限数字') }),
      z.object({ op: z.literal('ref'), index: uuid('来源指标') }),
      z.object({
        op: z.enum(['add', 'sub', 'mul', 'div', 'min', 'max']),
        args: z.array(FormulaSchema, { error: '运算缺少参数' }).max(20, '一个运算最多 20 个参数'),
      }),
      z.object({
        op: z.literal('wsum'),
        terms: z
          .array(z.object({ weight: z.number({ error: '权重须为数字' }).finite(), expr: FormulaSchema }))
          .max(20, '加权求和最多 20 项'),
      }),
    ],
    { error: '不支持的运算' },
  ),
);

export const CalcConfigInput = z.object({
  assetIndexId: uuid('指标'),
  calcName: z
    .enum(CALCULATIONS.map((c) => c.name) as [string, ...string[]], { error: '不支持的计算方式' })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  formula: FormulaSchema.nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type CalcConfigInput = z.infer<typeof CalcConfigInput>;

export type IndexRecord = {
  id: string;
  indexName: string;
  indexType: '0' | '1';
  relIndexCode: string[];
  relIndexNames: string[];
  domainId: string;
  domainName: string | null;
  unit: string;
  frequency: string;
  bsFormula: string;
  enables: '0' | '1';
  createBy: string | null;
  createTime: string;
  calcName: string | null;
  formula: Formula | null;
};

// — periods, computation and runs —
const periodType = z.enum(['month', 'quarter', 'year'], { error: '请选择周期类型' });
const periodFields = { periodType, periodKey: z.string({ error: '请选择周期' }).trim().max(10) };
const periodOk = (v: { periodType: PeriodType; periodKey: string }) =>
  PERIOD_KEY_PATTERN[v.periodType].test(v.periodKey);
const periodError = { message: '周期格式不正确（月度如 2026-10，季度如 2026-Q4，年度如 2026）', path: ['periodKey'] };

export const ComputeInput = z
  .object({ ...periodFields, indexIds: z.array(uuid('指标')).max(200).optional() })
  .refine(periodOk, periodError);
export type ComputeInput = z.infer<typeof ComputeInput>;
export const ValuesQuery = z.object({ ...periodFields, indexId: optionalUuid('指标') }).refine(periodOk, periodError);
export const RunsQuery = PageQuery.extend({ status: z.enum(['running', 'success', 'failed']).optional() });
export const RunIdInput = z.object({ runId: uuid('计算记录') });

export type IndicatorValueRow = {
  indexId: string;
  indexName: string;
  unit: string;
  orgCode: string;
  departName: string;
  value: number | null;
  computedAt: string;
};
export type IndicatorRun = {
  id: string;
  trigger: string;
  periodType: string;
  periodKey: string;
  status: string;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  message: string | null;
  operator: string;
  valueCount: number;
  retryOf: string | null;
};

// — 考核方案 —
export const ScoringSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('bands'),
      bands: z
        .array(
          z.object({
            min: z.number({ error: '分档下限须为数字' }).finite(),
            score: z.number({ error: '分档得分须为数字' }).min(0, '得分不能小于 0').max(100, '得分不能超过 100'),
          }),
        )
        .min(1, '请至少设置一个分档')
        .max(10, '最多 10 个分档'),
    }),
    z.object({
      kind: z.literal('linear'),
      min: z.number({ error: '下限须为数字' }).finite(),
      max: z.number({ error: '上限须为数字' }).finite(),
    }),
  ],
  { error: '请选择评分方式' },
);
export type Scoring = z.infer<typeof ScoringSchema>;

export const SchemeItem = z.object({
  indexId: uuid('指标'),
  weight: z.number({ error: '权重须为数字' }).gt(0, '权重须大于 0').max(100, '权重不能超过 100'),
  scoring: ScoringSchema.refine((s) => s.kind !== 'linear' || s.max > s.min, '线性评分的上限须大于下限'),
});
export type SchemeItem = z.infer<typeof SchemeItem>;
export const SchemeSaveInput = z.object({
  id: optionalUuid('考核方案'),
  name: requiredText('方案名称', 100, { missing: true }),
  periodType,
  items: z.array(SchemeItem).min(1, '请至少加入一个考核指标').max(30, '一个方案最多 30 个指标'),
  remark: z.string().trim().max(500, '说明不能超过 500 个字符').optional().default(''),
});
export type SchemeSaveInput = z.infer<typeof SchemeSaveInput>;
export const SchemeIdInput = z.object({ id: uuid('考核方案') });
export type SchemeRecord = {
  id: string;
  name: string;
  periodType: PeriodType;
  items: (SchemeItem & { indexName: string; unit: string })[];
  remark: string;
  createBy: string | null;
  createTime: string;
};

export const StartAssessmentInput = z.object({ schemeId: uuid('考核方案'), periodKey: z.string().trim().max(10) });
export const AssessmentTransitionInput = z.object({
  id: uuid('考核记录'),
  action: z.enum(['rescore', 'submit', 'confirm', 'return'], { error: '不支持的操作' }),
  comment: z.string().trim().max(500, '意见不能超过 500 个字符').optional(),
});
export const AssessmentIdQuery = z.object({ id: uuid('考核记录') });
export const AssessmentListQuery = PageQuery.extend({ schemeId: optionalUuid('考核方案') });
export const CommentInput = z.object({
  scoreId: uuid('考核得分'),
  comment: requiredText('说明', 500, { missing: true }),
});
export const DrillQuery = z.object({ scoreId: uuid('考核得分'), indexId: uuid('指标') });

export type AssessmentPeriodRecord = {
  id: string;
  schemeId: string;
  schemeName: string;
  periodType: string;
  periodKey: string;
  status: string;
  actions: string[];
  startedAt: string;
  startedBy: string | null;
  departmentCount: number;
  comment: string | null;
};
export type ScoreItem = {
  indexId: string;
  indexName: string;
  unit: string;
  weight: number;
  value: number | null;
  score: number;
  weighted: number;
};
export type AssessmentScore = {
  id: string;
  orgCode: string;
  departName: string;
  score: number;
  rank: number;
  items: ScoreItem[];
  comment: string | null;
  commentBy: string | null;
  commentAt: string | null;
  mine: boolean;
};
export type DrillRecord = { id: string; title: string; detail: string; at: string | null };
