import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { catalogues } from './catalogue.js';
import { updatedAt } from './columns.js';

/**
 * 服务事项: the government service item a catalogue entry serves, one row per entry that is related
 * to one (关联政务服务 是; no row is 否). A table of its own rather than fifteen columns on
 * data_catalog: only a small part of the catalogue serves a service item, and data_catalog's rows are
 * the ones every public page, trigger and prepared statement reads.
 */
export const catalogueServiceMatters = pgTable(
  'data_catalog_service_matter',
  {
    catalogId: uuid('catalog_id')
      .primaryKey()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    /** 业务办理项编码 / 名称 */
    businessCode: varchar('business_code', { length: 64 }).notNull(),
    businessName: varchar('business_name', { length: 200 }).notNull(),
    /** 事项类型 (dict event_type) */
    eventType: varchar('event_type', { length: 4 }).notNull(),
    /** 事项分类 (dict event_classification) */
    eventLevel: varchar('event_level', { length: 4 }),
    /** 事项目录编码 / 名称 (the 基本目录 the implementation belongs to) */
    directoryCode: varchar('directory_code', { length: 64 }),
    itemData: varchar('item_data', { length: 200 }),
    /** 实施清单编码 / 名称 */
    implementationCode: varchar('implementation_code', { length: 64 }).notNull(),
    implementationName: varchar('implementation_name', { length: 200 }).notNull(),
    /** 行使层级 (dict driving_level) */
    drivingLevel: varchar('driving_level', { length: 4 }),
    resultType: varchar('result_type', { length: 4 }),
    applicationScenario: varchar('application_scenario', { length: 4 }),
    applicationScenarioDescribe: varchar('application_scenario_describe', { length: 4 }),
    /** 提供渠道 codes (dict provide_channels) */
    provideChannels: jsonb('provide_channels').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** 是否电子证照: '1' 是, '0' 否 (dict electronic_certificate) */
    electronicLicense: varchar('electronic_license', { length: 1 }).notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('data_catalog_service_matter_business_idx').on(t.businessCode),
    index('data_catalog_service_matter_implementation_idx').on(t.implementationCode),
  ],
);
