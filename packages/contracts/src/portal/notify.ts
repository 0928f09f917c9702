import { z } from 'zod';

/**
 * 消息设置 (personal centre, `GET|PUT /api/userManage/notifySettings`): per message category, whether a
 * user also wants it by 短信 and by 邮件. The bell and the message centre (站内消息) always show it.
 * Nothing is sent outside the platform until the user chooses: a category without a row is all off.
 */
export const NOTIFY_CATEGORY = {
  review: '审核结果',
  todo: '待办提醒',
  announcement: '系统公告',
  reply: '互动回复',
} as const;
export type NotifyCategory = keyof typeof NOTIFY_CATEGORY;
export const NOTIFY_CATEGORIES = Object.keys(NOTIFY_CATEGORY) as NotifyCategory[];

/** What each category covers, as the settings table explains it. */
export const NOTIFY_CATEGORY_HINT: Record<NotifyCategory, string> = {
  review: '您提交的目录、开放申请、共享申请、应用成果等的审核决定',
  todo: '分派给您的待办、催办与逾期提醒',
  announcement: '平台向您发送的系统通知',
  reply: '互动交流中对您留言、工单的回复',
};

/**
 * The one table of business message types (`sendBusinessMessage`'s `messageType`) to categories. A type
 * not listed here reaches the bell only.
 */
export const MESSAGE_TYPE_CATEGORY: Readonly<Record<string, NotifyCategory>> = {
  // Decisions on what the user submitted.
  catalogue_review: 'review',
  catalogue_shelf: 'review',
  open_apply: 'review',
  share_review: 'review',
  share_release: 'review',
  // 应用成果: approved, rejected, taken off the portal, or its address found unreachable.
  achievement: 'review',
  // Tasks assigned, reminders, overdue.
  workflow_due: 'todo',
  workflow_overdue: 'todo',
  catalogue_overdue: 'todo',
  open_report_due: 'todo',
  open_report_overdue: 'todo',
  share_pooling: 'todo',
  // Replies of the interaction desk to what the user asked, and its other decisions on it.
  interaction_reply: 'reply',
  interaction: 'reply',
  // What an administrator sends (消息管理 › 发送, default type), and released 系统通告.
  system: 'announcement',
  announcement: 'announcement',
};

export const notifyCategoryOf = (messageType: string): NotifyCategory | null =>
  Object.hasOwn(MESSAGE_TYPE_CATEGORY, messageType) ? MESSAGE_TYPE_CATEGORY[messageType] : null;

export const NotifyMessages = {
  saved: '消息设置已保存',
  noPhone: '请先在基本信息中绑定手机号，再开启短信通知',
  noEmail: '请先在基本信息中填写邮箱，再开启邮件通知',
  duplicate: '消息类别重复',
} as const;

export const NotifyChannelSetting = z.object({
  category: z.enum(NOTIFY_CATEGORIES as [NotifyCategory, ...NotifyCategory[]], { message: '消息类别不正确' }),
  sms: z.boolean({ message: '短信开关须为是或否' }),
  email: z.boolean({ message: '邮件开关须为是或否' }),
});
export type NotifyChannelSetting = z.infer<typeof NotifyChannelSetting>;

/** `PUT`: the categories to change (others keep their setting). */
export const NotifySettingsInput = z.object({
  items: z
    .array(NotifyChannelSetting)
    .min(1, '请至少提交一个消息类别')
    .max(NOTIFY_CATEGORIES.length)
    .refine((items) => new Set(items.map((i) => i.category)).size === items.length, NotifyMessages.duplicate),
});
export type NotifySettingsInput = z.infer<typeof NotifySettingsInput>;

/** `GET` (and the `PUT` answer): every category in order, and whether the account has a number and an address. */
export type NotifySettings = { hasPhone: boolean; hasEmail: boolean; items: NotifyChannelSetting[] };

/** A mail the development inbox shows (`GET /dev/mail-inbox`, never in production). */
export type DevMailMessage = { to: string; subject: string; text: string; category: string | null; sentAt: string };
