import { z } from 'zod';
import { FAQ_CATEGORIES } from '../content/terms.js';
import { PageQuery } from '../core/envelope.js';
import { requiredText, trimmedText } from '../core/fields.js';
import {
  INTERACTION_KINDS,
  type InteractionAction,
  type InteractionKind,
  INTERACTION_LIMITS as L,
  InteractionMessages as M,
  PROTECTION_TYPES,
  REQUEST_FORMATS,
} from './terms.js';

const FAQ_CATEGORY_VALUES = FAQ_CATEGORIES.map((c) => c.value) as [string, ...string[]];
const ticketId = z.guid('事项编号不正确');
const attachmentIds = z
  .array(z.guid('附件编号不正确'), { error: '附件格式不正确' })
  .max(L.attachments, `附件最多 ${L.attachments} 个`)
  .default([])
  .transform((ids) => [...new Set(ids)]);
const isPublic = z.boolean({ error: '公开设置须为是或否' }).default(true);
const content = (label: string, missing = `请输入${label}`) =>
  z.string({ error: missing }).trim().min(1, missing).max(L.content, `${label}不能超过 ${L.content} 个字`);
const catalogId = z.guid({ error: (i) => (i.input ? M.datasetUnknown : M.datasetMissing) });

/** 问题反馈 (`/api/consult/save`). */
export const ConsultSaveInput = z.object({
  consultTitle: requiredText('反馈标题', L.title, { missing: true }),
  consultType: z.string({ error: '请选择反馈类型' }).trim().min(1, '请选择反馈类型').max(16, '反馈类型不正确'),
  consultContent: content('反馈内容').refine((v) => v.length >= L.consultMin, `反馈内容请输入${L.consultMin}字以上`),
  attachmentIds,
  isPublic,
});
export type ConsultSaveInput = z.output<typeof ConsultSaveInput>;

/** 数据需求 (`/api/dataApplication/save`): the department, when the submitter knows it. */
export const DataApplicationSaveInput = z.object({
  applicationTitle: requiredText('需求标题', L.title, { missing: true }),
  applicationReason: content('数据用途'),
  dataFormat: z.enum(REQUEST_FORMATS.map((f) => f.value) as ['API', 'Excel'], { error: '请选择期望数据格式' }),
  orgCode: z
    .string()
    .trim()
    .max(64, M.deptUnknown)
    .optional()
    .nullable()
    .transform((v) => v || null),
  isPublic,
});
export type DataApplicationSaveInput = z.output<typeof DataApplicationSaveInput>;

/** 数据纠错 (`/api/dataCorrection/save`), from a dataset's detail page. */
export const DataCorrectionSaveInput = z.object({
  catalogId,
  correctionContent: content('纠错内容', M.correctionMissing),
  attachmentIds,
  isPublic,
});
export type DataCorrectionSaveInput = z.output<typeof DataCorrectionSaveInput>;

/** The original detail page's call `POST /api/shareData/dataErrorCorrection {text, catalogId}`. */
export const DataErrorCorrectionInput = z.object({
  catalogId,
  text: content('纠错内容', M.correctionMissing),
});

/** 权益保护 (`/api/rightsProtection/save`): 下架 or 脱敏 of a dataset, with evidence. */
export const RightsProtectionSaveInput = z.object({
  catalogId,
  protectionType: z.enum(PROTECTION_TYPES.map((t) => t.value) as ['1', '2'], { error: '请选择保护方式' }),
  protectionContent: content('权益说明'),
  attachmentIds,
  isPublic,
});
export type RightsProtectionSaveInput = z.output<typeof RightsProtectionSaveInput>;

const dateText = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}/, '日期格式不正确')
  .optional()
  .nullable()
  .or(z.literal(''))
  .transform((v) => v || null);

/** The back office's list per kind (`/api/consult/consultList`, …): the original's filters. */
export const InteractionListQuery = z.object({
  pageNo: PageQuery.shape.pageNo,
  pageNum: z.coerce.number().int().min(1).optional(),
  pageSize: PageQuery.shape.pageSize,
  keyword: trimmedText(100, '标题关键词不能超过 100 个字符'),
  startTime: dateText,
  endTime: dateText,
  status: z.enum(['0', '1', '2', '3'], { error: '状态不正确' }).optional().or(z.literal('')),
  orgCode: trimmedText(64),
  overdue: z.boolean().optional(),
});
export type InteractionListQuery = z.output<typeof InteractionListQuery>;

/** 公开 and 我的 lists of the portal. */
export const PublicInteractionQuery = z.object({
  kind: z.enum(INTERACTION_KINDS, { error: '事项类型不正确' }),
  pageNo: PageQuery.shape.pageNo,
  pageSize: z.coerce.number({ error: '每页条数必须是数字' }).int().min(1).max(50, '每页条数不能超过 50').default(10),
  keyword: trimmedText(100, '关键词不能超过 100 个字符'),
});
export type PublicInteractionQuery = z.output<typeof PublicInteractionQuery>;

export const MyInteractionQuery = PublicInteractionQuery.extend({
  kind: z.enum(INTERACTION_KINDS, { error: '事项类型不正确' }).optional().or(z.literal('')),
});
export type MyInteractionQuery = z.output<typeof MyInteractionQuery>;

export const InteractionIdQuery = z.object({ id: ticketId, _t: z.unknown().optional() });

const ids = z.array(ticketId).min(1, '请选择事项').max(200, '一次最多处理 200 条');
const comment = trimmedText(500, '意见不能超过 500 个字符');

/** 受理, 退回, 关闭 (handling department) and 确认办结 (submitter), one or many. */
export const InteractionTransitionInput = z.object({
  ids,
  action: z.enum(['accept', 'return', 'close', 'finish'] satisfies InteractionAction[], { error: '不支持的操作' }),
  comment,
});
export type InteractionTransitionInput = z.output<typeof InteractionTransitionInput>;

/** 回复: rich text (sanitised by the server), signed by the replying department, with attachments. */
export const InteractionReplyInput = z.object({
  id: ticketId,
  reply: z
    .string({ error: M.replyMissing })
    .max(L.reply, `回复内容不能超过 ${L.reply} 个字符`)
    .refine(
      (v) =>
        v
          .replace(/<[^>]*>/g, '')
          .replace(/&nbsp;/g, ' ')
          .trim().length > 0,
      M.replyMissing,
    ),
  attachmentIds,
});
export type InteractionReplyInput = z.output<typeof InteractionReplyInput>;

/** 转办 by the bureau: to another department. */
export const InteractionTransferInput = z.object({
  ids,
  orgCode: z.string({ error: M.transferTarget }).trim().min(1, M.transferTarget).max(64, M.transferUnknown),
  comment,
});
export type InteractionTransferInput = z.output<typeof InteractionTransferInput>;

export const InteractionRateInput = z.object({
  id: ticketId,
  score: z.coerce
    .number({ error: '请选择满意度' })
    .int('满意度须为 1 到 5 的整数')
    .min(1, '满意度须为 1 到 5 的整数')
    .max(5, '满意度须为 1 到 5 的整数'),
});

export const InteractionReopenInput = z.object({ id: ticketId, comment });

export const InteractionPrivacyInput = z.object({ id: ticketId, isPublic: z.boolean({ error: '公开设置须为是或否' }) });

/** 发起下架 from a 权益保护 ticket asking 下架: the catalogue's off-shelf request. */
export const InteractionOffShelfInput = z.object({
  id: ticketId,
  reason: z.string({ error: '请选择下架原因' }).trim().min(1, '请选择下架原因').max(32),
  comment: requiredText('下架说明', 500, { missing: true }),
});

/** 转为常见问题: a replied ticket's question and reply become an FAQ draft of the chosen category. */
export const InteractionToFaqInput = z.object({
  id: ticketId,
  category: z.enum(FAQ_CATEGORY_VALUES, { error: '请选择常见问题分类' }).default('other'),
});
export type InteractionToFaqInput = z.infer<typeof InteractionToFaqInput>;

/** The task inbox (`/api/workinteraction/workList`): 1 待处理, 2 已处理. */
export const InteractionWorkListQuery = z.object({
  type: z.enum(['1', '2'], { error: '工单类型不正确' }).default('1'),
  kind: z.enum(INTERACTION_KINDS, { error: '事项类型不正确' }).optional().or(z.literal('')),
  pageNo: PageQuery.shape.pageNo,
  pageNum: z.coerce.number().int().min(1).optional(),
  pageSize: PageQuery.shape.pageSize,
  keyword: trimmedText(100, '标题关键词不能超过 100 个字符'),
});
export type InteractionWorkListQuery = z.output<typeof InteractionWorkListQuery>;

export const InteractionFigureQuery = z.object({
  startTime: dateText,
  endTime: dateText,
  _t: z.unknown().optional(),
});

/** A file named by a ticket or its reply. */
export type InteractionFile = { id: string; fileName: string; size: number };

/** A replied public item: never the submitter's name, contact or the uploads they attached. */
export type PublicInteractionItem = {
  id: string;
  kind: InteractionKind;
  title: string;
  content: string;
  consultType: string | null;
  dataFormat: string | null;
  protectionType: string | null;
  catalogId: string | null;
  catalogName: string | null;
  departName: string | null;
  status: number;
  submittedAt: string | null;
  repliedAt: string | null;
  reply: string | null;
  replyDepartName: string | null;
  replyFiles: InteractionFile[];
  score: number | null;
};

/** The submitter's own ticket (portal 我的 and the personal centre). */
export type MyInteractionItem = PublicInteractionItem & {
  isPublic: boolean;
  files: InteractionFile[];
  closeReason: string | null;
  reopened: boolean;
  /** 评价, 重新打开, 确认办结 now. */
  canRate: boolean;
  canReopen: boolean;
  canFinish: boolean;
};

/** A ticket as the handling department and the bureau see it. */
export type InteractionRecord = MyInteractionItem & {
  sn?: number;
  orgCode: string | null;
  submitterName: string;
  requestedDepartName: string | null;
  dueAt: string | null;
  overdue: boolean;
  offShelfAt: string | null;
  replyOnTime: boolean | null;
};

export type InteractionHistoryItem = {
  action: string;
  label: string;
  comment: string | null;
  operator: string;
  departName: string | null;
  time: string;
};

export type InteractionDetail = InteractionRecord & { history: InteractionHistoryItem[] };

/** A row of the task inbox. */
export type InteractionWorkItem = {
  taskId: string;
  id: string;
  kind: InteractionKind;
  title: string;
  status: number;
  departName: string | null;
  submitTime: string;
  dueAt: string | null;
  overdue: boolean;
  decision: string | null;
  approvalTime: string | null;
};

/** Figures of the desk: overall and per department. */
export type InteractionFigures = {
  received: number;
  replied: number;
  replyRate: number;
  onTimeRate: number;
  avgReplyHours: number;
  satisfaction: number;
  rated: number;
};
export type InteractionFigureRow = InteractionFigures & { orgCode: string | null; departName: string };
export type InteractionStatistics = {
  total: InteractionFigures;
  byKind: (InteractionFigures & { kind: InteractionKind })[];
  byDepartment: InteractionFigureRow[];
};
