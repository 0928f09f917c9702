import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffPicture } from '../../modules/system/picture/sniff.js';
import { createStorage } from '../../platform/storage/storage.js';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { pictures } from '../schema/index.js';
import { DEMO_PICTURES, encodePng, seedDemoPictures } from './pictures.js';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  ctx = await createTestApp();
  dataDir = mkdtempSync(path.join(tmpdir(), 'odp-demo-pictures-'));
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('encodePng', () => {
  it('writes a PNG whose pixels read back', () => {
    const png = encodePng(3, 2, (x, y) => [x * 10, y * 20, 255]);
    expect(sniffPicture(png)).toBe('image/png');
    expect(png.readUInt32BE(16)).toBe(3); // IHDR width
    expect(png.readUInt32BE(20)).toBe(2); // IHDR height
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    // Row 1: filter byte, then (0,20,255) (10,20,255) (20,20,255).
    expect([...raw.subarray(10, 20)]).toEqual([0, 0, 20, 255, 10, 20, 255, 20, 20, 255]);
  });
});

describe('seedDemoPictures', () => {
  it('stores the three titled banners in order', async () => {
    await ctx.db.transaction((tx) => seedDemoPictures(tx, dataDir));
    const rows = await ctx.db.select().from(pictures).orderBy(pictures.sortNo);
    expect(rows.map((r) => r.title)).toEqual(DEMO_PICTURES.map((p) => p.title));
    expect(rows.map((r) => r.title)).toEqual(['公共数据开放', '数据赋能城市治理', '开放统计']);
    const storage = createStorage(dataDir);
    for (const row of rows) {
      const bytes = readFileSync(storage.resolve(row.storageKey));
      expect(row.mimeType).toBe('image/png');
      expect(sniffPicture(bytes)).toBe('image/png');
      expect(bytes.length).toBe(row.size);
      expect(bytes.readUInt32BE(16)).toBe(1600);
    }
  });
});
