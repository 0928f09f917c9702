import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Local disk store for attachments: one root (`<dataDir>/files`), names chosen by the server
 * (`ab/<uuid>.<ext>`), never derived from what a client sent. Temporary uploads live in
 * `<root>/.tmp` so that moving them in is a rename on the same file system.
 */
export type Storage = {
  readonly root: string;
  /** Writes bytes under a new server-chosen name with the given allowlisted extension. */
  put(bytes: Buffer, ext: StoredExt): Promise<string>;
  /** Moves a temporary file (from `tempPath`) in under a new server-chosen name. */
  adopt(tempFile: string, ext: StoredExt): Promise<string>;
  /** A fresh path for streaming an upload to disk before it is checked. */
  tempPath(): Promise<string>;
  read(storedName: string): ReadStream;
  size(storedName: string): Promise<number>;
  remove(storedName: string): Promise<void>;
  /** Absolute path of a stored name; throws for anything that is not a name this store made. */
  resolve(storedName: string): string;
};

export const STORED_EXTS = ['csv', 'xlsx', 'json', 'pdf', 'docx', 'xls', 'bin'] as const;
export type StoredExt = (typeof STORED_EXTS)[number];

const NAME =
  /^[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(csv|xlsx|json|pdf|docx|xls|bin)$/;

export function createStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'files');
  const tmp = path.join(root, '.tmp');

  const resolve = (storedName: string) => {
    if (!NAME.test(storedName)) throw new Error('not a stored file name');
    return path.join(root, storedName);
  };
  const newName = async (ext: StoredExt) => {
    const id = randomUUID();
    const name = `${id.slice(0, 2)}/${id}.${ext}`;
    await mkdir(path.join(root, id.slice(0, 2)), { recursive: true });
    return name;
  };

  return {
    root,
    resolve,
    async put(bytes, ext) {
      const name = await newName(ext);
      await writeFile(resolve(name), bytes, { flag: 'wx' });
      return name;
    },
    async adopt(tempFile, ext) {
      if (path.dirname(path.resolve(tempFile)) !== tmp) throw new Error('not a temporary upload');
      const name = await newName(ext);
      await rename(tempFile, resolve(name));
      return name;
    },
    async tempPath() {
      await mkdir(tmp, { recursive: true });
      return path.join(tmp, `${randomUUID()}.part`);
    },
    read: (storedName) => createReadStream(resolve(storedName)),
    size: async (storedName) => (await stat(resolve(storedName))).size,
    remove: (storedName) => rm(resolve(storedName), { force: true }),
  };
}
