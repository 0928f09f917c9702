import { PAGE_DATA_ELEMENT_ID } from '@odp/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { pageDataOf } from '../../test/page-data.js';
import { type PageData, renderPageHtml } from './page-data.js';

const template = '<!doctype html><html><head><title>滨江</title></head><body><div id="root"></div></body></html>';
const ctx = { db: {} as Db, apiBase: '/dtwave-om', query: new URLSearchParams() };
const provider = (over: Partial<PageData>): PageData => ({
  page: '/openPlatform/home',
  key: ['portal', 'pictures'],
  load: async () => [{ url: '/dtwave-om/sys/common/picture/file/p1', title: '夜景' }],
  ...over,
});

describe('renderPageHtml', () => {
  it('writes each answer under its key into the head, with a preload for the images it names', async () => {
    const html = await renderPageHtml(
      template,
      [
        provider({
          preload: (data) => (data as { url: string }[]).map((p) => ({ href: p.url, srcset: `${p.url}?w=480 480w` })),
        }),
      ],
      ctx,
    );
    expect(pageDataOf(html)).toEqual([
      { key: ['portal', 'pictures'], data: [{ url: '/dtwave-om/sys/common/picture/file/p1', title: '夜景' }] },
    ]);
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/dtwave-om/sys/common/picture/file/p1" imagesrcset="/dtwave-om/sys/common/picture/file/p1?w=480 480w" imagesizes="100vw">',
    );
    expect(html.indexOf(PAGE_DATA_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
  });

  it('cannot be broken out of: markup in an answer stays inside the JSON', async () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028';
    const html = await renderPageHtml(
      template,
      [provider({ load: async () => [{ title: hostile }], preload: () => [{ href: '/a"><script>x</script>' }] })],
      ctx,
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<script>x');
    expect(pageDataOf(html)).toEqual([{ key: ['portal', 'pictures'], data: [{ title: hostile }] }]);
  });

  it('leaves out a provider that fails or is too slow, and sends the plain page when none answered', async () => {
    const failing = provider({ load: async () => Promise.reject(new Error('数据库不可用')) });
    const slow = provider({ key: ['slow'], load: () => new Promise((r) => setTimeout(() => r(['迟到']), 1000)) });
    expect(await renderPageHtml(template, [failing, slow], ctx)).toBe(template);
    const html = await renderPageHtml(template, [failing, provider({ key: ['ok'] })], ctx);
    expect((pageDataOf(html) as { key: unknown }[]).map((e) => e.key)).toEqual([['ok']]);
  });

  it('asks a provider whose key depends on the address for that address only', async () => {
    const byId = provider({
      key: (query) => (query.get('id') ? ['detail', query.get('id')] : null),
      load: async ({ query }) => ({ id: query.get('id') }),
    });
    const html = await renderPageHtml(template, [byId], { ...ctx, query: new URLSearchParams('id=e1') });
    expect(pageDataOf(html)).toEqual([{ key: ['detail', 'e1'], data: { id: 'e1' } }]);
    expect(await renderPageHtml(template, [byId], ctx)).toBe(template);
  });
});
