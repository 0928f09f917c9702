import { allowedActions, INTERACTION_MACHINES, type InteractionKind } from '@odp/contracts';
import type { QuickReplyProvider } from '../../platform/messaging/quick-reply.js';
import { escapeHtml } from '../../platform/sanitize/html.js';
import { DEADLINE_MESSAGE_TYPES } from '../../platform/workflow/deadlines.js';
import { interactionService } from './service.js';

const service = interactionService();

/** Plain text as the reply's rich text: each line a paragraph, nothing interpreted. */
const asParagraphs = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

/**
 * 快捷回复 of a ticket from its reply reminder (答复即将到期 / 已逾期): the officer answers in the message
 * centre, through the desk's own 回复 (machine, signature, the submitter's notification).
 */
export const ticketQuickReply: QuickReplyProvider = {
  messageTypes: [DEADLINE_MESSAGE_TYPES.due, DEADLINE_MESSAGE_TYPES.overdue],
  async accepts(db, actor, busId) {
    const row = await service.visible(db, actor, busId).catch(() => null);
    if (!row || row.submitterId === actor.userId) return false;
    const machine = INTERACTION_MACHINES[row.kind as InteractionKind];
    return Boolean(machine) && allowedActions(machine, { status: row.status }, actor.perms).includes('reply');
  },
  async reply(db, actor, busId, text) {
    await service.reply(db, actor, { id: busId, reply: asParagraphs(text), attachmentIds: [] });
  },
};
