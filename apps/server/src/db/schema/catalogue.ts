import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, id, tsvector, updatedAt } from './columns.js';
import { users } from './system.js';

/**
 * Category trees of the catalogue: 基础信息资源目录 and 主题信息资源目录 (treeItemId 1) and the top-page
 * tree (10). The department (2) and county (3) trees are the departments themselves.
 */
export const categories = pgTable(
  'data_category',
  {
    id: id(),
    parentId: uuid('parent_id'),
    categoryName: varchar('category_name', { length: 100 }).notNull(),
    categoryCode: varchar('category_code', { length: 32 }).notNull(),
    treeItemId: smallint('tree_item_id').notNull().default(1),
    sortNo: integer('sort_no').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('data_category_parent_idx').on(t.parentId), uniqueIndex('data_category_code_uq').on(t.categoryCode)],
);

/** One government information resource (信息资源目录), fields as DOMAIN.md §2 names them. */
export const catalogues = pgTable(
  'data_catalog',
  {
    id: id(),
    catalogCode: varchar('catalog_code', { length: 32 }).notNull(),
    catalogName: varchar('catalog_name', { length: 200 }).notNull(),
    catalogEn: varchar('catalog_en', { length: 200 }),
    /** 数源单位: the department that provides the resource. */
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    businessDepartment: varchar('business_department', { length: 100 }),
    sourceSystem: varchar('source_system', { length: 100 }),
    contactPerson: varchar('contact_person', { length: 64 }),
    contactPhone: varchar('contact_phone', { length: 40 }),
    informationSummary: varchar('information_summary', { length: 600 }).notNull(),
    keyAreasType: varchar('key_areas_type', { length: 8 }).notNull(),
    keyAreasRemark: varchar('key_areas_remark', { length: 200 }),
    baseLibrary: varchar('base_library', { length: 8 }).notNull().default('0'),
    categoryId: uuid('category_id'),
    dataRange: varchar('data_range', { length: 8 }).notNull().default('3'),
    shareType: varchar('share_type', { length: 4 }).notNull(),
    shareCondition: varchar('share_condition', { length: 500 }),
    dontShareCondition: varchar('dont_share_condition', { length: 500 }),
    shareMode: varchar('share_mode', { length: 16 }),
    openType: varchar('open_type', { length: 4 }).notNull(),
    openCondition: varchar('open_condition', { length: 500 }),
    openSociety: boolean('open_society').notNull().default(false),
    /** 有条件开放: an open application needs the applicant's 实名认证 (已认证). */
    applyNeedsVerified: boolean('apply_needs_verified').notNull().default(false),
    updateFrequency: varchar('update_frequency', { length: 4 }).notNull(),
    inputFrequency: varchar('input_frequency', { length: 32 }),
    releaseTime: timestamp('release_time', { withTimezone: true }),
    dataUpdateTime: timestamp('data_update_time', { withTimezone: true }),
    /** file / table / api */
    dataFormat: varchar('data_format', { length: 8 }).notNull().default('file'),
    /** 编目状态 0 草稿, 1 待审核, 2 审核通过, 3 审核不通过 */
    catalogStatus: smallint('catalog_status').notNull().default(0),
    /** 上架状态 0 未上架, 1 上架审核中, 2 已上架, 3 下架审核中, 4 已下架, 9 已删除 */
    shelfStatus: smallint('shelf_status').notNull().default(0),
    /** The shelf state a deleted entry returns to when recovered. */
    shelfStatusBeforeDelete: smallint('shelf_status_before_delete'),
    /** Table or interface mount: {databaseName, tableName, …} (collection/table-mount.ts) or {apiId, apiName, upstream, …} (collection/interface-mount.ts). */
    mount: jsonb('mount'),
    viewNum: integer('view_num').notNull().default(0),
    downloadNum: integer('download_num').notNull().default(0),
    /** Successful calls of the open data API on this entry (added by the call log's batches). */
    callNum: bigint('call_num', { mode: 'number' }).notNull().default(0),
    applicationsNum: integer('applications_num').notNull().default(0),
    collectNum: integer('collect_num').notNull().default(0),
    scoreAvg: numeric('score_avg', { precision: 3, scale: 2 }).notNull().default('0'),
    scoreCount: integer('score_count').notNull().default(0),
    totalNum: bigint('total_num', { mode: 'number' }).notNull().default(0),
    /** Bigram tokens of name (weight A), department and key area (B), summary (C), data items (D). */
    searchVector: tsvector('search_vector'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('data_catalog_code_uq').on(t.catalogCode),
    uniqueIndex('data_catalog_org_name_uq').on(t.orgCode, t.catalogName),
    // The gateway finds a mounted interface by its apiId (kept in the mount), and no two entries share one.
    uniqueIndex('data_catalog_api_id_uq').on(sql`(${t.mount}->>'apiId')`).where(sql`(mount->>'apiId') is not null`),
    index('data_catalog_status_idx').on(t.shelfStatus, t.openType, t.releaseTime),
    index('data_catalog_org_idx').on(t.orgCode, t.catalogStatus),
    // A department's 目录管理 list, newest change first, read in order instead of sorting the department;
    // with the shelf state in the index its count (deleted entries excluded) is an index-only scan.
    index('data_catalog_org_updated_idx').on(
      t.orgCode,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.shelfStatus,
    ),
    index('data_catalog_search_idx').using('gin', t.searchVector),
    // 相关目录 of a detail page: the newest public entries of the same department or key area.
    index('data_catalog_public_org_idx')
      .on(t.orgCode, t.releaseTime.desc(), t.id.desc())
      .where(sql`shelf_status = 2 and open_type in ('1', '2')`),
    index('data_catalog_public_area_idx')
      .on(t.keyAreasType, t.releaseTime.desc(), t.id.desc())
      .where(sql`shelf_status = 2 and open_type in ('1', '2')`),
    // 下载排名 and 最近更新 of the home page, read in order instead of sorting every public entry.
    index('data_catalog_public_download_idx')
      .on(t.downloadNum.desc().nullsFirst(), t.releaseTime.desc(), t.id.desc().nullsFirst())
      .where(sql`shelf_status = 2 and open_type in ('1', '2')`),
    // 接口排名 of the home page.
    index('data_catalog_public_call_idx')
      .on(t.callNum.desc(), t.id.desc())
      .where(sql`shelf_status = 2 and open_type in ('1', '2') and call_num > 0`),
    index('data_catalog_public_updated_idx')
      .on(t.dataUpdateTime.desc(), t.id.desc().nullsFirst())
      .where(sql`shelf_status = 2 and open_type in ('1', '2')`),
  ],
);

/** 信息项: the data items (columns) of a resource. */
export const catalogueItems = pgTable(
  'data_catalog_item',
  {
    id: id(),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    serialNumber: integer('serial_number').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    enName: varchar('en_name', { length: 100 }),
    dataType: varchar('data_type', { length: 16 }).notNull(),
    dataLength: integer('data_length'),
    shareProperty: varchar('share_property', { length: 4 }).notNull().default('10'),
    sharingCondition: varchar('sharing_condition', { length: 300 }),
    openAttribute: varchar('open_attribute', { length: 4 }),
    primaryKey: boolean('primary_key').notNull().default(false),
    nullValue: boolean('null_value').notNull().default(true),
    dataLevel: varchar('data_level', { length: 8 }),
    fieldDescription: varchar('field_description', { length: 300 }),
    /** 脱敏: shown masked in public previews and open downloads. */
    masked: boolean('masked').notNull().default(false),
  },
  (t) => [index('data_catalog_item_catalog_idx').on(t.catalogId, t.serialNumber)],
);

/** Attachments: data files (parsed into rows) and documents. */
export const catalogueFiles = pgTable(
  'data_catalog_file',
  {
    id: id(),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    /** data (CSV, XLSX, JSON) or doc (PDF, DOCX) */
    kind: varchar('kind', { length: 8 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** Server-chosen name under the files root; never derived from the upload's name. */
    storedName: varchar('stored_name', { length: 100 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    encoding: varchar('encoding', { length: 16 }),
    /** Column headers of a parsed data file. */
    columns: jsonb('columns').$type<string[]>(),
    rowCount: integer('row_count').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('data_catalog_file_catalog_idx').on(t.catalogId)],
);

export const catalogueRatings = pgTable(
  'data_catalog_rating',
  {
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    comment: varchar('comment', { length: 500 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.userId] })],
);

export const catalogueCollects = pgTable(
  'data_catalog_collect',
  {
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.catalogId, t.userId] })],
);

/**
 * 浏览记录 of a signed-in user: one row per entry they opened, with how often and when last (the
 * personal centre's 操作记录). Visitors' views are only counted on the entry.
 */
export const catalogueUserViews = pgTable(
  'data_catalog_user_view',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    viewCount: integer('view_count').notNull().default(1),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }).notNull().defaultNow(),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.catalogId] }),
    index('data_catalog_user_view_recent_idx').on(t.userId, t.lastViewedAt.desc()),
  ],
);

/** One row per download, for counting and the statistics. */
export const catalogueDownloads = pgTable(
  'data_catalog_download',
  {
    id: id(),
    catalogId: uuid('catalog_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id'),
    format: varchar('format', { length: 8 }).notNull(),
    userId: uuid('user_id'),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_catalog_download_catalog_idx').on(t.catalogId, t.createdAt),
    // A signed-in user's 下载记录 (personal centre).
    index('data_catalog_download_user_idx').on(t.userId, t.createdAt.desc()).where(sql`user_id is not null`),
  ],
);

/** Sequence per fill-rule prefix, so generated codes stay unique under concurrency. */
export const codeSequences = pgTable('sys_code_sequence', {
  prefix: varchar('prefix', { length: 64 }).primaryKey(),
  value: integer('value').notNull().default(0),
});
