import { OPEN_APPLY_SYSTEM_PERM, OpenApplyMessages, OpenApplyStatus } from '@odp/contracts';
import type { Db } from '../../db/client.js';
import { systemActor } from '../../platform/auth/system-actor.js';
import type { CatalogueWithdrawnHook } from '../../platform/module.js';
import { applyTransitions } from '../../platform/workflow/apply.js';
import { openAppliesOfEntries } from './repository.js';
import { openApplySubject } from './subject.js';

/**
 * 类目下架 / 类目删除: the grants of a withdrawn entry end in the catalogue transition's own
 * transaction, through the kernel as the platform (history, log, the applicant told). Applications
 * still in review stay with their reviewers, who see the entry is gone.
 */
export const endWithdrawnGrants: CatalogueWithdrawnHook = async (tx, { catalogIds, reason, now }) => {
  const ids = (await openAppliesOfEntries(tx, catalogIds))
    .filter((a) => a.status === OpenApplyStatus.granted)
    .map((a) => a.id);
  if (!ids.length) return;
  // The kernel takes each record in a transaction of its own: inside this one, a savepoint.
  const db = tx as unknown as Db;
  await applyTransitions(
    db,
    systemActor([OPEN_APPLY_SYSTEM_PERM]),
    openApplySubject,
    ids,
    'withdraw',
    { comment: OpenApplyMessages.withdrawn(reason === 'deleted') },
    () => now,
  );
};
