import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { requiredText, sortNumber, tooLong, trimmedText } from '../core/fields.js';
import {
  CONTENT_LIMITS,
  CONTENT_STATUS_LABEL,
  type ContentAction,
  type ContentKind,
  type ContentStatus,
  DOCUMENT_TYPES,
  FAQ_CATEGORIES,
  INFORMATION_TYPES,
} from './terms.js';

const L = CONTENT_LIMITS;
const fileId = z.guid('文件编号不正确');
const values = <T extends readonly { value: string }[]>(list: T) => list.map((t) => t.value) as [string, ...string[]];

/** A rich text body: required, at most 200 000 characters (sanitised by the server on save). */
const richText = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .max(L.body, tooLong(L.body, label))
    .refine(
      (v) =>
        v
          .replace(/<[^>]*>/g, '')
          .replace(/&nbsp;/g, ' ')
          .trim().length > 0 || /<img\s/i.test(v),
      {
        message: `请输入${label}`,
      },
    );

const attachments = z
  .array(fileId, { error: '附件格式不正确' })
  .max(L.attachments, `附件最多 ${L.attachments} 个`)
  .default([]);

/** 预约发布 time (ISO), blank as null; the server checks that it lies ahead. */
const appointTime = z
  .union([z.iso.datetime({ offset: true, error: '预约发布时间格式不正确' }), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? new Date(v) : null));

/** What saving does: keep the draft, publish at once, or schedule (预约发布) at `appointTime`. */
export const ContentRelease = z.enum(['save', 'publish', 'schedule'], { error: '保存方式不正确' }).default('save');
export type ContentRelease = z.infer<typeof ContentRelease>;

const releaseFields = {
  isTop: z.boolean({ error: '是否置顶格式不正确' }).default(false),
  release: ContentRelease,
  appointTime,
};

/** 新闻动态 / 政策法规 (`/api/information/save|update`). */
export const InformationSaveInput = z.object({
  informationName: requiredText('标题', L.title, { missing: true }),
  informationType: z.enum(values(INFORMATION_TYPES), { error: '请选择资讯类型' }),
  msgContent: richText('正文内容'),
  attachments,
  ...releaseFields,
});
export type InformationSaveInput = z.infer<typeof InformationSaveInput>;
export const InformationUpdateInput = InformationSaveInput.extend({ id: z.guid('内容编号不正确') });
export type InformationUpdateInput = z.infer<typeof InformationUpdateInput>;

/** A role code of the release scope (发布范围); `guest` is a visitor who has not signed in. */
const roleCode = z.string().trim().min(1).max(64);

/** 资料 of the study-world store (`/api/studyWorld/save|update`): one file, a type, the roles it is for. */
export const StudyWorldSaveInput = z.object({
  dataName: requiredText('资料名称', L.title, { missing: true }),
  dataManagementType: z.enum(values(DOCUMENT_TYPES), { error: '请选择资料类型' }),
  fileId: z.guid({
    error: (issue) => (issue.input === undefined || issue.input === '' ? '请上传资料文件' : '文件编号不正确'),
  }),
  /** Empty: everyone, visitors included. */
  releaseScope: z.array(roleCode, { error: '发布范围格式不正确' }).max(20).default([]),
  remark: trimmedText(500, tooLong(500, '说明'))
    .nullable()
    .transform((v) => v || null),
  ...releaseFields,
});
export type StudyWorldSaveInput = z.infer<typeof StudyWorldSaveInput>;
export const StudyWorldUpdateInput = StudyWorldSaveInput.extend({ id: z.guid('内容编号不正确') });
export type StudyWorldUpdateInput = z.infer<typeof StudyWorldUpdateInput>;

/** 常见问题 (`/api/commonQuestion/save|update`). */
export const FaqSaveInput = z.object({
  question: requiredText('问题', L.question, { missing: true }),
  answer: richText('答案'),
  category: z.enum(values(FAQ_CATEGORIES), { error: '请选择问题分类' }),
  attachments,
  sortNo: sortNumber(0),
  ...releaseFields,
});
export type FaqSaveInput = z.infer<typeof FaqSaveInput>;
export const FaqUpdateInput = FaqSaveInput.extend({ id: z.guid('内容编号不正确') });
export type FaqUpdateInput = z.infer<typeof FaqUpdateInput>;

const dateText = z.iso.date({ error: '日期格式不正确' }).optional();
const statusFilter = z
  .enum(Object.keys(CONTENT_STATUS_LABEL) as [ContentStatus, ...ContentStatus[]], { error: '状态不正确' })
  .optional();

/** The back office's lists; each kind's title and type under the original's names. */
export const InformationListQuery = PageQuery.extend({
  informationName: trimmedText(100),
  informationType: z.enum(values(INFORMATION_TYPES), { error: '资讯类型不正确' }).optional(),
  releaseState: statusFilter,
  startDate: dateText,
  endDate: dateText,
});
export type InformationListQuery = z.infer<typeof InformationListQuery>;

export const StudyWorldListQuery = PageQuery.extend({
  dataName: trimmedText(100),
  dataManagementType: z.enum(values(DOCUMENT_TYPES), { error: '资料类型不正确' }).optional(),
  releaseState: statusFilter,
  startDate: dateText,
  endDate: dateText,
});
export type StudyWorldListQuery = z.infer<typeof StudyWorldListQuery>;

export const FaqListQuery = PageQuery.extend({
  question: trimmedText(100),
  category: z.enum(values(FAQ_CATEGORIES), { error: '问题分类不正确' }).optional(),
  releaseState: statusFilter,
});
export type FaqListQuery = z.infer<typeof FaqListQuery>;

/** Public lists: published items of a type, by keyword. */
export const PublicInformationQuery = PageQuery.extend({
  informationType: z.enum(values(INFORMATION_TYPES), { error: '资讯类型不正确' }).default('1'),
  keyword: trimmedText(100),
});
export type PublicInformationQuery = z.infer<typeof PublicInformationQuery>;

export const PublicStudyWorldQuery = PageQuery.extend({
  dataManagementType: z.enum(values(DOCUMENT_TYPES), { error: '资料类型不正确' }),
  keyword: trimmedText(100),
});
export type PublicStudyWorldQuery = z.infer<typeof PublicStudyWorldQuery>;

export const PublicFaqQuery = z.object({
  category: z.enum(values(FAQ_CATEGORIES), { error: '问题分类不正确' }).optional(),
  keyword: trimmedText(100),
});
export type PublicFaqQuery = z.infer<typeof PublicFaqQuery>;

export const ContentIdQuery = z.object({ id: z.guid('内容编号不正确') });
export const InformationIdQuery = z.object({ informationId: z.guid('内容编号不正确') });
export const StudyWorldIdQuery = z.object({ studyWorldId: z.guid('内容编号不正确') });
export const FaqIdQuery = z.object({ id: z.guid('内容编号不正确') });
export const ContentIdsInput = z
  .array(z.guid('内容编号不正确'), { error: '请选择内容' })
  .min(1, '请选择内容')
  .max(200, '一次最多处理 200 条');

export const ContentTransitionInput = z.object({
  ids: ContentIdsInput,
  action: z.enum(
    ['publish', 'schedule', 'unschedule', 'withdraw', 'pin', 'unpin', 'delete'] satisfies ContentAction[],
    {
      error: '操作不正确',
    },
  ),
  appointTime,
});
export type ContentTransitionInput = z.infer<typeof ContentTransitionInput>;

export const CONTENT_UPLOAD_PURPOSES = ['image', 'attachment', 'document'] as const;
export type ContentUploadPurpose = (typeof CONTENT_UPLOAD_PURPOSES)[number];
export const ContentUploadQuery = z.object({
  purpose: z.enum(CONTENT_UPLOAD_PURPOSES, { error: '上传用途不正确' }),
});
export const ContentFileParams = z.object({ id: z.guid('文件编号不正确') });
export const ContentFileQuery = z.object({ inline: z.enum(['0', '1']).optional() });

export type ContentFile = { id: string; fileName: string; size: number; mimeType: string; url: string };

/** One item as the back office sees it. */
export type ContentItem = {
  id: string;
  kind: ContentKind;
  /** informationType, dataManagementType or the FAQ category. */
  type: string;
  title: string;
  /** Rich text (sanitised); a document's description. */
  body: string;
  isTop: boolean;
  sortNo: number;
  status: ContentStatus;
  appointTime: string | null;
  releaseTime: string | null;
  releasePerson: string | null;
  releaseScope: string[];
  file: ContentFile | null;
  attachments: ContentFile[];
  viewNum: number;
  deptName: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string | null;
};

/** One published item as a visitor sees it. */
export type PublicContentItem = Pick<
  ContentItem,
  'id' | 'kind' | 'type' | 'title' | 'isTop' | 'releaseTime' | 'releasePerson' | 'viewNum' | 'deptName'
> & { file: ContentFile | null };
export type PublicContentDetail = PublicContentItem & { body: string; attachments: ContentFile[] };
export type PublicFaq = { id: string; question: string; answer: string; category: string; attachments: ContentFile[] };

/** The home page's 资讯 card: its three tabs. */
export type HomeInformation = {
  news: PublicContentItem[];
  policy: PublicContentItem[];
  notices: { id: string; title: string; releaseTime: string | null }[];
};
export type PublicNotice = {
  id: string;
  title: string;
  body: string;
  releaseTime: string | null;
  sender: string | null;
};
