import type { CatalogueAction } from '@odp/contracts';
import type { Executor } from '../../../db/client.js';
import { sendBusinessMessage } from '../../news/service.js';

/** Catalogue review decisions (审核) versus shelf decisions (上架/下架), as message families. */
const SHELF_ACTIONS: readonly CatalogueAction[] = [
  'upShelfApprove',
  'upShelfReject',
  'offShelfApprove',
  'offShelfReject',
];

/** Where the submitter handles the entry after a decision. */
const CATALOGUE_PAGE = '/cataloguemanage/list';

/**
 * Tells one user about a decision on their entry: a business message (/api/news) of type
 * `catalogue_review` or `catalogue_shelf`, with the entry as `busId`, written in the caller's transaction.
 */
export async function notifyUser(
  db: Executor,
  message: {
    userId: string;
    action: CatalogueAction;
    title: string;
    content: string | null;
    catalogId: string;
    sender: string;
  },
) {
  await sendBusinessMessage(db, {
    userIds: [message.userId],
    messageType: SHELF_ACTIONS.includes(message.action) ? 'catalogue_shelf' : 'catalogue_review',
    title: message.title,
    text: message.content,
    busId: message.catalogId,
    openPage: CATALOGUE_PAGE,
    sender: message.sender,
  });
}
