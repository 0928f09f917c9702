import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { catalogueItems, catalogues } from '../../db/schema/index.js';
import { refreshSearchIndex } from '../../platform/search/indexer.js';
import { catalogueSearch } from '../catalogue/search.js';

const uniq = () => randomBytes(4).toString('hex');

export type EntryOverrides = Partial<typeof catalogues.$inferInsert> & {
  items?: { name: string; enName?: string; masked?: boolean }[];
};

/**
 * A catalogue entry inserted directly (tests of the public portal): by default on shelf, approved and
 * 无条件开放, with its search vector built like the catalogue module builds it.
 */
export async function createMarketEntry(db: Db, orgCode: string, overrides: EntryOverrides = {}) {
  const { items = [{ name: '名称' }], ...fields } = overrides;
  const [entry] = await db
    .insert(catalogues)
    .values({
      catalogCode: `T-${uniq()}`,
      catalogName: `测试目录${uniq()}`,
      orgCode,
      informationSummary: '这是一条用于测试开放门户的目录摘要，内容足够长。',
      keyAreasType: '6',
      shareType: '10',
      openType: '1',
      updateFrequency: '7',
      dataFormat: 'file',
      catalogStatus: 2,
      shelfStatus: 2,
      releaseTime: new Date(),
      ...fields,
    })
    .returning();
  if (items.length) {
    await db.insert(catalogueItems).values(
      items.map((i, n) => ({
        catalogId: entry.id,
        serialNumber: n + 1,
        name: i.name,
        enName: i.enName ?? null,
        dataType: 'C',
        masked: i.masked ?? false,
      })),
    );
  }
  await refreshSearchIndex(db, catalogueSearch, [entry.id]);
  return entry;
}
