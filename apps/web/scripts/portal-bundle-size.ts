/**
 * Size of the JavaScript the portal loads on a first visit. The home: the entry of
 * dist/index.html and every chunk it imports statically (lazy chunks are excluded). Every other public
 * page: the same, plus its lazily imported page chunk and that chunk's static imports (what a visitor
 * who opens the page's address directly downloads before the page shows). Run after `npm run build`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
const assets = readdirSync(path.join(dist, 'assets'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const read = (file: string) => readFileSync(path.join(dist, file), 'utf8');

/** The files `start` pulls in through static imports, `start` included. */
function staticClosure(start: string[]): Set<string> {
  const queue = [...start];
  const seen = new Set<string>();
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of read(file).matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      queue.push(`assets/${m[1]}`);
    }
  }
  return seen;
}

/**
 * The chunk of a lazily imported page, by its module's file name; when several modules share the name
 * (an admin page and a portal page, say), the one containing `marker`, a text only that page shows;
 * when the page went into the public pages' shared chunk (vite.config.ts), that chunk.
 */
function pageChunk(name: string, marker: string): string {
  const candidates = assets.filter((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
  const shared = assets.filter((f) => f.startsWith('portal-') && f.endsWith('.js'));
  const chunk =
    candidates.length === 1
      ? candidates[0]
      : [...candidates, ...shared].find((f) => read(`assets/${f}`).includes(marker));
  if (!chunk) throw new Error(`找不到页面 ${name} 的代码块`);
  return `assets/${chunk}`;
}

function measure(files: Set<string>) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const full = path.join(dist, file);
    const bytes = readFileSync(full);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += existsSync(`${full}.br`) ? readFileSync(`${full}.br`).length : brotliCompressSync(bytes).length;
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return `${files.size} 个文件, ${kb(raw)}, gzip ${kb(gzip)}, brotli ${kb(brotli)}`;
}

const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const home = staticClosure(entry);
console.log(`门户首页首次加载 JS: ${measure(home)}`);

const PAGES = [
  { title: '开放数据目录页', name: 'CataloguePage', marker: '综合排序' },
  { title: '数据目录详情页', name: 'DetailPage', marker: '数据预览' },
  { title: '全站搜索页', name: 'SearchPage', marker: '全站开放数据' },
  { title: '开放统计页', name: 'OpenStatsPage', marker: '按重点领域统计' },
];
for (const { title, name, marker } of PAGES) {
  const files = new Set([...home, ...staticClosure([pageChunk(name, marker)])]);
  console.log(`${title}首次加载 JS: ${measure(files)}`);
}
const charts = staticClosure([pageChunk('StatsCharts', 'echarts')]);
const shared = [...charts].filter((f) => !home.has(f));
console.log(`开放统计图表（ECharts，表格之后按需加载）: ${measure(new Set(shared))}`);
