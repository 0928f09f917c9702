import { type MenuItem, MSG_CATEGORY_LABEL, type NewsItem, type NoticeItem, newsTypeLabel } from '@odp/contracts';

export const PRIORITY_COLOR = { L: 'blue', M: 'orange', H: 'red' } as const;

/** `mesageType` of /MessageCenter/MessageNotification (spelt as the spec has it): 未读 or 全部 (the default). */
export type CentreTab = 'all' | 'unread';
export function parseMesageType(value: string | null | undefined): CentreTab {
  const v = (value ?? '').trim().toLowerCase();
  return v === '未读' || v === 'unread' ? 'unread' : 'all';
}
export const mesageTypeOf = (tab: CentreTab) => (tab === 'unread' ? '未读' : '全部');

/** A business message in the shape of the bell's items, so one list and one dialog serve both. */
export function newsToNotice(news: NewsItem): NoticeItem {
  return {
    id: news.id,
    source: 'news',
    messageType: news.messageType,
    titile: news.title,
    msgContent: news.content,
    msgAbstract: null,
    priority: 'M',
    sender: news.sender,
    sendTime: news.createTime,
    createTime: news.createTime,
    openType: news.openPage ? 'url' : null,
    openPage: news.openPage,
    busId: news.busId,
    msgCategory: '2',
    readFlag: news.readFlag,
  };
}

/** The type tag of an item: 通知 / 系统消息 for announcements, the event family for business messages. */
export const typeLabelOf = (item: NoticeItem) =>
  item.source === 'news' ? newsTypeLabel(item.messageType ?? '') : MSG_CATEGORY_LABEL[item.msgCategory];

/** Whether the signed-in user's menu holds the page (the bell links to 我的消息 only when it does). */
export function menuHas(menu: MenuItem[] | undefined, path: string): boolean {
  return (menu ?? []).some((m) => m.path === path || menuHas(m.children, path));
}
