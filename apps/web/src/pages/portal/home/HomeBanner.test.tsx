import type { PictureRecord } from '@odp/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubAntdDom } from '@/test/render';
import { HomeBanner } from './HomeBanner';

const api = vi.hoisted(() => ({ queryPictures: vi.fn<() => Promise<PictureRecord[]>>() }));
vi.mock('@/api/system/picture', () => ({
  pictureKeys: { all: ['system', 'picture'], portal: ['portal', 'pictures'] },
  queryPictures: api.queryPictures,
}));

beforeAll(stubAntdDom);
afterEach(cleanup);

const picture = (id: string, title: string, linkUrl: string | null): PictureRecord => ({
  id,
  title,
  linkUrl,
  url: `/dtwave-om/sys/common/picture/file/${id}`,
  mimeType: 'image/png',
  size: 100,
  sortNo: 1,
  createTime: '2026-11-21T00:00:00.000Z',
});

function setup() {
  renderWithProviders(
    <MemoryRouter>
      <HomeBanner search={<input aria-label="全站搜索" />} />
    </MemoryRouter>,
  );
}

describe('HomeBanner', () => {
  it('keeps the default banner when there are no pictures', async () => {
    api.queryPictures.mockResolvedValue([]);
    setup();
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(api.queryPictures).toHaveBeenCalled());
    // Long enough for the carousel chunk to have loaded, had an empty list wrongly asked for it.
    await new Promise((r) => setTimeout(r, 1500));
    expect(screen.queryByRole('region', { name: '轮播图' })).toBeNull();
    expect(screen.getByLabelText('全站搜索')).toBeTruthy();
  });

  it('keeps the default banner when the slideshow cannot be loaded', async () => {
    api.queryPictures.mockRejectedValue(new Error('请求失败'));
    setup();
    await waitFor(() => expect(api.queryPictures).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 1500));
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '轮播图' })).toBeNull();
  });

  it('shows the pictures in order, linked when they have a link, with the search box', async () => {
    api.queryPictures.mockResolvedValue([
      picture('a', '公共数据开放', '/catalogue/datacatalogue'),
      picture('b', '开放统计', 'https://example.cn/stats'),
      picture('c', '无链接图', null),
    ]);
    setup();
    const region = await screen.findByRole('region', { name: '轮播图' }, { timeout: 15_000 });
    const originals = Array.from(region.querySelectorAll('.home-banner-item'));
    expect(originals.map((s) => s.querySelector('h2')?.textContent)).toEqual(['公共数据开放', '开放统计', '无链接图']);
    expect(originals[0].querySelector('a')?.getAttribute('href')).toBe('/catalogue/datacatalogue');
    const external = originals[1].querySelector('a');
    expect(external?.getAttribute('href')).toBe('https://example.cn/stats');
    expect(external?.getAttribute('rel')).toContain('noopener');
    expect(originals[2].querySelector('a')).toBeNull();
    expect(originals[0].querySelector('img')?.getAttribute('src')).toBe('/dtwave-om/sys/common/picture/file/a');
    expect(screen.getByLabelText('全站搜索')).toBeTruthy();
    // The page keeps one h1 (for screen readers) with the slideshow in place of the default banner.
    expect(screen.getAllByRole('heading', { level: 1, hidden: true })).toHaveLength(1);
    // Slides out of view are hidden from screen readers and inert (out of the tab order).
    const hiddenNow = () =>
      originals.map((slide) => slide.getAttribute('aria-hidden') === 'true' && slide.hasAttribute('inert'));
    expect(hiddenNow()).toEqual([false, true, true]);
    // A dot shows its slide; the pause button stops the turning and says how to resume.
    fireEvent.click(screen.getByRole('button', { name: '第 3 张：无链接图' }));
    expect(hiddenNow()).toEqual([true, true, false]);
    expect(screen.getByRole('button', { name: '第 3 张：无链接图' }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '暂停轮播' }));
    expect(screen.getByRole('button', { name: '继续轮播' })).toBeTruthy();
  });

  it('turns to the next slide by itself unless paused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.queryPictures.mockResolvedValue([picture('a', '第一张', null), picture('b', '第二张', null)]);
    setup();
    const region = await screen.findByRole('region', { name: '轮播图' }, { timeout: 15_000 });
    const current = () => region.querySelector('.home-banner-item[aria-hidden="false"] h2')?.textContent;
    expect(current()).toBe('第一张');
    await act(async () => {
      vi.advanceTimersByTime(5100);
    });
    expect(current()).toBe('第二张');
    fireEvent.click(screen.getByRole('button', { name: '暂停轮播' }));
    await act(async () => {
      vi.advanceTimersByTime(12_000);
    });
    expect(current()).toBe('第二张');
    vi.useRealTimers();
  });
});
