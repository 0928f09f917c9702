import { z } from 'zod';
import { KEY_AREA_CODES } from '../catalogue/entry.js';
import { PageQuery } from '../core/envelope.js';
import { requiredText, trimmedText } from '../core/fields.js';
import {
  ACHIEVEMENT_LIMITS,
  ACHIEVEMENT_SORTS,
  type AchievementAction,
  AchievementMessages,
  APPLICATION_TYPES,
} from './terms.js';

const L = ACHIEVEMENT_LIMITS;
const imageId = z.guid('图片编号不正确');
const datasetId = z.guid('数据集编号不正确');

/** An absolute http(s) address without credentials, or blank (null). */
const optionalUrl = z
  .string({ error: '访问地址格式不正确' })
  .trim()
  .max(500, '访问地址不能超过 500 个字符')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => {
    if (v === null) return true;
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && Boolean(u.hostname);
    } catch {
      return false;
    }
  }, '访问地址须以 http:// 或 https:// 开头');

const AchievementFields = z.object({
  applyName: requiredText('应用名称', 100, { missing: true }),
  applicationType: z.enum(APPLICATION_TYPES.map((t) => t.value) as [string, ...string[]], {
    error: '请选择应用类型',
  }),
  domainId: z.enum(KEY_AREA_CODES as [string, ...string[]], { error: '请选择所属领域' }),
  developerType: z.enum(['1', '2'], { error: '请选择开发者类型' }),
  developerName: requiredText('开发者名称', 100, { missing: true }),
  url: optionalUrl,
  qrCodeId: imageId
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  onlineDate: z.iso.date({ error: '请选择上线日期' }),
  applyIntroduce: z
    .string({ error: '请输入应用介绍' })
    .trim()
    .min(1, '请输入应用介绍')
    .min(L.introMin, `请输入${L.introMin}字以上`)
    .max(L.introMax, `应用介绍不能超过 ${L.introMax} 个字`),
  logoId: z.guid({
    error: (issue) => (issue.input === undefined || issue.input === '' ? '请上传logo图片' : '图片编号不正确'),
  }),
  screenshotIds: z
    .array(imageId, { error: '截图格式不正确' })
    .max(L.screenshots, `截图最多 ${L.screenshots} 张`)
    .default([]),
  dataIds: z
    .array(datasetId, { error: AchievementMessages.datasetsMissing })
    .min(1, AchievementMessages.datasetsMissing)
    .max(L.datasets, `关联数据集最多 ${L.datasets} 个`)
    .transform((ids) => [...new Set(ids)]),
});

/** Per-field schemas, for form rules that check one field at a time. */
export const AchievementFieldSchemas = AchievementFields.shape;

/** 保存 and 提交审核: a new result without `id`, an edit with it. */
export const AchievementSaveInput = AchievementFields.extend({ id: z.guid('成果编号不正确').optional() }).refine(
  (v) => Boolean(v.url || v.qrCodeId),
  { message: AchievementMessages.urlOrQr, path: ['url'] },
);
export type AchievementSaveInput = z.output<typeof AchievementSaveInput>;
export type AchievementSaveForm = z.input<typeof AchievementSaveInput>;

/** The back office's and the personal centre's lists. */
export const AchievementListQuery = PageQuery.extend({
  applyName: trimmedText(100),
  applicationType: z.string().max(8).optional(),
  status: z.enum(['0', '1', '2', '3', '4'], { error: '成果状态不正确' }).optional(),
  linkBroken: z.enum(['0', '1'], { error: '失效筛选只能是 0 或 1' }).optional(),
});
export type AchievementListQuery = z.infer<typeof AchievementListQuery>;

/** One transition on some results (the Workflow buttons): a reason where the machine asks for one. */
export const AchievementTransitionInput = z.object({
  ids: z.array(z.guid('成果编号不正确')).min(1, '请选择应用成果').max(200, '一次最多处理 200 条'),
  action: z.enum(
    ['submit', 'recall', 'approve', 'reject', 'offShelf', 'withdraw', 'delete'] satisfies AchievementAction[],
    {
      error: '不支持的操作',
    },
  ),
  comment: trimmedText(500, '意见不能超过 500 个字符'),
});
export type AchievementTransitionInput = z.infer<typeof AchievementTransitionInput>;

export const AchievementIdQuery = z.object({ id: z.guid('成果编号不正确'), _t: z.unknown().optional() });
export type AchievementIdQuery = z.infer<typeof AchievementIdQuery>;

/** The spec's `DELETE /api/achievement/deleteAchievement [ids]`. */
export const AchievementIdsInput = z
  .array(z.guid('成果编号不正确'))
  .min(1, '请选择应用成果')
  .max(200, '一次最多处理 200 条');

/** The public list (`/service/serviceitem`). */
export const PublicAchievementQuery = z.object({
  pageNo: PageQuery.shape.pageNo,
  pageSize: z.coerce.number({ error: '每页条数必须是数字' }).int().min(1).max(50, '每页条数不能超过 50').default(12),
  keyword: trimmedText(50, '关键词不能超过 50 个字符'),
  applicationType: z.string().max(8).optional(),
  domainId: z.string().max(8).optional(),
  /** The left tree's selection (spec §4): 1 a department under the first root, 2 any other node. */
  treeType: z.enum(['1', '2'], { error: '分类类型只能是 1 或 2' }).optional(),
  nodeId: z.string().trim().max(64).optional(),
  /** The node's department, when it stands for one (the tree knows; the server checks it exists). */
  orgCode: z.string().trim().max(64).optional(),
  sort: z.enum(ACHIEVEMENT_SORTS, { error: '排序只能是 new、hot 或 score' }).default('new'),
  _t: z.unknown().optional(),
});
export type PublicAchievementQuery = z.infer<typeof PublicAchievementQuery>;

export const AchievementRateInput = z.object({
  id: z.guid('成果编号不正确'),
  score: z.coerce
    .number({ error: '请选择评分' })
    .int('评分必须是 1 到 5 的整数')
    .min(1, '评分必须是 1 到 5 的整数')
    .max(5, '评分必须是 1 到 5 的整数'),
});
export type AchievementRateInput = z.infer<typeof AchievementRateInput>;

export const AchievementCollectInput = z.object({ id: z.guid('成果编号不正确'), collect: z.boolean().default(true) });
export type AchievementCollectInput = z.infer<typeof AchievementCollectInput>;

export const DatasetAchievementsQuery = z.object({ catalogId: z.guid('数据集编号不正确'), _t: z.unknown().optional() });

/** The datasets a result may link: published entries by name (`getAssociatedData`). */
export const AssociatedDataQuery = z.object({
  catalogName: trimmedText(100),
  ids: z.string().max(2000).optional(),
  _t: z.unknown().optional(),
});
