import { buildApp } from './app.js';
import { ensureDataDir, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedIfEmpty } from './db/seed/index.js';
import { upgradeReference } from './db/seed/upgrade.js';
import { modules } from './modules/index.js';
import { indexUnindexed } from './platform/search/indexer.js';

const started = Date.now();
const config = loadConfig();
ensureDataDir(config);
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const seeded = await seedIfEmpty(database.db, config);
const upgraded = seeded ? [] : await upgradeReference(database.db);
// Records from before a search subject's vector column existed become findable.
await indexUnindexed(database.db, [...modules.searchSubjects.values()]);
const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
const lines = [
  '',
  `滨江市公共数据开放平台已启动 (${((Date.now() - started) / 1000).toFixed(1)} 秒, 数据库: ${database.kind === 'pglite' ? `PGlite ${config.dataDir}` : 'PostgreSQL'})`,
  `  门户首页:  ${url}/openPlatform/home`,
  `  后台登录:  ${url}/user/login`,
  `  接口文档:  ${url}${config.apiBase}/doc`,
];
if (seeded) lines.push('', ...seeded.map((l) => `  ${l}`));
if (upgraded.length) lines.push('', '  已补充基础数据:', ...upgraded.map((l) => `    ${l}`));
console.log(lines.join('\n'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}
