import { integer, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

/**
 * 应用系统 (系统维护): the systems a department's data comes from. Catalogue entries name theirs in
 * `data_catalog.source_system` by name, so a name is unique within its department.
 */
export const appSystems = pgTable(
  'res_app_system',
  {
    id: id(),
    appName: varchar('app_name', { length: 100 }).notNull(),
    remark: varchar('remark', { length: 500 }),
    /** 责任单位 */
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    /** '1' 启用, '0' 关闭 */
    state: varchar('state', { length: 1 }).notNull().default('0'),
    createBy: uuid('create_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('res_app_system_org_name_uq').on(t.orgCode, t.appName)],
);

/**
 * 数据源: a database the platform may read from. The password is stored encrypted (AES-256-GCM,
 * platform/secret) and never leaves the server.
 */
export const dataSources = pgTable(
  'res_data_source',
  {
    id: id(),
    dataName: varchar('data_name', { length: 100 }).notNull(),
    databaseType: varchar('database_type', { length: 20 }).notNull(),
    host: varchar('host', { length: 253 }).notNull(),
    port: integer('port').notNull(),
    databaseName: varchar('database_name', { length: 100 }).notNull(),
    userName: varchar('user_name', { length: 100 }).notNull(),
    /** `v1:<iv>:<tag>:<ciphertext>`, base64 parts. */
    passwordEnc: text('password_enc').notNull(),
    transportGateway: varchar('transport_gateway', { length: 100 }),
    descr: varchar('descr', { length: 500 }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    createBy: uuid('create_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('res_data_source_org_name_uq').on(t.orgCode, t.dataName)],
);
