import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { optionalSameSitePath, optionalText, requiredText, trimmedText } from '../core/fields.js';
import { defineMachine, type MachineTransition } from '../core/workflow.js';
import { Perm } from './permission.js';

/** L 一般消息, M 重要消息, H 紧急消息 */
export type Priority = 'L' | 'M' | 'H';
export const PRIORITY_LABEL: Record<Priority, string> = { L: '一般消息', M: '重要消息', H: '紧急消息' };

/** 1 通知 (shown under 通知), 2 系统消息. */
export const MSG_CATEGORY = { notice: '1', system: '2' } as const;
export type MsgCategory = '1' | '2';
export const MSG_CATEGORY_LABEL: Record<MsgCategory, string> = { '1': '通知', '2': '系统消息' };
/** 0 草稿, 1 已发布, 2 已撤销 */
export const SEND_STATUS = { draft: '0', released: '1', revoked: '2' } as const;
export type SendStatus = '0' | '1' | '2';
export const SEND_STATUS_LABEL: Record<SendStatus, string> = { '0': '草稿', '1': '已发布', '2': '已撤销' };
/** ALL: everyone signed in; USER: the listed users and the members of the listed departments. */
export type MsgType = 'ALL' | 'USER';
/** How many items of each category the bell shows. */
export const NOTICE_BELL_SIZE = 10;

/**
 * One item of the bell and of the message centre (spec §3 announcement/notice; `titile` is spelt as
 * the wire has it). `source` tells an announcement (`annt`, read state per user in
 * sys_announcement_send) from a business message (`news`, one row per addressee in biz_message);
 * `messageType` is the business message's event family, null for announcements.
 */
export type NoticeItem = {
  id: string;
  source: 'annt' | 'news';
  messageType: string | null;
  titile: string;
  msgContent: string;
  msgAbstract: string | null;
  priority: Priority;
  sender: string;
  sendTime: string;
  createTime: string;
  openType: 'component' | 'url' | null;
  openPage: string | null;
  busId: string | null;
  msgCategory: MsgCategory;
  readFlag: boolean;
  /** In the message centre: the reader may answer the message's record from the message (快捷回复). */
  quickReply?: boolean;
};

/**
 * The bell: 通知 holds unread announcements of category 1; 系统消息 holds unread announcements of
 * category 2 and unread business messages, newest first. The totals are the unread counts per tab.
 */
export type NoticeListResult = {
  anntMsgList: NoticeItem[];
  anntMsgTotal: number;
  sysMsgList: NoticeItem[];
  sysMsgTotal: number;
};

/** The largest page of the message centre: each page is a union over two tables, so it stays small. */
export const NOTICE_CENTRE_MAX_PAGE_SIZE = 100;

/**
 * One page of the message centre (/api/news/centre): the caller's current announcements and live
 * business messages in one list, newest first; `source` narrows it to one of them.
 */
export const NoticeCentreQuery = PageQuery.pick({ pageNo: true, _t: true }).extend({
  pageSize: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .min(1, '每页条数必须大于 0')
    .max(NOTICE_CENTRE_MAX_PAGE_SIZE, `每页条数不能超过 ${NOTICE_CENTRE_MAX_PAGE_SIZE}`)
    .default(10),
  unreadOnly: z.boolean({ error: '未读筛选只能是 true 或 false' }).optional().describe('只列未读的公告和业务消息'),
  source: z.enum(['annt', 'news'], { error: '来源只能是 annt（公告）或 news（业务消息）' }).optional(),
});
export type NoticeCentreQuery = z.infer<typeof NoticeCentreQuery>;

const AnnouncementId = z.guid('公告编号不正确');

export const MarkNoticeReadInput = z.object({ anntId: AnnouncementId });
export type MarkNoticeReadInput = z.infer<typeof MarkNoticeReadInput>;

export const NoticeByIdQuery = z.object({ id: AnnouncementId, _t: z.unknown().optional() });
export type NoticeByIdQuery = z.infer<typeof NoticeByIdQuery>;

/** Release, revoke and delete name one announcement. */
export const AnnouncementIdInput = z.object({ id: AnnouncementId });
export type AnnouncementIdInput = z.infer<typeof AnnouncementIdInput>;

/** Comma-separated ids on the wire (an array is accepted too); blanks and repeats are dropped. */
const idCsv = (label: string) =>
  z
    .union([z.string().max(20_000), z.array(z.string()).max(2_000)])
    .optional()
    .nullable()
    .transform((v) => {
      const parts = (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
      return [...new Set(parts)];
    })
    .pipe(z.array(z.guid(`${label}编号不正确`)).max(2_000, `${label}最多 2000 个`));

const optionalTime = (label: string) =>
  z
    .union([z.iso.datetime({ offset: true, error: `${label}格式不正确` }), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? new Date(v) : null));

const AnnouncementFields = z.object({
  titile: requiredText('标题', 200, { missing: true }),
  msgContent: z.string({ error: '请输入内容' }).min(1, '请输入内容').max(200_000, '内容过长'),
  msgAbstract: optionalText(500, '摘要'),
  priority: z.enum(['L', 'M', 'H'], { error: '优先级只能是 L、M 或 H' }).default('L'),
  msgCategory: z.enum(['1', '2'], { error: '消息类型只能是 1（通知）或 2（系统消息）' }).default('1'),
  msgType: z.enum(['ALL', 'USER'], { error: '通告对象只能是 ALL 或 USER' }).default('ALL'),
  /** 公开到门户: once released, visitors read it as the portal home's 公告通知 (only for ALL). */
  isPublic: z.boolean({ error: '是否公开格式不正确' }).default(false),
  userIds: idCsv('用户'),
  departIds: idCsv('部门'),
  startTime: optionalTime('开始时间'),
  endTime: optionalTime('结束时间'),
  openType: z
    .enum(['url', 'component'], { error: '打开方式只能是 url 或 component' })
    .optional()
    .nullable()
    .transform((v) => v ?? null),
  openPage: optionalSameSitePath('打开页面', 255),
});

type Fields = z.infer<typeof AnnouncementFields>;
/** Per-field schemas, for form rules that check one field at a time. */
export const AnnouncementFieldSchemas = AnnouncementFields.shape;

/** Rules across fields: USER needs an audience, the window must be ordered, an open type needs a page. */
function checkFields(v: Fields, issue: (message: string, path: string) => void) {
  if (v.msgType === 'USER' && v.userIds.length === 0 && v.departIds.length === 0)
    issue('指定用户时请至少选择一个用户或部门', 'userIds');
  if (v.startTime && v.endTime && v.endTime <= v.startTime) issue('结束时间必须晚于开始时间', 'endTime');
  if (v.openType && !v.openPage) issue('请填写打开页面', 'openPage');
  if (v.isPublic && v.msgType === 'USER') issue('指定用户的公告不能公开到门户', 'isPublic');
}

const refined = <T extends z.ZodType<Fields>>(schema: T) =>
  schema.superRefine((v, ctx) =>
    checkFields(v, (message, path) => ctx.addIssue({ code: 'custom', message, path: [path] })),
  );

export const AnnouncementCreateInput = refined(AnnouncementFields);
export type AnnouncementCreateInput = z.infer<typeof AnnouncementCreateInput>;

export const AnnouncementUpdateInput = refined(AnnouncementFields.extend({ id: AnnouncementId }));
export type AnnouncementUpdateInput = z.infer<typeof AnnouncementUpdateInput>;

export const AnnouncementListQuery = PageQuery.extend({
  titile: trimmedText(200),
  sendStatus: z.enum(['0', '1', '2'], { error: '发布状态只能是 0、1 或 2' }).optional(),
  msgCategory: z.enum(['1', '2'], { error: '消息类型只能是 1 或 2' }).optional(),
  priority: z.enum(['L', 'M', 'H'], { error: '优先级只能是 L、M 或 H' }).optional(),
});
export type AnnouncementListQuery = z.infer<typeof AnnouncementListQuery>;

/** An announcement as the administration list shows it. */
export type AnnouncementRecord = NoticeItem & {
  sendStatus: SendStatus;
  isPublic: boolean;
  msgType: MsgType;
  /** Comma-separated, as the wire has them. */
  userIds: string;
  departIds: string;
  startTime: string | null;
  endTime: string | null;
  cancelTime: string | null;
  createBy: string | null;
};

/** The signed-in user's announcements (用户公告 page): `readFlag` 0 unread, 1 read, absent both. */
export const MyAnnouncementQuery = PageQuery.extend({
  titile: trimmedText(200),
  msgCategory: z.enum(['1', '2'], { error: '消息类型只能是 1 或 2' }).optional(),
  readFlag: z.enum(['0', '1'], { error: '阅读状态只能是 0（未读）或 1（已读）' }).optional(),
});
export type MyAnnouncementQuery = z.infer<typeof MyAnnouncementQuery>;

export const NoticeMessages = {
  notAddressed: '该公告不存在或不是发给您的',
  markedRead: '已读',
  allRead: '已全部标为已读',
  notFound: '公告不存在或已删除',
  editDraftOnly: '只有草稿状态的公告可以编辑',
  releaseDraftOnly: '只有草稿状态的公告可以发布',
  revokeReleasedOnly: '只有已发布的公告可以撤销',
  deleteDraftOrRevokedOnly: '只有草稿或已撤销的公告可以删除',
  released: '发布成功',
  revoked: '撤销成功',
  unknownUsers: '所选用户不存在或已删除',
  unknownDeparts: '所选部门不存在',
} as const;

export type AnnouncementAction = 'edit' | 'release' | 'revoke' | 'delete';

/**
 * An announcement's publishing flow (0 草稿 → 1 已发布 → 2 已撤销): editing and deleting are gated
 * by the same table as releasing and revoking, so the page's buttons and the server agree.
 */
export const ANNOUNCEMENT_MACHINE = defineMachine({
  subject: 'announcement',
  label: '公告',
  axes: { sendStatus: { label: '发布状态', states: SEND_STATUS_LABEL } },
  transitions: [
    {
      action: 'edit',
      label: '编辑',
      axis: 'sendStatus',
      from: ['0'],
      to: 'same',
      permission: Perm.announcementEdit,
      refusal: NoticeMessages.editDraftOnly,
    },
    {
      action: 'release',
      label: '发布',
      axis: 'sendStatus',
      from: ['0'],
      to: '1',
      permission: Perm.announcementRelease,
      refusal: NoticeMessages.releaseDraftOnly,
    },
    {
      action: 'revoke',
      label: '撤销',
      axis: 'sendStatus',
      from: ['1'],
      to: '2',
      permission: Perm.announcementRelease,
      refusal: NoticeMessages.revokeReleasedOnly,
      danger: true,
    },
    {
      action: 'delete',
      label: '删除',
      axis: 'sendStatus',
      from: ['0', '2'],
      to: 'same',
      permission: Perm.announcementDelete,
      refusal: NoticeMessages.deleteDraftOrRevokedOnly,
      danger: true,
    },
  ] satisfies MachineTransition<AnnouncementAction>[],
});

const actionsIn = (status: SendStatus) =>
  ANNOUNCEMENT_MACHINE.transitions.filter((t) => t.from.includes(status)).map((t) => t.action);

/** Announcement edits and transitions allowed per status, from the machine. */
export const ANNOUNCEMENT_ACTIONS: Record<SendStatus, readonly AnnouncementAction[]> = {
  '0': actionsIn('0'),
  '1': actionsIn('1'),
  '2': actionsIn('2'),
};
