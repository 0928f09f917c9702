import { z } from 'zod';
import { idOf } from '../core/fields.js';

/**
 * Documents a user attaches to an application (申请表, 安全承诺书, 资源服务申请表) or to a ticket of the
 * interaction desk (its evidence, the department's reply): uploaded first,
 * then named by the application by id. Only these purposes exist; an application takes only its
 * applicant's own uploads of the purpose its field asks for.
 */
export const ATTACHMENT_PURPOSES = [
  'share.applyForm',
  'openApply.application',
  'openApply.pledge',
  'interaction.evidence',
  'interaction.reply',
] as const;
export type AttachmentPurpose = (typeof ATTACHMENT_PURPOSES)[number];
export const ATTACHMENT_PURPOSE_LABEL: Record<AttachmentPurpose, string> = {
  'share.applyForm': '资源服务申请表',
  'openApply.application': '有条件开放数据使用申请表',
  'openApply.pledge': '公共数据安全承诺书',
  'interaction.evidence': '互动事项附件',
  'interaction.reply': '回复附件',
};

/** What an attachment may be: checked by content, not only by the name's extension. */
export const ATTACHMENT_TYPES = ['pdf', 'doc', 'docx', 'jpg', 'png'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export const AttachmentMessages = {
  purpose: '附件用途不正确',
  type: '仅支持上传 PDF、DOC、DOCX、JPG、PNG 格式的附件',
  content: '附件内容与扩展名不符，请上传真实的 PDF、DOC、DOCX、JPG 或 PNG 文件',
  tooLarge: '附件不能超过 10 MB',
  empty: '附件为空',
  notFound: '附件不存在',
  lost: '附件已丢失，请重新上传',
  /** An application named a file that is not the caller's own upload of the right purpose. */
  notOwn: (label: string) => `请上传本人的${label}`,
} as const;

export const AttachmentUploadQuery = z.object({
  purpose: z.enum(ATTACHMENT_PURPOSES, { message: AttachmentMessages.purpose }),
});
export type AttachmentUploadQuery = z.infer<typeof AttachmentUploadQuery>;

export const AttachmentIdQuery = z.object({ id: idOf('附件') });

/** An uploaded attachment as its uploader and an application's readers see it. */
export type AttachmentItem = { id: string; fileName: string; size: number };
