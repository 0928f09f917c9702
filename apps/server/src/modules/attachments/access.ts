import { InteractionPerm, OpenApplyPerm, SharePerm } from '@odp/contracts';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../platform/auth/actor.js';
import { type AttachmentRow, openAppliesNaming, shareAppliesNaming, ticketsNaming } from './repository.js';

const has = (actor: Actor, codes: readonly string[]) => codes.some((c) => actor.perms.has(c));

/** Department staff of an application's side: a member of the department holding one of these. */
const OPEN_STAFF = [OpenApplyPerm.list, OpenApplyPerm.providerReview, OpenApplyPerm.revoke];
const SHARE_STAFF = [SharePerm.apply, SharePerm.list, SharePerm.sourceReview];

/**
 * Who may read an attachment — the one place this is decided: its uploader, and whoever may read an
 * application that names it. An open application is read by its provider department and the
 * bureau's reviewers (its applicant uploaded the file); a share application by both departments and
 * the reviewers; a ticket of the interaction desk by its submitter, its department's handlers and the
 * bureau, and a reply's file of a public replied item by anyone signed in. Anyone else is answered as if
 * it did not exist.
 */
export async function mayRead(db: Executor, actor: Actor, attachment: AttachmentRow): Promise<boolean> {
  if (attachment.uploadedBy === actor.userId) return true;
  for (const a of await openAppliesNaming(db, attachment.id)) {
    if (a.applicantId === actor.userId) return true;
    if (actor.perms.has(OpenApplyPerm.bureauReview)) return true;
    if (actor.orgCode === a.providerOrgCode && has(actor, OPEN_STAFF)) return true;
  }
  for (const s of await shareAppliesNaming(db, attachment.id)) {
    if (actor.perms.has(SharePerm.bureauReview)) return true;
    const own = actor.orgCode !== null && (actor.orgCode === s.applyOrgCode || actor.orgCode === s.sourceOrgCode);
    if (own && has(actor, SHARE_STAFF)) return true;
  }
  for (const k of await ticketsNaming(db, attachment.id)) {
    if (k.submitterId === actor.userId || actor.perms.has(InteractionPerm.assign)) return true;
    if (k.inReply && k.isPublic) return true;
    const own = actor.orgCode !== null && (actor.orgCode === k.orgCode || actor.orgCode === k.replyOrgCode);
    if (own && actor.perms.has(InteractionPerm.handle)) return true;
  }
  return false;
}
