import { randomUUID } from 'node:crypto';
import { access, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Storage } from '../../../platform/storage/storage.js';

/** Larger pictures are refused by the decoder (a 5 MB upload cannot honestly hold more). */
const MAX_INPUT_PIXELS = 40_000_000;

const folder = (storage: Storage) => path.join(storage.root, 'variants');
const prefixOf = (storedName: string) => storedName.replace('/', '-');

/**
 * The picture at `width` pixels wide (never wider than the original) as WebP, made on first request
 * and kept beside the originals: the slideshow's 1600-pixel pictures are four times what a phone
 * shows. Written under a temporary name and renamed, so that concurrent first requests never serve a
 * half-written file.
 */
export async function pictureVariant(storage: Storage, storedName: string, width: number): Promise<string> {
  const file = path.join(folder(storage), `${prefixOf(storedName)}.w${width}.webp`);
  try {
    await access(file);
    return file;
  } catch {
    // Not made yet.
  }
  await mkdir(folder(storage), { recursive: true });
  const part = `${file}.${randomUUID()}.part`;
  try {
    await sharp(storage.resolve(storedName), { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toFile(part);
    await rename(part, file);
  } finally {
    await rm(part, { force: true });
  }
  return file;
}

/** Removes the sized copies of a picture (when the picture goes). */
export async function removePictureVariants(storage: Storage, storedName: string) {
  const prefix = `${prefixOf(storedName)}.`;
  const names = await readdir(folder(storage)).catch(() => [] as string[]);
  await Promise.all(
    names.filter((n) => n.startsWith(prefix)).map((n) => rm(path.join(folder(storage), n), { force: true })),
  );
}
