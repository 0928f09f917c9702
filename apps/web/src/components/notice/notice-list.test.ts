import type { MenuItem, NewsItem, NoticeItem } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import { menuHas, mesageTypeOf, newsToNotice, parseMesageType, typeLabelOf } from './notice-list';

const item = (id: string, sendTime: string, source: 'annt' | 'news' = 'annt'): NoticeItem => ({
  id,
  source,
  messageType: source === 'news' ? 'catalogue_review' : null,
  titile: id,
  msgContent: '',
  msgAbstract: null,
  priority: 'L',
  sender: '',
  sendTime,
  createTime: sendTime,
  openType: null,
  openPage: null,
  busId: null,
  msgCategory: '1',
  readFlag: false,
});

describe('parseMesageType', () => {
  it('reads 未读 and falls back to 全部', () => {
    expect(parseMesageType('未读')).toBe('unread');
    expect(parseMesageType('unread')).toBe('unread');
    expect(parseMesageType('全部')).toBe('all');
    expect(parseMesageType(null)).toBe('all');
    expect(parseMesageType('乱写')).toBe('all');
    expect(mesageTypeOf('unread')).toBe('未读');
    expect(mesageTypeOf(parseMesageType(mesageTypeOf('all')))).toBe('全部');
  });
});

describe('newsToNotice and typeLabelOf', () => {
  const news: NewsItem = {
    id: 'n1',
    messageType: 'catalogue_shelf',
    title: '上架申请被驳回',
    content: '<p>意见</p>',
    busId: 'c1',
    openPage: '/cataloguemanage/list',
    sender: '李审核',
    readFlag: true,
    readTime: null,
    createTime: '2026-11-01T00:00:00Z',
  };

  it('presents a business message as a notice that opens its page', () => {
    expect(newsToNotice(news)).toMatchObject({
      id: 'n1',
      source: 'news',
      titile: '上架申请被驳回',
      msgContent: '<p>意见</p>',
      openType: 'url',
      openPage: '/cataloguemanage/list',
      sendTime: '2026-11-01T00:00:00Z',
      readFlag: true,
    });
    expect(newsToNotice({ ...news, openPage: null }).openType).toBeNull();
  });

  it('labels the type by source', () => {
    expect(typeLabelOf(newsToNotice(news))).toBe('上下架审核');
    expect(typeLabelOf(newsToNotice({ ...news, messageType: 'unknown' }))).toBe('业务消息');
    expect(typeLabelOf(item('a', '2026-11-01T00:00:00Z'))).toBe('通知');
    expect(typeLabelOf({ ...item('a', '2026-11-01T00:00:00Z'), msgCategory: '2' })).toBe('系统消息');
  });
});

describe('menuHas', () => {
  it('finds a path at any depth', () => {
    const menu = [{ path: '/a', children: [{ path: '/isps/userAnnouncement' }] }] as MenuItem[];
    expect(menuHas(menu, '/isps/userAnnouncement')).toBe(true);
    expect(menuHas(menu, '/bell')).toBe(false);
    expect(menuHas(undefined, '/bell')).toBe(false);
  });
});
