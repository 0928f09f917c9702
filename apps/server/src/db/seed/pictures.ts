import { deflateSync } from 'node:zlib';
import { createStorage } from '../../platform/storage/storage.js';
import type { Executor } from '../client.js';
import { pictures } from '../schema/index.js';

export type Rgb = [number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A minimal PNG encoder (8-bit RGB, no filtering), enough for generated demo banners without a dependency. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];
const clamp01 = (t: number) => Math.min(1, Math.max(0, t));

/** A shape's coverage of a pixel (0–1), with a one-pixel soft edge so curves are not jagged. */
type Shape = {
  cover: (x: number, y: number) => number;
  color: Rgb;
  alpha: number;
  /** Bounding box [x0, y0, x1, y1]: pixels outside it are skipped without evaluating `cover`. */
  box: [number, number, number, number];
};

const circle = (cx: number, cy: number, r: number, color: Rgb, alpha: number): Shape => ({
  cover: (x, y) => clamp01(r - Math.hypot(x - cx, y - cy) + 0.5),
  color,
  alpha,
  box: [cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1],
});
const ring = (cx: number, cy: number, r: number, width: number, color: Rgb, alpha: number): Shape => ({
  cover: (x, y) => clamp01(width / 2 - Math.abs(Math.hypot(x - cx, y - cy) - r) + 0.5),
  color,
  alpha,
  box: [cx - r - width, cy - r - width, cx + r + width, cy + r + width],
});
const rect = (x0: number, y0: number, x1: number, y1: number, color: Rgb, alpha: number): Shape => ({
  cover: () => 1,
  color,
  alpha,
  box: [x0, y0, x1 - 1, y1 - 1],
});
/** A polyline of the given width through the points (a chart line). */
const polyline = (points: [number, number][], width: number, color: Rgb, alpha: number): Shape => ({
  cover: (x, y) => {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 1; i < points.length; i++) {
      const [ax, ay] = points[i - 1];
      const [bx, by] = points[i];
      const t = clamp01(((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2));
      best = Math.min(best, Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))));
    }
    return clamp01(width / 2 - best + 0.5);
  },
  color,
  alpha,
  box: [
    Math.min(...points.map((p) => p[0])) - width,
    Math.min(...points.map((p) => p[1])) - width,
    Math.max(...points.map((p) => p[0])) + width,
    Math.max(...points.map((p) => p[1])) + width,
  ],
});

const WIDTH = 1600;
const HEIGHT = 480;
const WHITE: Rgb = [255, 255, 255];

/** A diagonal gradient with the shapes laid over it, plus a faint dot grid on the right half. */
function banner(from: Rgb, to: Rgb, shapes: Shape[]): Buffer {
  return encodePng(WIDTH, HEIGHT, (x, y) => {
    let c = mix(from, to, clamp01((x / WIDTH) * 0.7 + (y / HEIGHT) * 0.3));
    if (x > WIDTH * 0.5 && x % 32 === 0 && y % 32 === 0) c = mix(c, WHITE, 0.35);
    for (const s of shapes) {
      if (x < s.box[0] || x > s.box[2] || y < s.box[1] || y > s.box[3]) continue;
      const k = s.cover(x, y) * s.alpha;
      if (k > 0) c = mix(c, s.color, k);
    }
    return c;
  });
}

function openDataBanner(): Buffer {
  return banner(
    [22, 93, 255],
    [8, 33, 110],
    [
      circle(1250, 240, 170, WHITE, 0.1),
      ring(1250, 240, 220, 3, WHITE, 0.35),
      ring(1250, 240, 120, 2, WHITE, 0.3),
      circle(1250, 240, 40, [120, 200, 255], 0.9),
      circle(1080, 120, 14, [120, 200, 255], 0.9),
      circle(1420, 110, 10, WHITE, 0.8),
      circle(1440, 380, 16, [120, 200, 255], 0.8),
      circle(1070, 370, 9, WHITE, 0.8),
      polyline(
        [
          [1080, 120],
          [1250, 240],
          [1420, 110],
        ],
        2,
        WHITE,
        0.5,
      ),
      polyline(
        [
          [1070, 370],
          [1250, 240],
          [1440, 380],
        ],
        2,
        WHITE,
        0.5,
      ),
      circle(-60, 520, 260, WHITE, 0.06),
    ],
  );
}

function cityBanner(): Buffer {
  const buildings: Shape[] = [];
  const heights = [140, 220, 180, 300, 250, 160, 330, 210, 270, 190, 150, 240];
  heights.forEach((h, i) => {
    const x0 = 880 + i * 58;
    buildings.push(rect(x0, HEIGHT - h, x0 + 46, HEIGHT, WHITE, 0.14 + (i % 3) * 0.05));
    // All windows of a building are one shape: lit ones full, the others faint.
    const top = HEIGHT - h + 18;
    buildings.push({
      cover: (x, y) => {
        const dx = x - x0;
        const row = Math.floor((y - top) / 28);
        if ((y - top) % 28 >= 10 || y > HEIGHT - 20) return 0;
        const col = dx >= 10 && dx < 18 ? 0 : dx >= 28 && dx < 36 ? 1 : -1;
        if (col < 0) return 0;
        return (i + row * 3 + col) % 3 === 0 ? 1 : 0.3;
      },
      color: [255, 230, 140],
      alpha: 0.8,
      box: [x0, top, x0 + 46, HEIGHT],
    });
  });
  return banner(
    [0, 150, 136],
    [4, 60, 92],
    [circle(1380, 110, 60, [255, 236, 170], 0.85), ring(1380, 110, 90, 2, WHITE, 0.3), ...buildings],
  );
}

function statsBanner(): Buffer {
  const bars = [120, 180, 150, 240, 210, 290, 330];
  const shapes: Shape[] = bars.map((h, i) =>
    rect(
      960 + i * 80,
      420 - h,
      960 + i * 80 + 48,
      420,
      i === bars.length - 1 ? [255, 200, 87] : WHITE,
      i === bars.length - 1 ? 0.85 : 0.3 + i * 0.05,
    ),
  );
  const points = bars.map((h, i): [number, number] => [984 + i * 80, 420 - h - 30]);
  return banner(
    [88, 64, 214],
    [28, 24, 96],
    [
      rect(930, 420, 1530, 423, WHITE, 0.6),
      ...shapes,
      polyline(points, 4, [255, 200, 87], 0.95),
      ...points.map(([x, y]) => circle(x, y, 8, [255, 200, 87], 1)),
      circle(140, -40, 220, WHITE, 0.05),
    ],
  );
}

/** The demo slideshow of the portal home: titles as the carousel shows them, images drawn here. */
export const DEMO_PICTURES: { title: string; linkUrl: string | null; draw: () => Buffer }[] = [
  { title: '公共数据开放', linkUrl: '/catalogue/datacatalogue', draw: openDataBanner },
  { title: '数据赋能城市治理', linkUrl: null, draw: cityBanner },
  { title: '开放统计', linkUrl: '/openStatistics/openTable', draw: statsBanner },
];

/** Writes the demo banners to storage and the slideshow table (demo installations only). */
export async function seedDemoPictures(db: Executor, dataDir: string) {
  const storage = createStorage(dataDir);
  for (const [index, picture] of DEMO_PICTURES.entries()) {
    const bytes = picture.draw();
    const storageKey = await storage.put(bytes, 'bin');
    await db.insert(pictures).values({
      title: picture.title,
      linkUrl: picture.linkUrl,
      storageKey,
      mimeType: 'image/png',
      size: bytes.length,
      sortNo: index + 1,
      createdBy: 'admin',
    });
  }
}
