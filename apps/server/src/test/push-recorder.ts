import type { PushAudience } from '../platform/push/publish.js';

type Publish = typeof import('../platform/push/publish.js');

/** The audience of every push since the test last emptied it, in order. */
export const pushes: PushAudience[] = [];

/**
 * The publish module with each push recorded before it is still sent, for
 * `vi.mock('…/platform/push/publish.js', recordPushes)`: a test checks both the audience and that the
 * real sending path (after commit) still runs.
 */
export async function recordPushes(importActual: () => Promise<Publish>): Promise<Publish> {
  const actual = await importActual();
  return {
    ...actual,
    publishNotice: async (...args: Parameters<Publish['publishNotice']>) => {
      pushes.push(args[1]);
      return actual.publishNotice(...args);
    },
  };
}
