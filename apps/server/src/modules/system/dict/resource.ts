import type {
  DictCreateInput,
  DictItemCreateInput,
  DictItemListQuery,
  DictItemRecord,
  DictItemUpdateInput,
  DictListQuery,
  DictRecord,
  DictUpdateInput,
} from '@odp/contracts';
import { DictMessages } from '@odp/contracts';
import { asc, desc, eq, ilike } from 'drizzle-orm';
import { dictItems, dicts } from '../../../db/schema/index.js';
import { containing } from '../../../platform/resource/like.js';
import type { ResourceSpec } from '../../../platform/resource/resource.js';

type DictRow = typeof dicts.$inferSelect;
type DictItemRow = typeof dictItems.$inferSelect;

export const dictResource: ResourceSpec<DictRow, DictRecord, DictCreateInput, DictUpdateInput, DictListQuery> = {
  label: '字典',
  table: dicts,
  id: dicts.id,
  filters: (q) => [
    q.dictName ? ilike(dicts.dictName, containing(q.dictName)) : undefined,
    q.dictCode ? ilike(dicts.dictCode, containing(q.dictCode)) : undefined,
  ],
  sortable: { dictName: dicts.dictName, dictCode: dicts.dictCode, createTime: dicts.createdAt },
  defaultOrder: desc(dicts.createdAt),
  unique: [{ column: dicts.dictCode, field: 'dictCode', value: (i) => i.dictCode, message: DictMessages.codeTaken }],
  present: async (_db, rows) =>
    rows.map((d) => ({
      id: d.id,
      dictName: d.dictName,
      dictCode: d.dictCode,
      description: d.description,
      createTime: d.createdAt.toISOString(),
    })),
  toInsert: ({ dictName, dictCode, description }) => ({ dictName, dictCode, description }),
  toUpdate: ({ dictName, dictCode, description }) => ({ dictName, dictCode, description, updatedAt: new Date() }),
  describe: (d) => `${d.dictName}（${d.dictCode}）`,
};

/**
 * Items of one dictionary. `itemValue` is unique within its dictionary only, which the generic
 * per-column check cannot express; the service checks it (see `assertItemValueFree`).
 */
export const dictItemResource: ResourceSpec<
  DictItemRow,
  DictItemRecord,
  DictItemCreateInput,
  DictItemUpdateInput,
  DictItemListQuery
> = {
  label: '字典项',
  table: dictItems,
  id: dictItems.id,
  filters: (q) => [
    eq(dictItems.dictId, q.dictId),
    q.itemText ? ilike(dictItems.itemText, containing(q.itemText)) : undefined,
    q.status !== undefined ? eq(dictItems.status, q.status) : undefined,
  ],
  sortable: { sortOrder: dictItems.sortOrder, itemValue: dictItems.itemValue, itemText: dictItems.itemText },
  defaultOrder: asc(dictItems.sortOrder),
  present: async (_db, rows) =>
    rows.map((i) => ({
      id: i.id,
      dictId: i.dictId,
      itemText: i.itemText,
      itemValue: i.itemValue,
      itemColor: i.itemColor,
      description: i.description,
      sortOrder: i.sortOrder,
      status: i.status,
    })),
  toInsert: (input) => ({ dictId: input.dictId, ...itemColumns(input) }),
  toUpdate: (input) => itemColumns(input),
  describe: (i) => `${i.itemText}（${i.itemValue}）`,
};

function itemColumns(input: DictItemCreateInput | DictItemUpdateInput) {
  const { itemText, itemValue, itemColor, description, sortOrder, status } = input;
  return { itemText, itemValue, itemColor, description, sortOrder, status };
}
