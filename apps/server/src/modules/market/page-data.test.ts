import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepart } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { pageDataOf } from '../../test/page-data.js';
import { createMarketEntry } from './testing.js';

const html = '<!doctype html><html><head><title>滨江</title></head><body><div id="root"></div></body></html>';

describe('the catalogue pages’ first-screen data', () => {
  let ctx: TestContext;
  let webDist: string;
  let entryId: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'odp-web-'));
    writeFileSync(path.join(webDist, 'index.html'), html);
    ctx = await createTestApp({ config: { webDist } });
    const org = await createDepart(ctx.db, { departName: '首屏数据测试局' });
    entryId = (await createMarketEntry(ctx.db, org.orgCode)).id;
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = async (url: string) => pageDataOf((await ctx.app.inject({ url })).body);
  const api = (url: string, payload?: object) =>
    ctx.app.inject({ method: payload ? 'POST' : 'GET', url: `/dtwave-om${url}`, payload }).then((r) => r.json().result);

  it('gives the plain address its first page as the list call answers it, and a filtered one no list', async () => {
    const plain = await page('/catalogue/datacatalogue');
    const list = plain.find((e) => e.key[1] === 'list');
    expect(list?.key).toEqual(['market', 'list', { pageNo: 1, pageSize: 10 }]);
    expect(list?.data).toEqual(await api('/api/resourceMarket/page', { pageNo: 1, pageSize: 10 }));
    expect((list?.data as { records: { id: string }[] } | undefined)?.records.map((r) => r.id)).toContain(entryId);
    expect(plain.map((e) => e.key)).toEqual(
      expect.arrayContaining([
        ['market', 'amount', {}],
        ['system', 'dict', 'open_type'],
        ['market', 'tree', 2],
        ['portal', 'site'],
      ]),
    );
    const filtered = await page('/catalogue/datacatalogue?catalogName=公交');
    expect(filtered.map((e) => e.key[1])).not.toContain('list');
    expect(filtered.map((e) => e.key[1])).not.toContain('amount');
    expect(filtered.map((e) => e.key)).toContainEqual(['market', 'tree', 1]);
  });

  it('gives a detail page the guest’s answer, counting the view once with the call that says so', async () => {
    const viewsNow = async (counted: boolean) =>
      (await api(`/api/resourceMarket/detail?id=${entryId}${counted ? '&counted=1' : ''}`)).viewNum as number;
    const before = await viewsNow(true);
    const data = await page(`/catalogue/datacatalogue/details?id=${entryId}`);
    const detail = data.find((e) => e.key[1] === 'detail');
    expect(detail?.key).toEqual(['market', 'detail', entryId, 'guest']);
    expect(detail?.data).toMatchObject({ id: entryId, viewNum: before + 1 });
    expect(data.map((e) => e.key)).toEqual(
      expect.arrayContaining([
        ['system', 'dict', 'share_type'],
        ['market', 'tree', 1],
      ]),
    );
    // The signed-in visitor's own call for that page does not count it again; a plain call does.
    expect(await viewsNow(true)).toBe(before + 1);
    expect(await viewsNow(false)).toBe(before + 2);
    const unknown = await page('/catalogue/datacatalogue/details?id=nonsense');
    expect(unknown.map((e) => e.key[1])).not.toContain('detail');
  });
});
