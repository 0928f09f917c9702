import type { Db } from '../../db/client.js';
import type { Actor } from '../auth/actor.js';

/**
 * 快捷回复 in the message centre: a module whose messages are about a record that waits for the reader's
 * written answer (a ticket's reply) declares how to answer it from the message itself (manifest
 * `quickReplies`). The message centre knows no module: it asks the provider of a message's type.
 */
export type QuickReplyProvider = {
  /** The business message types (`biz_message.message_type`) whose `busId` may name such a record. */
  messageTypes: readonly string[];
  /** Whether `actor` may answer the record `busId` now (in their scope, in a state that takes a reply). */
  accepts(db: Db, actor: Actor, busId: string): Promise<boolean>;
  /** Answers with plain text, through the record's own service (its machine, log and notifications). */
  reply(db: Db, actor: Actor, busId: string, text: string): Promise<void>;
};
