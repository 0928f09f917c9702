import type { Config } from '../config.js';
import type { JobContext } from '../platform/jobs/handler.js';
import { createStorage, type Storage } from '../platform/storage/storage.js';
import type { TestContext } from './harness.js';

/** What a job handler gets when a test runs it directly: the test app's database and settings. */
export function jobContextOf(
  ctx: TestContext,
  opts: { now?: Date; storage?: Storage; config?: Partial<Config> } = {},
): JobContext {
  return {
    db: ctx.db,
    storage: opts.storage ?? createStorage('/tmp/odp-test-unused'),
    config: { ...ctx.app.deps.config, ...opts.config },
    now: opts.now ?? new Date(),
    signal: new AbortController().signal,
  };
}
