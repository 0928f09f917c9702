import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { pageDataOf } from '../../test/page-data.js';
import { sendAsAttachment } from '../storage/disposition.js';
import { installCompression } from './compression.js';

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A GET over a real socket, the body exactly as sent (Node's fetch would decompress it). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const script = Buffer.from(`export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `行${i}`))};\n`);
const html =
  '<!doctype html><html><head><title>滨江</title></head><body><div id="root"></div><script src="/assets/index-a1b2c3.js"></script></body></html>';

describe('delivery of the built web app and of JSON answers', () => {
  let ctx: TestContext;
  let base: string;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'odp-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), html);
    writeFileSync(path.join(webDist, 'assets', 'index-a1b2c3.js'), script);
    writeFileSync(path.join(webDist, 'assets', 'index-a1b2c3.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(webDist, 'assets', 'index-a1b2c3.js.gz'), gzipSync(script));
    ctx = await createTestApp({ config: { webDist } });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('writes the first-screen data into the home and the catalogue pages, and sends other pages as built', async () => {
    const home = await get(`${base}/openPlatform/home`);
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(pageDataOf(home.body.toString('utf8')).map((e) => e.key)).toEqual([
      ['portal', 'pictures'],
      ['portal', 'indexNum'],
      ['portal', 'site'],
    ]);
    const other = await get(`${base}/openStatistics/openTable`);
    expect(other.body.toString('utf8')).toBe(html);
  });

  it('sends the build’s brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await get(`${base}/assets/index-a1b2c3.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).equals(script)).toBe(true);
  });

  it('sends the gzip copy to a client without brotli, and the plain file to one without either', async () => {
    const gzipped = await get(`${base}/assets/index-a1b2c3.js`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(script)).toBe(true);
    const plain = await get(`${base}/assets/index-a1b2c3.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(script.length));
    expect(plain.body.equals(script)).toBe(true);
  });

  it('has index.html revalidated, for client-side routes too', async () => {
    for (const page of ['/', '/openStatistics/openTable']) {
      const res = await get(`${base}${page}`, { 'accept-encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toBe(html);
    }
  });

  it('compresses a JSON answer over 1 KB and leaves a small one alone', async () => {
    const doc = await get(`${base}${ctx.base}/doc/json`, { 'accept-encoding': 'gzip, br' });
    expect(doc.status).toBe(200);
    expect(doc.headers['content-encoding']).toBe('br');
    const openapi = JSON.parse(brotliDecompressSync(doc.body).toString());
    expect(openapi.info.title).toBe('滨江市公共数据开放平台 API');
    expect(doc.body.length).toBeLessThan(JSON.stringify(openapi).length / 3);

    const health = await get(`${base}${ctx.base}/health`, { 'accept-encoding': 'gzip, br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString()).result.status).toBe('UP');
  });
});

describe('attachments under compression', () => {
  const dataset = Buffer.from(JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ 编号: i, 名称: `站点${i}` }))));
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = Fastify();
    await installCompression(app);
    app.get('/download', (_req, reply) =>
      sendAsAttachment(reply, '数据.json', 'application/json; charset=utf-8', dataset.length).send(
        Readable.from([dataset.subarray(0, 5000), dataset.subarray(5000)]),
      ),
    );
    app.get('/answer', () => ({ rows: JSON.parse(dataset.toString()) }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app?.close());

  it('streams a JSON file download as stored, with its Content-Length', async () => {
    const res = await get(`${base}/download`, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(dataset.length));
    expect(res.body.equals(dataset)).toBe(true);
  });

  it('still compresses an ordinary JSON answer of the same app', async () => {
    const res = await get(`${base}/answer`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString()).rows).toHaveLength(2000);
  });
});
