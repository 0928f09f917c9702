import { open, readFile, stat } from 'node:fs/promises';
import { AttachmentMessages, type AttachmentType } from '@odp/contracts';
import sharp from 'sharp';
import { AppError, badRequest } from '../../platform/http/errors.js';
import type { StoredExt } from '../../platform/storage/storage.js';
import { checkFile } from '../files/formats.js';

export type CheckedAttachment = { type: AttachmentType; mimeType: string; ext: StoredExt; size: number };

/** Extensions a name may carry, by the type they claim. */
const BY_EXT: Record<string, AttachmentType> = {
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
};

const MIME: Record<AttachmentType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The store keeps PDF and DOCX under their own extension; the others are opaque bytes with a recorded type. */
const STORED: Record<AttachmentType, StoredExt> = { pdf: 'pdf', docx: 'docx', doc: 'bin', jpg: 'bin', png: 'bin' };

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A Word 97–2003 document is a compound file with a stream of this name (stored UTF-16LE in its directory). */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

async function head(path: string, n: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** An image whose header the decoder reads as the claimed format (a PNG renamed .jpg is refused). */
async function isImage(path: string, format: 'jpeg' | 'png'): Promise<boolean> {
  try {
    const meta = await sharp(path, { failOn: 'error' }).metadata();
    return meta.format === format && Boolean(meta.width) && Boolean(meta.height);
  } catch {
    return false;
  }
}

async function matches(type: AttachmentType, path: string): Promise<boolean> {
  const start = await head(path, 16);
  switch (type) {
    case 'pdf':
    case 'docx':
      // The catalogue's uploads check these two by structure already (PDF objects and xref, the OOXML main part).
      try {
        await checkFile(`attachment.${type}`, { path });
        return true;
      } catch (e) {
        if (e instanceof AppError) return false;
        throw e;
      }
    case 'doc':
      // At most 10 MB: the directory may sit anywhere in the compound file, so the whole file is searched.
      return start.subarray(0, 8).equals(OLE) && (await readFile(path)).includes(WORD_STREAM);
    case 'jpg':
      return start.subarray(0, 3).equals(JPEG) && (await isImage(path, 'jpeg'));
    case 'png':
      return start.subarray(0, 8).equals(PNG) && (await isImage(path, 'png'));
  }
}

/**
 * The type of an uploaded attachment, by its name's extension and then by its bytes: the extension
 * must be one of PDF, DOC, DOCX, JPG, PNG and the content must really be that format.
 */
export async function checkAttachment(fileName: string, path: string): Promise<CheckedAttachment> {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const type = ext ? BY_EXT[ext] : undefined;
  if (!type) throw badRequest(AttachmentMessages.type);
  const { size } = await stat(path);
  if (size === 0) throw badRequest(AttachmentMessages.empty);
  if (!(await matches(type, path))) throw badRequest(AttachmentMessages.content);
  return { type, mimeType: MIME[type], ext: STORED[type], size };
}
