import type { Executor } from '../client.js';
import { ssoIdentities } from '../schema/index.js';

/** The city's unified identity system as the demo's external identities name it. */
export const DEMO_IDM_ISSUER = 'https://idm.binjiang.gov.cn';

/**
 * IDM用户 in the demo: a civil servant of the city's unified identity system who signed on once and
 * waits for an administrator's 授权 (a role and a department) before the account can be used.
 */
export async function seedDemoIdentities(db: Executor): Promise<void> {
  const firstSeen = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  await db
    .insert(ssoIdentities)
    .values({
      issuer: DEMO_IDM_ISSUER,
      subject: 'BJ-ZW-20260117',
      claimedName: 'liugongwu',
      displayName: '刘公务',
      email: 'liugongwu@binjiang.gov.cn',
      phone: '13957100117',
      status: 0,
      firstSeenAt: firstSeen,
      lastSeenAt: firstSeen,
    })
    .onConflictDoNothing();
}
