import { BIG_SCREEN_PATH, type BigScreenSnapshot } from '@odp/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { ok } from '../../platform/http/envelope.js';
import { readSnapshot, refreshSnapshot } from './snapshot.js';

const tags = ['大屏'];

/**
 * The snapshot of an installation that never had one: computed once, however many viewers ask at
 * the same time, and kept; the job keeps it current from then on.
 */
function firstSnapshot(db: Db) {
  let pending: Promise<BigScreenSnapshot> | null = null;
  return () => {
    pending ??= refreshSnapshot(db).finally(() => {
      pending = null;
    });
    return pending;
  };
}

export async function bigScreenRoutes(fastify: FastifyInstance) {
  const { db } = fastify.deps.database;
  const first = firstSnapshot(db);

  // At start, so that the first viewer of a fresh installation does not wait for it.
  fastify.addHook('onReady', async () => {
    try {
      if (!(await readSnapshot(db))) await first();
    } catch (err) {
      fastify.log.warn({ err }, '大屏统计快照初始化失败，将在首次访问时重试');
    }
  });

  fastify.get(
    BIG_SCREEN_PATH,
    { config: { access: 'public' }, schema: { tags, summary: '大屏、图表示例与生产管理的全部统计（定时刷新的快照）' } },
    async () => ok((await readSnapshot(db)) ?? (await first())),
  );
}
