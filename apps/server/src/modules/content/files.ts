import { rm } from 'node:fs/promises';
import { type ContentFile, ContentMessages, type ContentUploadPurpose, contentFileUrl } from '@odp/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { checkAttachment } from '../attachments/content.js';
import { cleanFileName } from '../files/service.js';
import { insertFile } from './repository.js';

/** Which checked types each purpose takes (the attachments' content checks: PDF, DOC, DOCX, JPG, PNG). */
const ALLOWED: Record<ContentUploadPurpose, { types: readonly string[]; message: string }> = {
  image: { types: ['jpg', 'png'], message: ContentMessages.imageType },
  document: { types: ['pdf', 'doc', 'docx'], message: ContentMessages.documentType },
  attachment: { types: ['pdf', 'doc', 'docx', 'jpg', 'png'], message: '附件仅支持 PDF、DOC、DOCX、JPG、PNG 格式' },
};

/**
 * Keeps an uploaded content file: checked by content (the extension must match the bytes), moved in
 * under a name the store chooses, recorded with its uploader and purpose and no item until a save
 * names it. A refused upload leaves nothing.
 */
export async function saveContentFile(
  db: Db,
  storage: Storage,
  actor: Actor,
  apiBase: string,
  input: { purpose: ContentUploadPurpose; fileName: string; tempPath: string },
): Promise<ContentFile> {
  let stored: string | null = null;
  try {
    const fileName = cleanFileName(input.fileName);
    const allowed = ALLOWED[input.purpose];
    const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
    if (!allowed.types.includes(ext === 'jpeg' ? 'jpg' : ext)) throw badRequest(allowed.message);
    const checked = await checkAttachment(fileName, input.tempPath);
    stored = await storage.adopt(input.tempPath, checked.ext);
    const row = await insertFile(db, {
      purpose: input.purpose,
      fileName,
      storedName: stored,
      mimeType: checked.mimeType,
      size: checked.size,
      uploadedBy: actor.userId,
    });
    return { id: row.id, fileName, size: row.size, mimeType: row.mimeType, url: contentFileUrl(apiBase, row.id) };
  } catch (e) {
    if (stored) await storage.remove(stored);
    throw e;
  } finally {
    await rm(input.tempPath, { force: true });
  }
}

const MIME_OF: Record<ContentUploadPurpose, { mime: string; ext: 'pdf' | 'bin' }> = {
  image: { mime: 'image/png', ext: 'bin' },
  document: { mime: 'application/pdf', ext: 'pdf' },
  attachment: { mime: 'application/pdf', ext: 'pdf' },
};

/** For the demo seed: keeps bytes the platform made itself (a PNG picture or a PDF) as a content file. */
export async function storeContentFile(
  db: Db,
  storage: Storage,
  actor: Actor,
  apiBase: string,
  input: { purpose: ContentUploadPurpose; fileName: string; bytes: Buffer },
): Promise<ContentFile> {
  const kind = MIME_OF[input.purpose];
  const stored = await storage.put(input.bytes, kind.ext);
  const row = await insertFile(db, {
    purpose: input.purpose,
    fileName: input.fileName,
    storedName: stored,
    mimeType: kind.mime,
    size: input.bytes.length,
    uploadedBy: actor.userId,
  });
  return {
    id: row.id,
    fileName: row.fileName,
    size: row.size,
    mimeType: row.mimeType,
    url: contentFileUrl(apiBase, row.id),
  };
}
