import type { CatalogueAction, LifecycleResult } from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest } from '../../../platform/http/errors.js';
import { type ActionPick, applyTransitions } from '../../../platform/workflow/apply.js';
import { dictLabels } from '../labels.js';
import { catalogueSubject, type EntryRecord } from './subject.js';

/** A fixed action, or one chosen from the entry's state inside its transaction. */
export type EntryPick = ActionPick<CatalogueAction, EntryRecord>;

export type TransitionOptions = { comment?: string | null; reason?: string | null };

/**
 * Applies a catalogue transition to each id through the workflow kernel and answers per id. A
 * 下架原因 is checked against its dictionary once for the whole call.
 */
export async function transitionMany(
  db: Db,
  actor: Actor,
  ids: string[],
  pick: EntryPick,
  opts: TransitionOptions = {},
): Promise<LifecycleResult> {
  let reasonLabel: string | null = null;
  if (opts.reason) {
    reasonLabel = (await dictLabels(db, 'early_warning_information'))[opts.reason] ?? null;
    if (!reasonLabel) throw badRequest('请选择正确的下架原因', { field: 'reason' });
  }
  return applyTransitions(db, actor, catalogueSubject, ids, pick, {
    comment: opts.comment,
    extra: { reason: opts.reason ?? null, reasonLabel },
  });
}
