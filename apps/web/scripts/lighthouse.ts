/**
 * Lighthouse mobile (its default: a mid-range phone on slow 4G, simulated throttling) on the portal's
 * home, catalogue and one detail page, RUNS times each, against the real server on a freshly seeded
 * data folder; prints the median of each figure. Builds nothing: run `npm run build` first. Uses the
 * system Chromium (`CHROME_PATH`, else /usr/bin/chromium).
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../../../e2e/support/server.js';

const RUNS = Number(process.env.RUNS ?? 3);

type Figures = { performance: number; lcp: number; fcp: number; tbt: number; cls: number; js: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

type NetworkItem = { resourceType?: string; transferSize?: number };

/**
 * The audits the performance score is weighted from, and the request list: the diagnostics (unused
 * JavaScript and the like) read every script's body over the DevTools protocol, which on a loaded
 * 2-core machine times out, and they do not enter the score.
 */
const AUDITS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'speed-index',
  'total-blocking-time',
  'cumulative-layout-shift',
  'network-requests',
];

async function audit(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    onlyAudits: AUDITS,
    logLevel: 'error',
  });
  if (!result) throw new Error(`Lighthouse 未返回结果: ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse 运行出错: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const js = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    js,
  };
}

/** A run Lighthouse itself gives up on (a lost trace on a loaded machine) is run again, twice at most. */
async function auditWithRetry(url: string, port: number): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`重试 ${url}: ${(error as Error).message}`);
    }
  }
}

/** The first entry the public catalogue lists: any open entry will do for the detail page. */
async function someCatalogueId(api: string): Promise<string> {
  const res = await fetch(`${api}/api/resourceMarket/page`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageNo: 1, pageSize: 1 }),
  });
  const body = (await res.json()) as { result?: { records?: { id: string }[] } };
  const id = body.result?.records?.[0]?.id;
  if (!id) throw new Error('演示数据中没有公开的数据目录');
  return id;
}

const server = await startServer({ readyWithinMs: 300_000 });
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const id = await someCatalogueId(server.api);
  const pages = [
    { name: '首页', path: '/openPlatform/home' },
    { name: '数据目录', path: '/catalogue/datacatalogue' },
    { name: '目录详情', path: `/catalogue/datacatalogue/details?id=${encodeURIComponent(id)}` },
  ];
  const rows: string[] = [];
  for (const page of pages) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(`${server.url}${page.path}`, chrome.port));
    const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
    rows.push(
      `| ${page.name} \`${page.path.split('?')[0]}\` | ${m('performance')} | ${(m('lcp') / 1000).toFixed(1)} s | ` +
        `${(m('fcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${(m('js') / 1024).toFixed(0)} KB |`,
    );
  }
  console.log(`Lighthouse 移动端（默认节流），每页 ${RUNS} 次取中位数\n`);
  console.log('| 页面 | 性能 | LCP | FCP | TBT | CLS | 传输 JS |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  chrome.kill();
  await server.stop();
}
