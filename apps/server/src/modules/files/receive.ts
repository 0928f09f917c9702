import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { FileMessages } from './formats.js';

export type ReceivedUpload = { tempPath: string; sha256: string; fileName: string; signal: AbortSignal };

/**
 * Streams a multipart request's one file to a temporary file, hashing it on the way; a file over the
 * size limit is a 413 and leaves nothing. The signal aborts when the client goes away, so that the
 * parsing and writing of its file stop. The caller removes `tempPath` when done.
 */
export async function receiveUpload(
  req: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
): Promise<ReceivedUpload> {
  const gone = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
  const part = await req.file();
  if (!part) throw badRequest('请选择要上传的文件');
  const tempPath = await storage.tempPath();
  const hash = createHash('sha256');
  try {
    await pipeline(
      part.file,
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(tempPath),
    );
  } catch (e) {
    await rm(tempPath, { force: true });
    if (part.file.truncated || (e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, FileMessages.tooLarge);
    }
    throw e;
  }
  if (part.file.truncated) {
    await rm(tempPath, { force: true });
    throw new AppError(413, FileMessages.tooLarge);
  }
  return { tempPath, sha256: hash.digest('hex'), fileName: part.filename, signal: gone.signal };
}
