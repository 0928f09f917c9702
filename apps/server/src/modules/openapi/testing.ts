import { createHmac, randomBytes } from 'node:crypto';
import { stringToSign } from '@odp/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { catalogues } from '../../db/schema/index.js';
import { appendRows, createResource, setRowCount } from '../datastore/store.js';

/** The four headers of a signed call of `url` (path and query as sent), as a client library makes them. */
export function signedHeaders(
  creds: { appKey: string; secret: string },
  method: string,
  url: string,
  opts: { timestamp?: number; nonce?: string } = {},
) {
  const timestamp = String(opts.timestamp ?? Date.now());
  const nonce = opts.nonce ?? randomBytes(12).toString('hex');
  const [path, query = ''] = url.split('?', 2);
  const text = stringToSign({ method, path, query: new URLSearchParams(query), timestamp, nonce });
  return {
    'x-app-key': creds.appKey,
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-signature': createHmac('sha256', creds.secret).update(text).digest('hex'),
  };
}

/** Gives an entry a mounted table in the datastore holding `rows` under `names`. */
export async function mountRows(
  db: Db,
  catalogId: string,
  names: string[],
  rows: string[][],
  types?: ('text' | 'numeric' | 'date')[],
) {
  const resource = await createResource(db, { catalogId, kind: 'table', names, types });
  await appendRows(db, resource, 0, rows);
  await setRowCount(db, resource, rows.length);
  await db
    .update(catalogues)
    .set({ mount: { tableName: 'ods_test', resourceId: resource.id }, totalNum: rows.length })
    .where(eq(catalogues.id, catalogId));
  return resource;
}
