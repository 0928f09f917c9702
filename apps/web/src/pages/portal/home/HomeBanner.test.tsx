import type { PictureRecord } from '@odp/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
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
    // The carousel clones slides for its loop; the originals are the ones not marked as clones.
    const originals = Array.from(region.querySelectorAll('.slick-slide:not(.slick-cloned)'));
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
    // Links in slides hidden from screen readers (and the loop's copies) are out of the tab order.
    const hidden = Array.from(region.querySelectorAll('.slick-slide[aria-hidden="true"] a'));
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((a) => a.getAttribute('tabindex') === '-1')).toBe(true);
    const shown = Array.from(region.querySelectorAll('.slick-slide[aria-hidden="false"] a'));
    expect(shown.every((a) => a.getAttribute('tabindex') === null)).toBe(true);
  });
});
