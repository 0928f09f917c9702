import { rm } from 'node:fs/promises';
import {
  ATTACHMENT_PURPOSE_LABEL,
  type AttachmentItem,
  AttachmentMessages,
  type AttachmentPurpose,
} from '@odp/contracts';
import type { Db, Executor } from '../../db/client.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { cleanFileName } from '../files/service.js';
import { mayRead } from './access.js';
import { checkAttachment } from './content.js';
import { type AttachmentRow, findAttachment, insertAttachment, ownUploads } from './repository.js';

export const presentAttachment = (row: Pick<AttachmentRow, 'id' | 'fileName' | 'size'>): AttachmentItem => ({
  id: row.id,
  fileName: row.fileName,
  size: row.size,
});

/**
 * Keeps an uploaded attachment: its type is checked by content, the file moves in under a name the
 * store chooses, and the row names its uploader and purpose. A refused or failed upload leaves nothing.
 */
export async function saveAttachment(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: { purpose: AttachmentPurpose; fileName: string; tempPath: string; sha256: string },
): Promise<AttachmentItem> {
  let stored: string | null = null;
  try {
    const fileName = cleanFileName(input.fileName);
    const checked = await checkAttachment(fileName, input.tempPath);
    stored = await storage.adopt(input.tempPath, checked.ext);
    const row = await insertAttachment(db, {
      purpose: input.purpose,
      fileName,
      storedName: stored,
      mimeType: checked.mimeType,
      size: checked.size,
      sha256: input.sha256,
      uploadedBy: actor.userId,
    });
    return presentAttachment(row);
  } catch (e) {
    if (stored) await storage.remove(stored);
    throw e;
  } finally {
    await rm(input.tempPath, { force: true });
  }
}

/** The attachment if the actor may read it; anyone else gets the same 404 as for a missing one. */
export async function attachmentForReader(db: Db, actor: Actor, id: string): Promise<AttachmentRow> {
  const row = await findAttachment(db, id);
  if (!row || !(await mayRead(db, actor, row))) throw notFound(AttachmentMessages.notFound);
  return row;
}

/**
 * For an application naming files: each must be the applicant's own upload of the purpose its field
 * asks for (a guessed id, another user's file or a pledge given as the form is refused).
 */
export async function assertOwnUploads(
  db: Executor,
  userId: string,
  files: { id: string; purpose: AttachmentPurpose }[],
): Promise<void> {
  for (const f of files) {
    const own = await ownUploads(db, userId, [f.id], f.purpose);
    if (!own.has(f.id)) throw badRequest(AttachmentMessages.notOwn(ATTACHMENT_PURPOSE_LABEL[f.purpose]));
  }
}
