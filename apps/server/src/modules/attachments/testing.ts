import type { AttachmentItem, AttachmentPurpose } from '@odp/contracts';
import sharp from 'sharp';
import type { TestContext } from '../../test/harness.js';
import { minimalDocx, minimalPdf } from '../files/testing.js';

/** A real image of the format, as a phone's scan would be. */
export const imageOf = (format: 'png' | 'jpeg') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    [format]()
    .toBuffer();

/**
 * A Word 97–2003 document as far as the check reads it: a compound file's header and a directory entry
 * naming the WordDocument stream.
 */
export function minimalDoc(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const dir = Buffer.alloc(128);
  Buffer.from('WordDocument', 'utf16le').copy(dir);
  return Buffer.concat([header, dir]);
}

export const SAMPLE_FILES = {
  pdf: () => minimalPdf(),
  docx: () => minimalDocx(),
  doc: () => minimalDoc(),
  png: () => imageOf('png'),
  jpg: () => imageOf('jpeg'),
};

/** Uploads one file through the real multipart route. */
export async function uploadAttachment(
  ctx: TestContext,
  token: string | null,
  purpose: AttachmentPurpose | string,
  fileName: string,
  content: Buffer,
) {
  const boundary = '----odp-attachment-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${ctx.base}/api/attachment/upload?purpose=${encodeURIComponent(purpose)}`,
    headers: {
      ...(token ? { 'x-access-token': token } : {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([head, content, tail]),
  });
  return { status: res.statusCode, body: res.json() as { message: string; result: AttachmentItem } };
}
