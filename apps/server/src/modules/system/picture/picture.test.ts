import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MAX_PICTURE_BYTES, type PictureRecord } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logs, pictures } from '../../../db/schema/index.js';
import { encodePng } from '../../../db/seed/pictures.js';
import { createStorage } from '../../../platform/storage/storage.js';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { sniffPicture } from './sniff.js';

let ctx: TestContext;
/** The seeded 系统管理员 role: holds pictureList and pictureEdit. */
let adminToken: string;
let plainToken: string;

const PNG = encodePng(4, 3, (x, y) => [x * 60, y * 80, 200]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0fake-jpeg-body')]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8 fake-webp-body', 'latin1'),
]);

function upload(
  file: { bytes: Buffer; name: string; type?: string } | null,
  fields: Record<string, string> = { title: '测试图片' },
  token: string | null = adminToken,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? '' }), file.name);
  return ctx.app.inject({
    method: 'POST',
    url: `${ctx.base}/sys/common/picture/upload`,
    headers: token ? { 'x-access-token': token } : {},
    payload: form,
  });
}

const rows = () => ctx.db.select().from(pictures).orderBy(pictures.sortNo);

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await signedIn(ctx, { roles: ['admin'] })).token;
  plainToken = (await signedIn(ctx)).token;
});
beforeEach(async () => {
  await ctx.db.delete(pictures);
});
afterAll(() => ctx.close());

describe('sniffPicture', () => {
  it('goes by the first bytes only', () => {
    expect(sniffPicture(PNG)).toBe('image/png');
    expect(sniffPicture(JPEG)).toBe('image/jpeg');
    expect(sniffPicture(WEBP)).toBe('image/webp');
    expect(sniffPicture(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'))).toBeNull();
    expect(sniffPicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffPicture(Buffer.alloc(0))).toBeNull();
  });
});

describe('POST /sys/common/picture/upload', () => {
  it('stores a PNG named .jpg as a PNG, appends it to the end and logs it', async () => {
    const first = await upload({ bytes: JPEG, name: 'a.jpg', type: 'image/jpeg' }, { title: '第一张' });
    expect(first.statusCode).toBe(200);
    const res = await upload(
      { bytes: PNG, name: '封面.jpg', type: 'image/jpeg' },
      { title: '公共数据开放', linkUrl: '/catalogue/datacatalogue' },
    );
    expect(res.statusCode).toBe(200);
    const picture = res.json().result as PictureRecord;
    expect(picture).toMatchObject({ title: '公共数据开放', mimeType: 'image/png', size: PNG.length, sortNo: 2 });
    expect(picture.url).toBe(`${ctx.base}/sys/common/picture/file/${picture.id}`);
    const [row] = await ctx.db.select().from(pictures).where(eq(pictures.id, picture.id));
    expect(row.linkUrl).toBe('/catalogue/datacatalogue');
    expect(row.storageKey).toMatch(/\.bin$/);
    expect(await ctx.db.select().from(logs).where(eq(logs.target, picture.id))).toHaveLength(1);
  });

  it('accepts WebP', async () => {
    const res = await upload({ bytes: WEBP, name: 'x.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.mimeType).toBe('image/webp');
  });

  it('refuses a text file named .png and sent as image/png, writing nothing', async () => {
    const res = await upload({ bytes: Buffer.from('not an image at all'), name: 'fake.png', type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('仅支持 JPG、PNG、WebP 图片');
    expect(await rows()).toEqual([]);
  });

  it('refuses 5 MB + 1 byte and accepts exactly 5 MB', async () => {
    const big = Buffer.alloc(MAX_PICTURE_BYTES + 1);
    PNG.copy(big);
    const res = await upload({ bytes: big, name: 'big.png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('图片不能超过5MB');
    expect(await rows()).toEqual([]);
    const fits = await upload({ bytes: big.subarray(0, MAX_PICTURE_BYTES), name: 'fits.png' });
    expect(fits.statusCode).toBe(200);
  });

  it('asks for a title, a safe link and a file', async () => {
    const file = { bytes: PNG, name: 'a.png' };
    expect((await upload(file, {})).json().message).toBe('请输入标题');
    for (const linkUrl of ['javascript:alert(1)', '//evil.example/x', 'ftp://x/y', '/\\evil.example']) {
      const res = await upload(file, { title: '图', linkUrl });
      expect(res.statusCode, linkUrl).toBe(400);
      expect(res.json().message).toBe('链接须以 http://、https:// 或 / 开头');
    }
    const none = await upload(null, { title: '图' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('请选择要上传的图片');
    expect(await rows()).toEqual([]);
    expect((await upload(file, { title: '图', linkUrl: 'https://data.example.cn/a?b=1' })).statusCode).toBe(200);
  });

  it('needs a signed-in user with pictureEdit', async () => {
    const file = { bytes: PNG, name: 'a.png' };
    expect((await upload(file, { title: '图' }, null)).statusCode).toBe(401);
    expect((await upload(file, { title: '图' }, plainToken)).statusCode).toBe(403);
    expect(await rows()).toEqual([]);
  });
});

describe('query, list and file', () => {
  it('serves the ordered list to anyone and the image with its stored type', async () => {
    const a = (await upload({ bytes: PNG, name: 'a.png' }, { title: 'A' })).json().result as PictureRecord;
    const b = (await upload({ bytes: JPEG, name: 'b.png' }, { title: 'B' })).json().result as PictureRecord;
    const query = await call<PictureRecord[]>(ctx, 'POST', '/sys/common/picture/query');
    expect(query.status).toBe(200);
    expect(query.body.result.map((p) => p.title)).toEqual(['A', 'B']);

    const file = await ctx.app.inject({ method: 'GET', url: b.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(file.rawPayload.equals(JPEG)).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: a.url })).rawPayload.equals(PNG)).toBe(true);

    const missing = await ctx.app.inject({
      method: 'GET',
      url: `${ctx.base}/sys/common/picture/file/00000000-0000-4000-8000-000000000000`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('serves sized WebP copies at the listed widths only, never wider than the original, removed with it', async () => {
    const wide = encodePng(1000, 300, (x, y) => [x % 256, y % 256, 120]);
    const p = (await upload({ bytes: wide, name: 'wide.png' }, { title: '宽图' })).json().result as PictureRecord;
    const widthOf = async (w: number) => {
      const res = await ctx.app.inject({ method: 'GET', url: `${p.url}?w=${w}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      return (await sharp(res.rawPayload).metadata()).width;
    };
    expect(await widthOf(480)).toBe(480);
    expect(await widthOf(480)).toBe(480);
    expect(await widthOf(1600)).toBe(1000);
    const odd = await ctx.app.inject({ method: 'GET', url: `${p.url}?w=500` });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toContain('宽度只能是');

    const variants = path.join(createStorage('/tmp/odp-test-unused').root, 'variants');
    const [row] = await ctx.db.select().from(pictures).where(eq(pictures.id, p.id));
    const prefix = row.storageKey.replace('/', '-');
    expect(readdirSync(variants).filter((n) => n.startsWith(prefix))).toHaveLength(2);
    await call(ctx, 'DELETE', '/sys/common/picture/del', { token: adminToken, query: { id: p.id } });
    expect(readdirSync(variants).filter((n) => n.startsWith(prefix))).toEqual([]);
  });

  it('keeps the admin list to pictureList holders', async () => {
    expect((await call(ctx, 'GET', '/sys/common/picture/list')).status).toBe(401);
    expect((await call(ctx, 'GET', '/sys/common/picture/list', { token: plainToken })).status).toBe(403);
    expect((await call(ctx, 'GET', '/sys/common/picture/list', { token: adminToken })).status).toBe(200);
  });
});

describe('DELETE /sys/common/picture/del', () => {
  it('removes the row and the stored file, and logs it', async () => {
    const p = (await upload({ bytes: PNG, name: 'a.png' })).json().result as PictureRecord;
    const [row] = await ctx.db.select().from(pictures).where(eq(pictures.id, p.id));
    const storage = createStorage('/tmp/odp-test-unused');
    expect(existsSync(storage.resolve(row.storageKey))).toBe(true);

    expect((await call(ctx, 'DELETE', '/sys/common/picture/del', { query: { id: p.id } })).status).toBe(401);
    const forbidden = await call(ctx, 'DELETE', '/sys/common/picture/del', { token: plainToken, query: { id: p.id } });
    expect(forbidden.status).toBe(403);
    expect(await rows()).toHaveLength(1);

    const res = await call(ctx, 'DELETE', '/sys/common/picture/del', { token: adminToken, query: { id: p.id } });
    expect(res.status).toBe(200);
    expect(await rows()).toEqual([]);
    expect(existsSync(storage.resolve(row.storageKey))).toBe(false);
    const logged = await ctx.db.select().from(logs).where(eq(logs.target, p.id));
    expect(logged.map((l) => l.operateType).sort()).toEqual(['add', 'delete']);

    const again = await call(ctx, 'DELETE', '/sys/common/picture/del', { token: adminToken, query: { id: p.id } });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('图片不存在或已删除');
  });
});

describe('POST /sys/common/picture/reset/sequence', () => {
  const reorder = (ids: string[], token: string | null = adminToken) =>
    call(ctx, 'POST', '/sys/common/picture/reset/sequence', { token: token ?? undefined, body: { ids } });

  it('writes the new order, and refuses any list that is not exactly the current set', async () => {
    const ids: string[] = [];
    for (const title of ['A', 'B', 'C']) {
      ids.push(((await upload({ bytes: PNG, name: 'a.png' }, { title })).json().result as PictureRecord).id);
    }
    const [a, b, c] = ids;
    const res = await reorder([c, a, b]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('排序已保存');
    expect((await rows()).map((r) => r.title)).toEqual(['C', 'A', 'B']);

    for (const bad of [[c, a], [c, a, b, b], [c, a, a], [c, a, b, '00000000-0000-4000-8000-000000000000'], []]) {
      const refused = await reorder(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.message).toBe('排序须包含全部图片且不能重复，请刷新后重试');
    }
    expect((await reorder([a, b, c], null)).status).toBe(401);
    expect((await reorder([a, b, c], plainToken)).status).toBe(403);
    expect((await rows()).map((r) => r.title)).toEqual(['C', 'A', 'B']);
  });
});
