import { MAX_PICTURE_BYTES, PictureMessages, type PictureRecord, type PictureUploadFields } from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import type { Storage } from '../../../platform/storage/storage.js';
import {
  deletePictureRow,
  findPicture,
  insertPicture,
  listPictureRows,
  lockPictureIds,
  nextSortNo,
  type PictureRow,
  setSortNo,
} from './repository.js';
import { sniffPicture } from './sniff.js';
import { removePictureVariants } from './variants.js';

/**
 * Stores a checked picture and appends it to the slideshow. The bytes are written first (under a
 * server-chosen `.bin` name; the type lives in the row) and removed again if the row is not.
 */
export async function addPicture(
  db: Db,
  storage: Storage,
  actor: Actor,
  fields: PictureUploadFields,
  bytes: Buffer,
): Promise<PictureRow> {
  if (bytes.length > MAX_PICTURE_BYTES) throw badRequest(PictureMessages.tooLarge);
  const mimeType = sniffPicture(bytes);
  if (!mimeType) throw badRequest(PictureMessages.typeNotAllowed);
  const storageKey = await storage.put(bytes, 'bin');
  try {
    return await db.transaction(async (tx) => {
      const row = await insertPicture(tx, {
        title: fields.title,
        linkUrl: fields.linkUrl,
        storageKey,
        mimeType,
        size: bytes.length,
        sortNo: await nextSortNo(tx),
        createdBy: actor.username,
      });
      await logOperation(tx, actor, { content: `上传轮播图：${row.title}`, operateType: 'add', target: row.id });
      return row;
    });
  } catch (e) {
    await storage.remove(storageKey);
    throw e;
  }
}

/** Deletes the row (logged) and then its file; a file left by a crash in between is only unused bytes. */
export async function deletePicture(db: Db, storage: Storage, actor: Actor, id: string): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const found = await findPicture(tx, id);
    if (!found) throw notFound(PictureMessages.notFound);
    await deletePictureRow(tx, id);
    await logOperation(tx, actor, { content: `删除轮播图：${found.title}`, operateType: 'delete', target: id });
    return found;
  });
  await storage.remove(row.storageKey);
  await removePictureVariants(storage, row.storageKey);
}

/**
 * Writes a new slideshow order. The ids must be exactly the pictures there are, each once, so that
 * a page showing a stale list cannot drop or duplicate a picture; the rows are locked while checked.
 */
export async function reorderPictures(db: Db, actor: Actor, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const known = new Set(await lockPictureIds(tx));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== known.size || ids.some((id) => !known.has(id))) {
      throw badRequest(PictureMessages.orderMismatch);
    }
    for (const [index, id] of ids.entries()) await setSortNo(tx, id, index + 1);
    await logOperation(tx, actor, { content: `调整轮播图顺序（共 ${ids.length} 张）`, operateType: 'edit' });
  });
}

export async function listPictures(db: Db, present: (row: PictureRow) => PictureRecord): Promise<PictureRecord[]> {
  return (await listPictureRows(db)).map(present);
}
