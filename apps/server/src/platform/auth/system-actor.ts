import type { Actor } from './actor.js';

/** The user id the platform's own changes are recorded under: no account has it, so none can act as it. */
export const SYSTEM_USER_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The platform acting on its own (a job, or a consequence of another change such as a grant ending
 * when its entry is withdrawn): it holds only the permissions it is given, belongs to no department,
 * and history, operation log and messages name it 系统.
 */
export function systemActor(perms: readonly string[]): Actor {
  return {
    userId: SYSTEM_USER_ID,
    username: 'system',
    realname: '系统',
    orgCode: null,
    sessionId: 'system',
    tenantId: 0,
    perms: new Set(perms),
    roleCodes: [],
    ip: '127.0.0.1',
  };
}
