import {
  availableActions,
  type CatalogueDetail,
  type CatalogueFile,
  type CatalogueItem,
  CataloguePerm,
  type DataItem,
  isEditable,
  type ServiceMatter,
} from '@odp/contracts';
import type { catalogueFiles, catalogueItems } from '../../../db/schema/index.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { ownsEntry } from '../scope.js';
import type { EntryRow } from './repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the caller may do with the entry now: the lifecycle's actions, within the caller's scope. */
export function actionsFor(actor: Actor, row: EntryRow) {
  return ownsEntry(actor, row.orgCode) ? availableActions(row, actor.perms) : [];
}

export function editableFor(actor: Actor, row: EntryRow) {
  return isEditable(row) && actor.perms.has(CataloguePerm.edit) && ownsEntry(actor, row.orgCode);
}

export function toItem(actor: Actor, row: EntryRow, departName: string | null): CatalogueItem {
  return {
    id: row.id,
    catalogCode: row.catalogCode,
    catalogName: row.catalogName,
    orgCode: row.orgCode,
    departName: departName ?? row.orgCode,
    keyAreasType: row.keyAreasType,
    shareType: row.shareType,
    openType: row.openType,
    updateFrequency: row.updateFrequency,
    dataFormat: row.dataFormat,
    catalogStatus: row.catalogStatus,
    shelfStatus: row.shelfStatus,
    releaseTime: iso(row.releaseTime),
    dataUpdateTime: iso(row.dataUpdateTime),
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
    totalNum: row.totalNum,
    editable: editableFor(actor, row),
    actions: actionsFor(actor, row),
  };
}

type D = CatalogueDetail;

export function toDetail(
  actor: Actor,
  row: EntryRow,
  related: {
    departName: string | null;
    categoryName: string | null;
    items: (typeof catalogueItems.$inferSelect)[];
    files: (typeof catalogueFiles.$inferSelect)[];
    serviceMatter: ServiceMatter | null;
  },
): CatalogueDetail & { categoryName: string | null } {
  return {
    ...toItem(actor, row, related.departName),
    catalogEn: row.catalogEn,
    businessDepartment: row.businessDepartment,
    sourceSystem: row.sourceSystem,
    contactPerson: row.contactPerson,
    contactPhone: row.contactPhone,
    informationSummary: row.informationSummary,
    keyAreasType: row.keyAreasType as D['keyAreasType'],
    keyAreasRemark: row.keyAreasRemark,
    baseLibrary: row.baseLibrary as D['baseLibrary'],
    categoryId: row.categoryId,
    categoryName: related.categoryName,
    dataRange: row.dataRange as D['dataRange'],
    shareType: row.shareType as D['shareType'],
    shareCondition: row.shareCondition,
    dontShareCondition: row.dontShareCondition,
    shareMode: row.shareMode as D['shareMode'],
    openType: row.openType as D['openType'],
    openCondition: row.openCondition,
    openSociety: row.openSociety,
    applyNeedsVerified: row.openType === '2' && row.applyNeedsVerified,
    updateFrequency: row.updateFrequency as D['updateFrequency'],
    inputFrequency: row.inputFrequency,
    dataFormat: row.dataFormat as D['dataFormat'],
    viewNum: row.viewNum,
    downloadNum: row.downloadNum,
    applicationsNum: row.applicationsNum,
    collectNum: row.collectNum,
    scoreAvg: Number(row.scoreAvg),
    scoreCount: row.scoreCount,
    dataList: related.items.map(toDataItem),
    files: related.files.map(toFile),
    serviceMatter: related.serviceMatter,
  };
}

function toDataItem(i: typeof catalogueItems.$inferSelect): DataItem {
  return {
    id: i.id,
    serialNumber: i.serialNumber,
    name: i.name,
    enName: i.enName,
    dataType: i.dataType as DataItem['dataType'],
    dataLength: i.dataLength,
    shareProperty: i.shareProperty as DataItem['shareProperty'],
    sharingCondition: i.sharingCondition,
    openAttribute: i.openAttribute as DataItem['openAttribute'],
    primaryKey: i.primaryKey,
    nullValue: i.nullValue,
    dataLevel: i.dataLevel as DataItem['dataLevel'],
    fieldDescription: i.fieldDescription,
    masked: i.masked,
  };
}

function toFile(f: typeof catalogueFiles.$inferSelect): CatalogueFile {
  return {
    id: f.id,
    kind: f.kind === 'doc' ? 'doc' : 'data',
    fileName: f.fileName,
    mimeType: f.mimeType,
    size: f.size,
    rowCount: f.rowCount,
    columns: f.columns ?? null,
    createTime: f.createdAt.toISOString(),
  };
}
