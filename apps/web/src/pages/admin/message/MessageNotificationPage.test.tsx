import type { NoticeItem, Page } from '@odp/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NoticeCentreParams } from '@/api/news';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import MessageNotificationPage from './MessageNotificationPage';

const page = <T,>(records: T[], total = records.length): Page<T> => ({
  records,
  total,
  size: 10,
  current: 1,
  pages: Math.ceil(total / 10),
});

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
const news: NoticeItem = {
  id: 'n1',
  source: 'news',
  messageType: 'catalogue_review',
  titile: '目录“公交站点”审核通过',
  msgContent: '<p>同意</p>',
  msgAbstract: null,
  priority: 'M',
  sender: '李审核',
  sendTime: '2026-11-02T00:00:00.000Z',
  createTime: '2026-11-02T00:00:00.000Z',
  openType: 'url',
  openPage: '/cataloguemanage/list',
  busId: 'c1',
  msgCategory: '2',
  readFlag: false,
};

// The server merges and orders both sources; the page shows its order as it is.
const pageNoticeCentre = vi.fn((_p: NoticeCentreParams) => Promise.resolve(page([news, annt], 23)));
const deleteNews = vi.fn((_ids: string[]) => Promise.resolve(1));
const readAllNews = vi.fn(() => Promise.resolve(1));
const markAllNoticesRead = vi.fn(() => Promise.resolve(1));
const quickReplyNews = vi.fn((_input: { id: string; content: string }) => Promise.resolve(null));

vi.mock('@/api/notice', async (importActual) => ({
  ...(await importActual<typeof import('@/api/notice')>()),
  markAllNoticesRead: () => markAllNoticesRead(),
  markNoticeRead: () => Promise.resolve(null),
}));
vi.mock('@/api/news', async (importActual) => ({
  ...(await importActual<typeof import('@/api/news')>()),
  pageNoticeCentre: (p: NoticeCentreParams) => pageNoticeCentre(p),
  deleteNews: (ids: string[]) => deleteNews(ids),
  readAllNews: () => readAllNews(),
  readNews: () => Promise.resolve(1),
  quickReplyNews: (input: { id: string; content: string }) => quickReplyNews(input),
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
    expect(pageNoticeCentre).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10, unreadOnly: false });
    expect(screen.getByText('共 23 条')).toBeTruthy();
  });

  it('asks the server for the next page rather than cutting it out of a merged window', async () => {
    renderAt('/MessageCenter/MessageNotification');
    await screen.findByText('平台正式上线');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() =>
      expect(pageNoticeCentre).toHaveBeenLastCalledWith({ pageNo: 3, pageSize: 10, unreadOnly: false }),
    );
  });

  it('asks only for unread items under 未读, and switching tabs writes the query string', async () => {
    renderAt('/MessageCenter/MessageNotification?mesageType=未读');
    await screen.findByText('平台正式上线');
    expect(pageNoticeCentre).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10, unreadOnly: true });
    fireEvent.click(screen.getByRole('tab', { name: '全部' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?mesageType=全部'));
    await waitFor(() =>
      expect(pageNoticeCentre).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 10, unreadOnly: false }),
    );
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

  it('offers 快捷回复 only where the server says the message can be answered, and sends the text', async () => {
    const reminder: NoticeItem = { ...news, id: 'n2', titile: '答复已逾期：数据纠错', quickReply: true };
    pageNoticeCentre.mockResolvedValueOnce(page([reminder, news, annt]));
    renderAt('/MessageCenter/MessageNotification');
    await screen.findByText('答复已逾期：数据纠错');
    expect(screen.getAllByText('快捷回复')).toHaveLength(1);
    fireEvent.click(screen.getByText('快捷回复'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /回\s*复/ }));
    expect(await within(dialog).findByText('请输入回复内容')).toBeTruthy();
    expect(quickReplyNews).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('回复内容'), { target: { value: '已更正，谢谢。' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /回\s*复/ }));
    await waitFor(() => expect(quickReplyNews).toHaveBeenCalledWith({ id: 'n2', content: '已更正，谢谢。' }));
  });
});
