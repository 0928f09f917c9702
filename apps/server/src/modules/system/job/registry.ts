import type { JobHandler } from '../../../platform/jobs/handler.js';
import { installedModules } from '../../../platform/module-registry.js';

export type { JobContext, JobHandler } from '../../../platform/jobs/handler.js';

/**
 * The handlers the modules' manifests ship, by name. The job table stores only these names; nothing
 * is ever loaded by a name read from the database.
 */
export function findHandler(name: string): JobHandler | undefined {
  return installedModules().jobs.get(name);
}

export function listHandlers(): readonly JobHandler[] {
  return [...installedModules().jobs.values()];
}
