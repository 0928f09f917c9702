import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { badRequest } from '../../platform/http/errors.js';
import type { FileSource } from './formats.js';
import { type FileLimits, LimitMessages } from './limits.js';

/** One entry of a zip's central directory. */
export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

async function readAt(source: FileSource, position: number, length: number): Promise<Buffer> {
  if ('bytes' in source) return source.bytes.subarray(position, position + length);
  const fh = await open(source.path, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, position);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

async function sizeOf(source: FileSource): Promise<number> {
  if ('bytes' in source) return source.bytes.length;
  const fh = await open(source.path, 'r');
  try {
    return (await fh.stat()).size;
  } finally {
    await fh.close();
  }
}

/** The entries of a zip package from its central directory, or null if it is not a readable zip. */
export async function zipEntries(source: FileSource): Promise<ZipEntry[] | null> {
  const size = await sizeOf(source);
  // The end record is 22 bytes plus a comment of at most 64 KB.
  const tailLen = Math.min(size, 22 + 0xffff);
  const tail = await readAt(source, size - tailLen, tailLen);
  const at = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (at < 0 || at + 22 > tail.length) return null;
  const count = tail.readUInt16LE(at + 10);
  const dirSize = tail.readUInt32LE(at + 12);
  const dirOffset = tail.readUInt32LE(at + 16);
  // ZIP64 (sizes of 0xFFFFFFFF) is far beyond any limit here; it is refused as not readable.
  if (dirOffset + dirSize > size || dirSize > 64 * 1024 * 1024) return null;
  const dir = await readAt(source, dirOffset, dirSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== 0x02014b50) return null;
    const nameLen = dir.readUInt16LE(p + 28);
    const extraLen = dir.readUInt16LE(p + 30);
    const commentLen = dir.readUInt16LE(p + 32);
    entries.push({
      method: dir.readUInt16LE(p + 10),
      compressedSize: dir.readUInt32LE(p + 20),
      size: dir.readUInt32LE(p + 24),
      localOffset: dir.readUInt32LE(p + 42),
      name: dir.toString('utf8', p + 46, p + 46 + nameLen),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** The inflated bytes of one entry as a stream; counts what comes out so a lying header is caught. */
export async function zipEntryStream(source: FileSource, entry: ZipEntry): Promise<Readable> {
  const local = await readAt(source, entry.localOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== 0x04034b50) throw new Error('bad local header');
  const start = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const end = start + entry.compressedSize;
  const raw =
    'bytes' in source
      ? Readable.from([source.bytes.subarray(start, end)])
      : entry.compressedSize === 0
        ? Readable.from([])
        : createReadStream(source.path, { start, end: end - 1 });
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw new Error('unsupported compression');
  return raw.pipe(createInflateRaw());
}

/** The text of a small entry (at most `max` bytes), or null if the package has no such entry. */
export async function readZipText(
  source: FileSource,
  entries: ZipEntry[],
  name: string,
  max = 1024 * 1024,
): Promise<string | null> {
  const entry = entries.find((e) => e.name === name);
  if (!entry || entry.size > max) return null;
  const parts: Buffer[] = [];
  let total = 0;
  for await (const chunk of await zipEntryStream(source, entry)) {
    total += (chunk as Buffer).length;
    if (total > max) return null;
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

/**
 * Guards a spreadsheet package before any parser inflates it: the entries' declared sizes must stay
 * under the uncompressed limit, each entry must inflate to no more than it declares (a zip bomb lies
 * in its headers), and no run of XML text may be longer than a cell may be (one huge cell is refused
 * here, before a parser builds it as a string). Throws a 400 naming the limit.
 */
export async function inspectZip(source: FileSource, limits: FileLimits, notReadable: string): Promise<ZipEntry[]> {
  const entries = await zipEntries(source);
  if (!entries) throw badRequest(notReadable);
  let declared = 0;
  for (const e of entries) declared += e.size;
  if (declared > limits.uncompressedBytes) throw badRequest(LimitMessages.uncompressed(limits));
  // Entities (&amp;, &#12345;) make one character up to 10 bytes: a run longer than this is over the limit.
  const maxRun = limits.cellChars * 10 + 1024;
  for (const entry of entries) {
    let actual = 0;
    let run = 0;
    let stream: Readable;
    try {
      stream = await zipEntryStream(source, entry);
    } catch {
      throw badRequest(notReadable);
    }
    try {
      for await (const chunk of stream) {
        const buf = chunk as Buffer;
        actual += buf.length;
        if (actual > entry.size) throw badRequest(LimitMessages.zipMismatch);
        // The longest stretch without '<' is the longest text node in this chunk.
        let from = 0;
        for (;;) {
          const lt = buf.indexOf(0x3c, from);
          if (lt < 0) {
            run += buf.length - from;
            break;
          }
          run += lt - from;
          if (run > maxRun) break;
          run = 0;
          from = lt + 1;
        }
        if (run > maxRun) throw badRequest(LimitMessages.cell(limits));
      }
    } catch (e) {
      stream.destroy();
      if (e instanceof Error && 'status' in e) throw e;
      throw badRequest(notReadable);
    }
    if (actual !== entry.size) throw badRequest(LimitMessages.zipMismatch);
  }
  return entries;
}
