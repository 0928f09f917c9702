import { z } from 'zod';
import { PageQuery } from '../core/envelope.js';
import { idOf, optionalText, requiredText, trimmedText } from '../core/fields.js';

/**
 * 数据源类型 as the original lists them (with its storageType numbers). Only the PostgreSQL and MySQL
 * protocols have a driver here; the others are listed and answered 暂不支持.
 */
export const DATA_SOURCE_TYPES = [
  { code: 'mysql', label: 'MySQL', storageType: 1, protocol: 'mysql', defaultPort: 3306 },
  { code: 'mariadb', label: 'MariaDB', storageType: 1, protocol: 'mysql', defaultPort: 3306 },
  { code: 'postgresql', label: 'PostgreSQL', storageType: 11, protocol: 'postgres', defaultPort: 5432 },
  { code: 'kingbase', label: 'KingbaseES（人大金仓）', storageType: 56, protocol: 'postgres', defaultPort: 54321 },
  { code: 'oracle', label: 'Oracle', storageType: 2, protocol: null, defaultPort: 1521 },
  { code: 'sqlserver', label: 'SQL Server', storageType: 3, protocol: null, defaultPort: 1433 },
  { code: 'db2', label: 'DB2', storageType: 20, protocol: null, defaultPort: 50000 },
  { code: 'dameng', label: '达梦', storageType: 57, protocol: null, defaultPort: 5236 },
] as const;

/**
 * 内置演示库: the demo city's departmental tables inside the platform's own database. Created only by
 * the demo data, never through the API, and it reaches nothing but its `bjgx_*` schema.
 */
export const BUILTIN_SOURCE_TYPE = 'builtin';
export const BUILTIN_SOURCE_LABEL = '内置演示库';

/** What a stored source may be: a type a department can add, or the built-in demo source. */
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number]['code'] | typeof BUILTIN_SOURCE_TYPE;
export type DataSourceProtocol = 'mysql' | 'postgres' | typeof BUILTIN_SOURCE_TYPE;

/** The types a department adds through 数据源管理. */
export type CreatableSourceType = (typeof DATA_SOURCE_TYPES)[number]['code'];
const TYPE_CODES = DATA_SOURCE_TYPES.map((t) => t.code) as [CreatableSourceType, ...CreatableSourceType[]];

export const dataSourceTypeOf = (code: string) => DATA_SOURCE_TYPES.find((t) => t.code === code);
export const dataSourceTypeLabel = (code: string) =>
  code === BUILTIN_SOURCE_TYPE ? BUILTIN_SOURCE_LABEL : (dataSourceTypeOf(code)?.label ?? code);
/** The message for a listed type without a driver. */
export const unsupportedTypeMessage = (code: string) => `暂不支持${dataSourceTypeLabel(code)}类型的数据源`;

const DatabaseType = z.enum(TYPE_CODES, { error: '请选择数据源类型' });

/**
 * 数据库地址: a host name or an IP address only — no scheme, port, path, user or driver options;
 * where it may point is decided on the server when it connects.
 */
const Host = requiredText('数据库地址', 253, { missing: true }).refine(
  (v) => /^[A-Za-z0-9.-]+$/.test(v) || /^[0-9A-Fa-f:.]+$/.test(v),
  '数据库地址只能是主机名或 IP 地址',
);
const Port = z.coerce
  .number({ error: '请输入端口' })
  .refine((v) => Number.isInteger(v) && v >= 1 && v <= 65535, '端口须为 1-65535 的数字');
/** Database, user: printable text without control characters or quotes that would end a name. */
const Plain = (label: string, max: number) =>
  requiredText(label, max, { missing: true }).refine(
    (v) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127),
    `${label}含有非法字符`,
  );

export const MAX_DATA_SOURCE_PASSWORD = 200;
const Password = z
  .string()
  .max(MAX_DATA_SOURCE_PASSWORD, `密码不能超过 ${MAX_DATA_SOURCE_PASSWORD} 个字符`)
  .refine((v) => !v.includes('\u0000'), '密码含有非法字符');

const ConnectionFields = {
  databaseType: DatabaseType,
  host: Host,
  port: Port,
  databaseName: Plain('数据库名称', 100),
  userName: Plain('用户名', 100),
};

const DescriptiveFields = {
  dataName: requiredText('数据源名称', 100, { missing: true }),
  transportGateway: optionalText(100, '数据源传送网关'),
  descr: optionalText(500, '数据源描述'),
};

export const DataSourcePageQuery = PageQuery.extend({
  dataName: trimmedText(100),
  databaseType: DatabaseType.optional(),
  host: trimmedText(253),
  port: z.coerce.number().int().min(1).max(65535).optional(),
  databaseName: trimmedText(100),
});
export type DataSourcePageQuery = z.infer<typeof DataSourcePageQuery>;

export const DataSourceCreateInput = z.object({
  ...DescriptiveFields,
  ...ConnectionFields,
  password: Password.min(1, '请输入密码'),
  /** 所属部门: the current department unless an administrator names another. */
  orgCode: optionalText(64, '所属部门'),
});
export type DataSourceCreateInput = z.infer<typeof DataSourceCreateInput>;

/** An edit without a password keeps the stored one (only while the address and user stay the same). */
export const DataSourceUpdateInput = z.object({
  id: idOf('数据源'),
  ...DescriptiveFields,
  ...ConnectionFields,
  password: Password.optional().transform((v) => (v ? v : undefined)),
});
export type DataSourceUpdateInput = z.infer<typeof DataSourceUpdateInput>;

/** 测试: the form's connection fields; with `id` and no password, the stored password of that source. */
export const DataSourceTestInput = z.object({
  id: idOf('数据源').optional(),
  ...ConnectionFields,
  password: Password.optional().transform((v) => (v ? v : undefined)),
});
export type DataSourceTestInput = z.infer<typeof DataSourceTestInput>;

export const DataSourceIdQuery = z.object({ id: idOf('数据源'), _t: z.unknown().optional() });
export const DataSourceIdBody = z.object({ id: idOf('数据源') });

export const DataSourceColumnsInput = z.object({ id: idOf('数据源'), tableName: requiredText('表名', 200) });
export type DataSourceColumnsInput = z.infer<typeof DataSourceColumnsInput>;

/** A data source as every answer presents it: never its password. */
export type DataSourceItem = {
  id: string;
  dataName: string;
  databaseType: DataSourceType;
  storageType: number;
  host: string;
  port: number;
  databaseName: string;
  userName: string;
  transportGateway: string | null;
  descr: string | null;
  orgCode: string;
  departName: string | null;
  createBy: string | null;
  /** 创建人名称 */
  createByName: string | null;
  createTime: string;
  updateTime: string;
};

/** `getDataSourceList`: the library picker's options, shaped as the original's `{storageId, code, planName, name}`. */
export type DataSourceOption = {
  storageId: string;
  code: DataSourceType;
  planName: string;
  name: string;
  /** The department that keeps the source: a mount takes only its entry's department's sources. */
  orgCode: string;
};

export type DataSourceTestResult = { ok: true; version: string; elapsedMs: number };

export type SourceTable = { name: string; comment: string | null; kind: 'table' | 'view' };
export type SourceColumn = {
  name: string;
  type: string;
  comment: string | null;
  nullable: boolean;
  primaryKey: boolean;
};
