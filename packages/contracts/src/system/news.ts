import { z } from 'zod';
import { IdList, PageQuery } from '../core/envelope.js';
import { commaList, optionalSameSitePath, requiredText, tooLong, trimmedText } from '../core/fields.js';

/** Event families of business messages (biz_message.message_type), with the labels the message centre shows. */
export const NEWS_TYPE_LABEL: Record<string, string> = {
  catalogue_review: '目录审核',
  catalogue_shelf: '上下架审核',
  system: '系统通知',
};
export const newsTypeLabel = (type: string) => NEWS_TYPE_LABEL[type] ?? '业务消息';

/** One business message of the signed-in user. */
export type NewsItem = {
  id: string;
  messageType: string;
  title: string;
  content: string;
  busId: string | null;
  openPage: string | null;
  sender: string;
  readFlag: boolean;
  readTime: string | null;
  createTime: string;
};

const messageType = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, '消息类型须为小写字母、数字和下划线，最多 32 个字符');

/** `readFlag` 0 unread, 1 read, absent both. */
export const NewsPageQuery = PageQuery.extend({
  messageType: messageType.optional(),
  readFlag: z.enum(['0', '1'], { error: '阅读状态只能是 0（未读）或 1（已读）' }).optional(),
});
export type NewsPageQuery = z.infer<typeof NewsPageQuery>;

const NewsIds = IdList.pipe(z.array(z.guid('消息编号不正确')));

export const NewsIdsInput = z.object({ ids: NewsIds });
export type NewsIdsInput = z.infer<typeof NewsIdsInput>;

export const NewsIdsQuery = z.object({ ids: NewsIds, _t: z.unknown().optional() });
export type NewsIdsQuery = z.infer<typeof NewsIdsQuery>;

/** An administrator sends a business message to listed users (the administrative path to create one). */
export const NewsReleaseInput = z.object({
  userIds: commaList('请选择接收用户').pipe(
    z.array(z.guid('用户编号不正确')).min(1, '请选择接收用户').max(2_000, '一次最多发送给 2000 人'),
  ),
  messageType: messageType.default('system'),
  title: requiredText('标题', 200, { missing: true }),
  content: z.string().max(20_000, '内容过长').default(''),
  busId: trimmedText(64, tooLong(64, '业务编号')).nullable(),
  openPage: optionalSameSitePath('打开页面', 255),
});
export type NewsReleaseInput = z.infer<typeof NewsReleaseInput>;

export const NewsMessages = {
  replied: '回复成功',
  noQuickReply: '该消息不支持快捷回复',
  replyNotNeeded: '该事项当前无需您回复',
  read: '已标为已读',
  deleted: '删除成功',
  sent: '发送成功',
  unknownUsers: '所选用户不存在或已删除',
} as const;

/** 快捷回复: a plain-text answer to the record a business message of the caller's is about. */
export const NewsQuickReplyInput = z.object({
  id: z.guid('消息编号不正确'),
  content: z
    .string({ error: '请输入回复内容' })
    .trim()
    .min(1, '请输入回复内容')
    .max(2000, '回复内容不能超过 2000 个字符'),
});
export type NewsQuickReplyInput = z.infer<typeof NewsQuickReplyInput>;
