import { OPEN_APPLY_RULE_DICT, WORKFLOW_DUE_DICT } from '@odp/contracts';
import type { Executor } from '../../db/client.js';
import { syncDictionaryItems } from '../../db/seed/dictionary-sync.js';

/**
 * The open applications' rule and review deadlines, for a database seeded before them: additive, as
 * `workflow_due_days` is shared with the share applications' items (whichever step runs first adds
 * the dictionary), and values an administrator changed are kept.
 */
export async function seedOpenApplyDictionaries(db: Executor) {
  await syncDictionaryItems(db, [OPEN_APPLY_RULE_DICT, WORKFLOW_DUE_DICT]);
}
