import { createHmac, randomBytes } from 'node:crypto';
import { OPEN_QUOTA_DICT, stringToSign } from '@odp/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { catalogues, dictItems, dicts } from '../../db/schema/index.js';
import { appendRows, createResource, setRowCount } from '../datastore/store.js';
import { forgetQuotas } from './quota.js';

/** Sets one quota of dict open_api_quota (`anonymous.second`, `registered.day`…) and forgets the cached limits. */
export async function setOpenQuota(db: Db, value: string, text: string) {
  const [dict] = await db.select().from(dicts).where(eq(dicts.dictCode, OPEN_QUOTA_DICT));
  await db
    .update(dictItems)
    .set({ itemText: text })
    .where(and(eq(dictItems.dictId, dict.id), eq(dictItems.itemValue, value)));
  forgetQuotas();
}

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
