import {
  CATALOG_STATUS_LABEL,
  type CatalogueExportInput,
  DEFAULT_EXPORT_COLUMNS,
  EXPORT_COLUMNS,
  EXPORT_MAX_ROWS,
  type ExportColumn,
  SERVICE_MATTER_DICT as SD,
  SERVICE_MATTER_LABEL,
  type ServiceMatter,
  SHELF_STATUS_LABEL,
} from '@odp/contracts';
import ExcelJS from 'exceljs';
import type { Db } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import type { EntryRow } from '../entry/repository.js';
import { selectEntries } from '../entry/repository.js';
import { listOrder, ruledListFilter } from '../entry/service.js';
import { serviceMattersOf } from '../entry/service-matter.js';
import { ENTRY_SHEET, neutralise } from './columns.js';
import { dictItemsOf } from './dicts.js';
import { categoryNamesOf, itemCountsOf } from './repository.js';

/** Times as the city reads them. */
const time = (d: Date | null) => (d ? d.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }) : '');

type Context = {
  departName: string | null;
  categoryName: string | null;
  itemCount: number;
  label: (dict: string, code: string | null) => string;
  /** The entry's 服务事项, when it has one. */
  matter: ServiceMatter | null;
};

/** A 服务事项 cell: blank for an entry without one. */
const matterText = (pick: (m: ServiceMatter) => string | null) => (_e: EntryRow, c: Context) =>
  c.matter ? (pick(c.matter) ?? '') : '';
const matterLabel = (field: keyof typeof SD) => (_e: EntryRow, c: Context) => {
  const value = c.matter?.[field];
  if (!c.matter || value === null || value === undefined) return '';
  return Array.isArray(value) ? value.map((v) => c.label(SD[field], v)).join('、') : c.label(SD[field], value);
};

const VALUE: Record<ExportColumn, (e: EntryRow, c: Context) => string | number> = {
  catalogCode: (e) => e.catalogCode,
  catalogName: (e) => e.catalogName,
  catalogEn: (e) => e.catalogEn ?? '',
  departName: (e, c) => c.departName ?? e.orgCode,
  businessDepartment: (e) => e.businessDepartment ?? '',
  sourceSystem: (e) => e.sourceSystem ?? '',
  contactPerson: (e) => e.contactPerson ?? '',
  contactPhone: (e) => e.contactPhone ?? '',
  informationSummary: (e) => e.informationSummary,
  keyAreasType: (e, c) => c.label('key_areas_type', e.keyAreasType),
  baseLibrary: (e, c) => c.label('base_library', e.baseLibrary),
  categoryName: (_e, c) => c.categoryName ?? '',
  dataRange: (e, c) => c.label('data_range', e.dataRange),
  shareType: (e, c) => c.label('share_type', e.shareType),
  shareCondition: (e) => e.shareCondition ?? e.dontShareCondition ?? '',
  shareMode: (e, c) => c.label('share_mode', e.shareMode),
  openType: (e, c) => c.label('open_type', e.openType),
  openCondition: (e) => e.openCondition ?? '',
  updateFrequency: (e, c) => c.label('update_frequency', e.updateFrequency),
  dataFormat: (e, c) => c.label('data_format', e.dataFormat),
  catalogStatus: (e) => CATALOG_STATUS_LABEL[e.catalogStatus] ?? String(e.catalogStatus),
  shelfStatus: (e) => SHELF_STATUS_LABEL[e.shelfStatus] ?? String(e.shelfStatus),
  itemCount: (_e, c) => c.itemCount,
  totalNum: (e) => e.totalNum,
  releaseTime: (e) => time(e.releaseTime),
  dataUpdateTime: (e) => time(e.dataUpdateTime),
  createTime: (e) => time(e.createdAt),
  updateTime: (e) => time(e.updatedAt),
  relatedGovernment: (_e, c) => (c.matter ? '是' : '否'),
  businessCode: matterText((m) => m.businessCode),
  businessName: matterText((m) => m.businessName),
  eventType: matterLabel('eventType'),
  eventLevel: matterLabel('eventLevel'),
  directoryCode: matterText((m) => m.directoryCode),
  itemData: matterText((m) => m.itemData),
  implementationCode: matterText((m) => m.implementationCode),
  implementationName: matterText((m) => m.implementationName),
  drivingLevel: matterLabel('drivingLevel'),
  resultType: matterLabel('resultType'),
  applicationScenario: matterLabel('applicationScenario'),
  applicationScenarioDescribe: matterLabel('applicationScenarioDescribe'),
  provideChannels: matterLabel('provideChannels'),
  electronicLicense: matterLabel('electronicLicense'),
};

const SERVICE_MATTER_COLUMNS = new Set<string>(Object.keys(SERVICE_MATTER_LABEL));

const DICTS = [
  'key_areas_type',
  'base_library',
  'data_range',
  'share_type',
  'share_mode',
  'open_type',
  'update_frequency',
  'data_format',
  ...Object.values(SD),
];

/** The filtered list (same scope and filters as the page) as an .xlsx with the chosen columns. */
export async function exportEntries(db: Db, actor: Actor, input: CatalogueExportInput): Promise<Buffer> {
  const columns = [...new Set((input.columns?.length ? input.columns : DEFAULT_EXPORT_COLUMNS) as ExportColumn[])];
  const rows = await selectEntries(db, await ruledListFilter(db, actor, input), listOrder(input), EXPORT_MAX_ROWS, 0);
  const ids = rows.map((r) => r.entry.id);
  const categoryIds = [...new Set(rows.flatMap((r) => (r.entry.categoryId ? [r.entry.categoryId] : [])))];
  const [dicts, catName, itemCount, matters] = await Promise.all([
    dictItemsOf(db, DICTS),
    categoryNamesOf(db, columns.includes('categoryName') ? categoryIds : []),
    itemCountsOf(db, columns.includes('itemCount') ? ids : []),
    serviceMattersOf(db, columns.some((c) => SERVICE_MATTER_COLUMNS.has(c)) ? ids : []),
  ]);
  const labelMaps = Object.fromEntries(
    Object.entries(dicts).map(([code, items]) => [code, new Map(items.map((i) => [i.value, i.text]))]),
  );
  const label = (dict: string, code: string | null) => (code ? (labelMaps[dict]?.get(code) ?? code) : '');

  const wb = new ExcelJS.Workbook();
  wb.creator = '滨江市公共数据开放平台';
  const sheet = wb.addWorksheet(ENTRY_SHEET);
  sheet.columns = columns.map((c) => ({
    header: EXPORT_COLUMNS[c],
    key: c,
    width: c === 'informationSummary' ? 50 : c === 'catalogName' ? 30 : SERVICE_MATTER_COLUMNS.has(c) ? 22 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const { entry, departName } of rows) {
    const ctx: Context = {
      departName,
      categoryName: entry.categoryId ? (catName.get(entry.categoryId) ?? null) : null,
      itemCount: itemCount.get(entry.id) ?? 0,
      label,
      matter: matters.get(entry.id) ?? null,
    };
    sheet.addRow(columns.map((c) => neutralise(VALUE[c](entry, ctx))));
  }
  await logOperation(db, actor, {
    content: `导出目录 ${rows.length} 条`,
    operateType: 'catalog:export',
    target: null,
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
