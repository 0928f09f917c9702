import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { attachments, interactionTickets, openApplies, shareApplies } from '../../db/schema/index.js';

export type AttachmentRow = typeof attachments.$inferSelect;

export async function insertAttachment(db: Executor, row: typeof attachments.$inferInsert): Promise<AttachmentRow> {
  const [created] = await db.insert(attachments).values(row).returning();
  return created;
}

export async function findAttachment(db: Executor, id: string): Promise<AttachmentRow | null> {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id)).limit(1);
  return row ?? null;
}

/** Of the given ids, those the user uploaded for the purpose. */
export async function ownUploads(db: Executor, userId: string, ids: string[], purpose: string): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(inArray(attachments.id, ids), eq(attachments.uploadedBy, userId), eq(attachments.purpose, purpose)));
  return new Set(rows.map((r) => r.id));
}

/** The open applications that name the attachment: their provider department. */
export async function openAppliesNaming(db: Executor, id: string) {
  return db
    .select({ providerOrgCode: openApplies.providerOrgCode, applicantId: openApplies.applicantId })
    .from(openApplies)
    .where(or(eq(openApplies.applicationFileId, id), eq(openApplies.pledgeFileId, id)));
}

/** The share applications that name the attachment: both departments. */
export async function shareAppliesNaming(db: Executor, id: string) {
  return db
    .select({ applyOrgCode: shareApplies.applyOrgCode, sourceOrgCode: shareApplies.sourceOrgCode })
    .from(shareApplies)
    .where(eq(shareApplies.applyFileId, id));
}

/** The tickets of the interaction desk that name the attachment, as evidence or in their reply. */
export async function ticketsNaming(db: Executor, id: string) {
  const t = interactionTickets;
  const one = JSON.stringify([id]);
  const inReply = sql<boolean>`${t.replyAttachmentIds} @> ${one}::jsonb`;
  return db
    .select({
      submitterId: t.submitterId,
      orgCode: t.orgCode,
      replyOrgCode: t.replyOrgCode,
      inReply,
      // A reply file of a replied item its submitter keeps public is public like the reply.
      isPublic: sql<boolean>`(${t.isPublic} and ${t.status} in (2, 3) and ${t.reply} is not null)`,
    })
    .from(t)
    .where(sql`(${t.attachmentIds} @> ${one}::jsonb or ${inReply})`);
}
