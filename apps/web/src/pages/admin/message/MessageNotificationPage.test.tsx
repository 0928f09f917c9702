import type { NewsItem, NoticeItem, Page } from '@odp/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import MessageNotificationPage from './MessageNotificationPage';

const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, size: 10, current: 1, pages: 1 });

const annt: NoticeItem = {
  id: 'a1',
  source: 'annt',
  messageType: null,
  titile: '平台正式上线',
  msgContent: '<p>上线</p>',
  msgAbstract: null,
  priority: 'H',
  sender: '大数据局',
  sendTime: '2026-11-01T00:00:00.000Z',
  createTime: '2026-11-01T00:00:00.000Z',
  openType: null,
  openPage: null,
  busId: null,
  msgCategory: '1',
  readFlag: false,
};
const news: NewsItem = {
  id: 'n1',
  messageType: 'catalogue_review',
  title: '目录“公交站点”审核通过',
  content: '<p>同意</p>',
  busId: 'c1',
  openPage: '/cataloguemanage/list',
  sender: '李审核',
  readFlag: false,
  readTime: null,
  createTime: '2026-11-02T00:00:00.000Z',
};

const getMyAnnouncements = vi.fn((_p: { readFlag?: string }) => Promise.resolve(page([annt])));
const pageNews = vi.fn((_p: { readFlag?: string }) => Promise.resolve(page([news])));
const deleteNews = vi.fn((_ids: string[]) => Promise.resolve(1));
const readAllNews = vi.fn(() => Promise.resolve(1));
const markAllNoticesRead = vi.fn(() => Promise.resolve(1));

vi.mock('@/api/notice', async (importActual) => ({
  ...(await importActual<typeof import('@/api/notice')>()),
  getMyAnnouncements: (p: { readFlag?: string }) => getMyAnnouncements(p),
  markAllNoticesRead: () => markAllNoticesRead(),
  markNoticeRead: () => Promise.resolve(null),
}));
vi.mock('@/api/news', async (importActual) => ({
  ...(await importActual<typeof import('@/api/news')>()),
  pageNews: (p: { readFlag?: string }) => pageNews(p),
  deleteNews: (ids: string[]) => deleteNews(ids),
  readAllNews: () => readAllNews(),
  readNews: () => Promise.resolve(1),
}));

beforeAll(stubAntdDom);
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{decodeURIComponent(location.search)}</div>;
}

function renderAt(url: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <MessageNotificationPage />
      <Where />
    </MemoryRouter>,
  );
}

describe('MessageNotificationPage', () => {
  it('lists announcements and business messages newest first with their type tags', async () => {
    renderAt('/MessageCenter/MessageNotification?mesageType=全部');
    await screen.findByText('目录“公交站点”审核通过');
    const titles = screen.getAllByRole('row').map((row) => row.textContent ?? '');
    const newsRow = titles.findIndex((t) => t.includes('公交站点'));
    const anntRow = titles.findIndex((t) => t.includes('平台正式上线'));
    expect(newsRow).toBeGreaterThan(0);
    expect(newsRow).toBeLessThan(anntRow);
    expect(screen.getByText('目录审核')).toBeTruthy();
    expect(screen.getByText('通知')).toBeTruthy();
    expect(screen.getByText('紧急消息')).toBeTruthy();
    expect(getMyAnnouncements).toHaveBeenCalledWith(expect.objectContaining({ readFlag: undefined }));
  });

  it('asks only for unread items under 未读, and switching tabs writes the query string', async () => {
    renderAt('/MessageCenter/MessageNotification?mesageType=未读');
    await screen.findByText('平台正式上线');
    expect(getMyAnnouncements).toHaveBeenCalledWith(expect.objectContaining({ readFlag: '0' }));
    expect(pageNews).toHaveBeenCalledWith(expect.objectContaining({ readFlag: '0' }));
    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?mesageType=全部'));
  });

  it('全部已读 marks announcements and business messages read', async () => {
    renderAt('/MessageCenter/MessageNotification');
    await screen.findByText('平台正式上线');
    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(markAllNoticesRead).toHaveBeenCalledTimes(1));
    expect(readAllNews).toHaveBeenCalledTimes(1);
  });

  it('deletes a business message after confirmation; announcements offer no 删除', async () => {
    renderAt('/MessageCenter/MessageNotification');
    await screen.findByText('平台正式上线');
    const deletes = screen.getAllByText('删除');
    expect(deletes).toHaveLength(1);
    fireEvent.click(deletes[0]);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(deleteNews).toHaveBeenCalledWith(['n1']));
  });
});
