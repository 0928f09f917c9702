import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, id, updatedAt } from './columns.js';

export const tenants = pgTable('sys_tenant', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
});

/** Departments and districts in one tree; `orgType` 1 部门, 2 区县, 0 机构 (the city root). */
export const departs = pgTable(
  'sys_depart',
  {
    id: id(),
    parentId: uuid('parent_id'),
    departName: varchar('depart_name', { length: 100 }).notNull(),
    departNameAbbr: varchar('depart_name_abbr', { length: 50 }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    orgType: varchar('org_type', { length: 2 }).notNull().default('1'),
    address: varchar('address', { length: 200 }),
    phone: varchar('phone', { length: 40 }),
    sortNo: integer('sort_no').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [uniqueIndex('sys_depart_org_code_uq').on(t.orgCode), index('sys_depart_parent_idx').on(t.parentId)],
);

export const users = pgTable(
  'sys_user',
  {
    id: id(),
    username: varchar('username', { length: 64 }).notNull(),
    realname: varchar('realname', { length: 64 }).notNull(),
    nickname: varchar('nickname', { length: 64 }),
    passwordHash: text('password_hash').notNull(),
    avatar: varchar('avatar', { length: 500 }),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 320 }),
    sex: varchar('sex', { length: 1 }),
    /** 1 正常, 2 冻结 */
    status: smallint('status').notNull().default(1),
    /** The department the user currently acts for; it scopes what they see. */
    orgCode: varchar('org_code', { length: 64 }),
    relTenantIds: varchar('rel_tenant_ids', { length: 200 }).notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [uniqueIndex('sys_user_username_uq').on(t.username)],
);

export const userDeparts = pgTable(
  'sys_user_depart',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    departId: uuid('depart_id')
      .notNull()
      .references(() => departs.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.departId] }), index('sys_user_depart_depart_idx').on(t.departId)],
);

export const roles = pgTable(
  'sys_role',
  {
    id: id(),
    roleName: varchar('role_name', { length: 100 }).notNull(),
    roleCode: varchar('role_code', { length: 64 }).notNull(),
    description: varchar('description', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_role_code_uq').on(t.roleCode)],
);

export const userRoles = pgTable(
  'sys_user_role',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Menus (0 directory, 1 menu) and buttons (2) in one tree, as the web's route table is built from it. */
export const permissions = pgTable(
  'sys_permission',
  {
    id: id(),
    parentId: uuid('parent_id'),
    name: varchar('name', { length: 100 }).notNull(),
    path: varchar('path', { length: 255 }),
    component: varchar('component', { length: 255 }),
    componentName: varchar('component_name', { length: 100 }),
    redirect: varchar('redirect', { length: 255 }),
    menuType: smallint('menu_type').notNull(),
    perms: varchar('perms', { length: 255 }),
    sortNo: integer('sort_no').notNull().default(0),
    alwaysShow: boolean('always_show').notNull().default(false),
    icon: varchar('icon', { length: 100 }),
    isRoute: boolean('is_route').notNull().default(true),
    keepAlive: boolean('keep_alive').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    internalOrExternal: boolean('internal_or_external').notNull().default(false),
    url: varchar('url', { length: 500 }),
    /** '0' enabled, '1' disabled (spec §3: status 0 = enabled). */
    status: varchar('status', { length: 1 }).notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sys_permission_parent_idx').on(t.parentId), uniqueIndex('sys_permission_perms_uq').on(t.perms)],
);

export const rolePermissions = pgTable(
  'sys_role_permission',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const departPermissions = pgTable(
  'sys_depart_permission',
  {
    departId: uuid('depart_id')
      .notNull()
      .references(() => departs.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departId, t.permissionId] })],
);

export const dicts = pgTable(
  'sys_dict',
  {
    id: id(),
    dictName: varchar('dict_name', { length: 100 }).notNull(),
    dictCode: varchar('dict_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_dict_code_uq').on(t.dictCode)],
);

export const dictItems = pgTable(
  'sys_dict_item',
  {
    id: id(),
    dictId: uuid('dict_id')
      .notNull()
      .references(() => dicts.id, { onDelete: 'cascade' }),
    itemText: varchar('item_text', { length: 100 }).notNull(),
    itemValue: varchar('item_value', { length: 100 }).notNull(),
    itemColor: varchar('item_color', { length: 20 }),
    description: varchar('description', { length: 255 }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 1 enabled, 0 disabled */
    status: smallint('status').notNull().default(1),
  },
  (t) => [uniqueIndex('sys_dict_item_value_uq').on(t.dictId, t.itemValue)],
);

/** Server-side session behind every token; only the token's SHA-256 is stored. */
export const sessions = pgTable(
  'sys_session',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: varchar('revoke_reason', { length: 32 }),
  },
  (t) => [uniqueIndex('sys_session_token_uq').on(t.tokenHash), index('sys_session_user_idx').on(t.userId)],
);

/** Failed sign-ins per account, for the captcha threshold and the lockout. */
export const loginFailures = pgTable('sys_login_failure', {
  username: varchar('username', { length: 64 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use captcha answers, kept in the database so that any instance can check them. */
export const captchas = pgTable('sys_captcha', {
  checkKey: varchar('check_key', { length: 64 }).primaryKey(),
  answer: varchar('answer', { length: 8 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Login log (type 1) and operation log (type 2). */
export const logs = pgTable(
  'sys_log',
  {
    id: id(),
    logType: smallint('log_type').notNull(),
    logContent: varchar('log_content', { length: 1000 }).notNull(),
    operateType: varchar('operate_type', { length: 32 }),
    target: varchar('target', { length: 200 }),
    userId: uuid('user_id'),
    username: varchar('username', { length: 64 }),
    realname: varchar('realname', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    method: varchar('method', { length: 10 }),
    requestUrl: varchar('request_url', { length: 500 }),
    outcome: varchar('outcome', { length: 16 }).notNull().default('success'),
    costTime: integer('cost_time'),
    createdAt: createdAt(),
  },
  (t) => [index('sys_log_type_time_idx').on(t.logType, t.createdAt)],
);

export const announcements = pgTable(
  'sys_announcement',
  {
    id: id(),
    titile: varchar('titile', { length: 200 }).notNull(),
    msgContent: text('msg_content').notNull().default(''),
    msgAbstract: varchar('msg_abstract', { length: 500 }),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    sender: varchar('sender', { length: 64 }),
    priority: varchar('priority', { length: 1 }).notNull().default('L'),
    /** 1 通知, 2 系统消息 */
    msgCategory: varchar('msg_category', { length: 1 }).notNull().default('1'),
    /** ALL or USER */
    msgType: varchar('msg_type', { length: 8 }).notNull().default('ALL'),
    /** Shown to visitors too, as the portal home's 公告通知, once released. */
    isPublic: boolean('is_public').notNull().default(false),
    userIds: text('user_ids'),
    /** Comma-separated department ids; their members are addressed too when msgType is USER. */
    departIds: text('depart_ids'),
    /** 0 草稿, 1 已发布, 2 已撤销 */
    sendStatus: varchar('send_status', { length: 1 }).notNull().default('0'),
    sendTime: timestamp('send_time', { withTimezone: true }),
    cancelTime: timestamp('cancel_time', { withTimezone: true }),
    openType: varchar('open_type', { length: 16 }),
    openPage: varchar('open_page', { length: 255 }),
    busId: varchar('bus_id', { length: 64 }),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('sys_announcement_status_idx').on(t.sendStatus, t.sendTime)],
);

/** Per-user read state of announcements. */
export const announcementReads = pgTable(
  'sys_announcement_send',
  {
    anntId: uuid('annt_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readTime: timestamp('read_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.anntId, t.userId] })],
);

/** 编码校验规则: ordered segments, each a length and a character class (never a free regex). */
export const checkRules = pgTable(
  'sys_check_rule',
  {
    id: id(),
    ruleName: varchar('rule_name', { length: 100 }).notNull(),
    ruleCode: varchar('rule_code', { length: 64 }).notNull(),
    ruleJson: jsonb('rule_json').notNull(),
    description: varchar('description', { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sys_check_rule_code_uq').on(t.ruleCode)],
);

/** Site settings shown on the portal (footer, sponsor, external links), editable without a deploy. */
export const siteConfig = pgTable('sys_config', {
  key: varchar('config_key', { length: 64 }).primaryKey(),
  value: text('config_value').notNull(),
  description: varchar('description', { length: 255 }),
});

/**
 * 数据规则 of a menu: a column, a condition and a value (a literal or a system variable such as
 * `#{sys_user_code}`). Rules ticked for a role restrict the lists served under that menu.
 */
export const permissionDataRules = pgTable(
  'sys_permission_data_rule',
  {
    id: id(),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    ruleName: varchar('rule_name', { length: 100 }).notNull(),
    ruleColumn: varchar('rule_column', { length: 64 }).notNull(),
    ruleConditions: varchar('rule_conditions', { length: 16 }).notNull(),
    ruleValue: varchar('rule_value', { length: 300 }).notNull(),
    /** '1' enabled, '0' disabled */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sys_permission_data_rule_perm_idx').on(t.permissionId)],
);

/** Data rules a role applies (a subset of the rules of the menus it holds). */
export const roleDataRules = pgTable(
  'sys_role_data_rule',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => permissionDataRules.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.ruleId] })],
);

/** Roles a department defines for its own members, within the department's permissions. */
export const departRoles = pgTable(
  'sys_depart_role',
  {
    id: id(),
    departId: uuid('depart_id')
      .notNull()
      .references(() => departs.id, { onDelete: 'cascade' }),
    roleName: varchar('role_name', { length: 100 }).notNull(),
    roleCode: varchar('role_code', { length: 64 }).notNull(),
    description: varchar('description', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_depart_role_code_uq').on(t.departId, t.roleCode)],
);

export const departRoleUsers = pgTable(
  'sys_depart_role_user',
  {
    departRoleId: uuid('drole_id')
      .notNull()
      .references(() => departRoles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departRoleId, t.userId] }), index('sys_depart_role_user_user_idx').on(t.userId)],
);

export const departRolePermissions = pgTable(
  'sys_depart_role_permission',
  {
    departRoleId: uuid('drole_id')
      .notNull()
      .references(() => departRoles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.departRoleId, t.permissionId] })],
);

/**
 * 填值规则: a code generator (prefix, date part, sequence with padding). `ruleJson` holds the
 * parts; numbers come from sys_code_sequence so that they stay unique under concurrency.
 */
export const fillRules = pgTable(
  'sys_fill_rule',
  {
    id: id(),
    ruleName: varchar('rule_name', { length: 100 }).notNull(),
    ruleCode: varchar('rule_code', { length: 64 }).notNull(),
    ruleJson: jsonb('rule_json').notNull(),
    description: varchar('description', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_fill_rule_code_uq').on(t.ruleCode)],
);

/** Slideshow pictures of the portal home, shown in `sortNo` order. */
export const pictures = pgTable('sys_picture', {
  id: id(),
  title: varchar('title', { length: 100 }).notNull(),
  storageKey: varchar('storage_key', { length: 300 }).notNull(),
  mimeType: varchar('mime_type', { length: 32 }).notNull(),
  size: integer('size').notNull(),
  linkUrl: varchar('link_url', { length: 500 }),
  sortNo: integer('sort_no').notNull().default(0),
  createdBy: varchar('created_by', { length: 64 }),
  createdAt: createdAt(),
});

export const activeOnly = sql`deleted_at is null`;
