import type { Executor } from '../../db/client.js';
import { allRows, type Resource, resourceOfFile } from './store.js';

/** Every stored row of a data file, in load order ([] when it has none). */
export async function storedRowsOfFile(ex: Executor, fileId: string): Promise<string[][]> {
  const resource = await resourceOfFile(ex, fileId);
  return resource ? storedRows(ex, resource) : [];
}

/** Every stored row of a resource, in load order. */
export async function storedRows(ex: Executor, resource: Resource): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const r of allRows(ex, resource)) rows.push(r);
  return rows;
}
