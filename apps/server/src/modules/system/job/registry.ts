import type { JobHandler } from '../../../platform/jobs/handler.js';
import { markOverdueCatalogues } from '../../catalogue/timeliness/mark-overdue.js';
import { cleanTemporaryUploads } from './handlers/clean-temporary-uploads.js';
import { purgeExpiredCaptchas } from './handlers/purge-expired-captchas.js';
import { purgeExpiredSessions } from './handlers/purge-expired-sessions.js';
import { purgeOldLogs } from './handlers/purge-old-logs.js';

export type { JobContext, JobHandler } from '../../../platform/jobs/handler.js';

/**
 * Every handler this server ships, by name. The job table stores only these names; nothing is ever
 * loaded by a name read from the database.
 */
const HANDLERS: readonly JobHandler[] = [
  purgeOldLogs,
  purgeExpiredSessions,
  purgeExpiredCaptchas,
  cleanTemporaryUploads,
  markOverdueCatalogues,
];

const byName = new Map(HANDLERS.map((h) => [h.name, h]));

export function findHandler(name: string): JobHandler | undefined {
  // A Map, not an object literal: a stored name such as `constructor` finds nothing.
  return byName.get(name);
}

export function listHandlers(): readonly JobHandler[] {
  return HANDLERS;
}
