import { BUILTIN_SOURCE_TYPE } from '@odp/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import { tableMountService } from '../../../modules/collection/table-mount.js';
import type { Db, Executor } from '../../client.js';
import { catalogues, dataSources, datastoreSyncLogs, departs } from '../../schema/index.js';
import type { PlannedEntry } from './build.js';
import { parseItem } from './build.js';
import {
  address,
  DISTRICT_GEO,
  fmtCoord,
  landline,
  PLACE_WORDS,
  personName,
  pointIn,
  TRADE_WORDS,
  uscc,
} from './geo.js';
import { addDays, chinaDate, isoDate, Rng, round } from './random.js';

type Column = ReturnType<typeof parseItem>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (v: string) => `'${v.replaceAll("'", "''")}'`;

const PG_TYPE: Record<Column['dataType'], (c: Column) => string> = {
  C: (c) => `varchar(${Math.max(c.dataLength, 20)})`,
  N: () => 'numeric',
  D: () => 'date',
  DT: () => 'timestamp',
  B: () => 'boolean',
};

const DEPARTMENTS = [
  '市大数据管理局',
  '市公安局',
  '市交通运输局',
  '市生态环境局',
  '市卫生健康委员会',
  '市教育局',
  '市市场监督管理局',
  '市自然资源和规划局',
  '市人力资源和社会保障局',
  '市民政局',
  '市住房和城乡建设局',
  '市统计局',
];
const STREETS = DISTRICT_GEO.flatMap((d) => d.streets);
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A month `back` months before `today`, as 2026-03. */
const monthBefore = (today: Date, back: number) => {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1, 2)}`;
};

/**
 * A plausible value for a column of a departmental table, by what its Chinese name says. `row` is the
 * row's number: key columns use it so that keys stay unique.
 */
function cellOf(c: Column, rng: Rng, row: number, today: Date, subject: string): string | null {
  const n = c.name;
  const district = rng.pick(DISTRICT_GEO);
  if (c.dataType === 'D' || c.dataType === 'DT') {
    const future = /有效期至|下次|届满|完工|入住|计划开工/.test(n);
    const day = addDays(today, future ? rng.int(30, 900) : -rng.int(1, 1800));
    return c.dataType === 'D' ? isoDate(day) : `${isoDate(day)} ${pad(rng.int(8, 18), 2)}:${pad(rng.int(0, 59), 2)}:00`;
  }
  if (c.dataType === 'B') return rng.chance(0.7) ? 'true' : 'false';
  if (c.dataType === 'N') {
    if (n.includes('经度')) return fmtCoord(pointIn(rng, district).lng);
    if (n.includes('纬度')) return fmtCoord(pointIn(rng, district).lat);
    if (/年度|年份/.test(n)) return String(today.getUTCFullYear() - (c.primaryKey ? row : rng.int(0, 5)));
    if (/指数/.test(n)) return String(round(rng.float(96, 106), 1));
    if (/率|%|增长/.test(n))
      return String(round(rng.float(n.includes('增长') ? -5 : 60, n.includes('增长') ? 15 : 100), 1));
    if (/元|价格|金额|投资|产值|收入|利润|损失|支出/.test(n)) return String(round(rng.float(10, 9_000), 2));
    if (/公顷|平方米|面积|亩|公里|海拔|分贝|浓度|指数/.test(n)) return String(round(rng.float(0.5, 3_000), 2));
    const digits = Math.min(Math.max(c.dataLength - 2, 2), 5);
    return String(rng.int(1, 10 ** digits));
  }
  if (/月份/.test(n)) return monthBefore(today, c.primaryKey ? row : rng.int(0, 23));
  if (/季度/.test(n)) return `${today.getUTCFullYear() - Math.floor(row / 4)}Q${(row % 4) + 1}`;
  if (n === '部门名称') return `滨江${DEPARTMENTS[row % DEPARTMENTS.length]}`;
  if (/区县|执行区域/.test(n)) return c.primaryKey ? DISTRICT_GEO[row % DISTRICT_GEO.length].name : district.name;
  if (/街道|乡镇/.test(n)) return c.primaryKey ? STREETS[row % STREETS.length] : rng.pick(district.streets);
  if (/地址|住所|坐落|位置|场所|地点|场地/.test(n)) return address(rng, district);
  if (/电话/.test(n)) return landline(rng);
  if (/^(姓名|学生姓名|负责人|团队长|法定代表人|经营者|监测责任人|受让人)$/.test(n)) return personName(rng);
  if (/身份/.test(n))
    return `3301${pad(rng.int(0, 99), 2)}${rng.int(1950, 2015)}${pad(rng.int(1, 12), 2)}${pad(rng.int(1, 28), 2)}${pad(rng.int(0, 9999), 4)}`;
  if (n === '统一社会信用代码') return uscc(rng, district.division);
  if (n === '性别') return rng.pick(['男', '女']);
  if (/^是否/.test(n)) return rng.chance(0.7) ? '是' : '否';
  if (/编号|编码|代码|证号|文号|批号|站号|批次|许可证|证书/.test(n)) {
    const prefix = /文号/.test(n) ? `滨${rng.pick(['市监', '环', '交'])}罚〔${today.getUTCFullYear()}〕` : 'BJ';
    return `${prefix}${today.getUTCFullYear() - rng.int(0, 4)}${pad(row + 1, 5)}`;
  }
  if (
    /企业名称|单位名称|主体名称|公司名称|被处罚单位|受检单位|开发企业|使用单位|施工单位|运营单位|运营管理单位|生产单位|经营者名称|个体工商户名称/.test(
      n,
    )
  ) {
    return `滨江${rng.pick(TRADE_WORDS)}${rng.pick(['科技', '商贸', '建设', '物业', '食品', '实业'])}有限公司`;
  }
  if (/学校名称|就读学校/.test(n)) return `滨江市${rng.pick(PLACE_WORDS)}${rng.pick(['小学', '中学', '实验学校'])}`;
  if (
    /所属机构|执业机构|所属医疗机构|所属急救中心|检测机构|发证机关|颁发机构|登记单位|作出决定机关|保管单位|管理单位|业务主管单位|登记管理机关/.test(
      n,
    )
  ) {
    return `滨江市${district.name}${rng.pick(['人民医院', '社区卫生服务中心', '市场监督管理所', '政务服务中心', '街道办事处'])}`;
  }
  if (/名称|站名/.test(n)) {
    const noun = n.replace(/名称$/, '').replace(/^(站点|点位|投放点)$/, '站点');
    // 机构名称 of 殡葬服务机构信息: 滨江区和平殡葬服务机构; else 和平产品12.
    if (noun.length >= 2 && subject.endsWith(noun.slice(-2)))
      return `${district.name}${rng.pick(PLACE_WORDS)}${subject}`;
    return `${rng.pick(PLACE_WORDS)}${noun.slice(-2)}${row + 1}`;
  }
  if (/时间|时段/.test(n)) return rng.pick(['08:30-17:30', '09:00-21:00', '00:00-24:00', '08:00-12:00，14:00-17:30']);
  if (/状态/.test(n)) return rng.pick(['正常', '有效', '正常', '注销']);
  if (/结果/.test(n)) return rng.chance(0.9) ? '合格' : '不合格';
  if (/等级|级别/.test(n)) return rng.pick(['A级', 'AA级', 'AAA级', '一级', '二级']);
  if (/类别|类型|形式|方式|业态|用途|分类|行业/.test(n)) return rng.pick(['甲类', '乙类', '丙类', '其他']);
  if (/原因|事由|依据|范围|项目|内容|要素|配置|领域|情况|进展|车型|事项/.test(n)) {
    return rng.pick(['按规定办理', '全市范围', '常规项目', '已完成', '进行中', '详见原文件']);
  }
  return `${district.name}${n}${row + 1}`;
}

/** Rows of a table: unique in its key columns, as the source's primary key requires. */
function rowsOf(
  columns: readonly Column[],
  rng: Rng,
  count: number,
  today: Date,
  subject: string,
): (string | null)[][] {
  const keys = columns.map((c, i) => (c.primaryKey ? i : -1)).filter((i) => i >= 0);
  const seen = new Set<string>();
  const rows: (string | null)[][] = [];
  for (let i = 0; rows.length < count && i < count * 3; i++) {
    const row = columns.map((c) => cellOf(c, rng, i, today, subject));
    const key = keys.map((k) => row[k]).join('\u0000');
    if (keys.length && seen.has(key)) continue;
    seen.add(key);
    rows.push(row);
  }
  return rows;
}

/** Creates `schema.table` with the entry's items as columns (comments in Chinese) and fills it. */
async function createSourceTable(
  tx: Executor,
  schema: string,
  table: string,
  comment: string,
  columns: Column[],
  rows: (string | null)[][],
) {
  const target = `${quote(schema)}.${quote(table)}`;
  const keys = columns.filter((c) => c.primaryKey).map((c) => quote(c.enName));
  const ddl = [
    ...columns.map(
      (c) => `${quote(c.enName)} ${PG_TYPE[c.dataType](c)}${c.primaryKey || c.notNull ? ' not null' : ''}`,
    ),
    ...(keys.length ? [`primary key (${keys.join(', ')})`] : []),
  ];
  await tx.execute(sql.raw(`create table ${target} (${ddl.join(', ')})`));
  await tx.execute(sql.raw(`comment on table ${target} is ${literal(comment)}`));
  for (const c of columns) {
    await tx.execute(sql.raw(`comment on column ${target}.${quote(c.enName)} is ${literal(c.name)}`));
  }
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows.slice(i, i + 500).map(
      (r) =>
        sql`(${sql.join(
          r.map((v, j) => sql`${v}::${sql.raw(PG_TYPE[columns[j].dataType](columns[j]))}`),
          sql`, `,
        )})`,
    );
    await tx.execute(sql`insert into ${sql.raw(target)} values ${sql.join(values, sql`, `)}`);
  }
}

export type DemoSourceSummary = { sources: number; tables: number; rows: number };

/**
 * 内置演示库: every 库表 entry of the demo catalogue gets its departmental table (schema `bjgx_<dept>`,
 * table `ods_<name>`, plausible rows) inside the platform's own database, one built-in data source per
 * department, and a mount synced into the datastore through the table-mount service, as an officer's
 * mount would be. The update history keeps the planned dates, so some entries start overdue.
 */
export async function seedDemoSource(
  tx: Executor,
  config: Config,
  plan: readonly PlannedEntry[],
  now: Date,
): Promise<DemoSourceSummary> {
  const tables = plan.filter((p) => p.def.format === 'table' && p.row.mount);
  const orgCodes = [...new Set(tables.map((p) => p.def.org))];
  const names = new Map(
    (
      await tx
        .select({ orgCode: departs.orgCode, name: departs.departName })
        .from(departs)
        .where(inArray(departs.orgCode, orgCodes))
    ).map((d) => [d.orgCode, d.name]),
  );
  const today = chinaDate(now);
  const sourceOf = new Map<string, string>();
  let rowsInAll = 0;
  for (const { def, row, owner } of tables) {
    const mount = row.mount as { databaseName: string; tableName: string };
    if (!sourceOf.has(def.org)) {
      await tx.execute(sql.raw(`create schema if not exists ${quote(mount.databaseName)}`));
      const [source] = await tx
        .insert(dataSources)
        .values({
          dataName: `${names.get(def.org) ?? def.org}业务库（演示）`,
          databaseType: BUILTIN_SOURCE_TYPE,
          host: 'localhost',
          port: 5432,
          databaseName: mount.databaseName,
          userName: 'demo',
          passwordEnc: '',
          descr: '演示城市的部门业务库，保存在平台自带的数据库中，只读',
          orgCode: def.org,
          createBy: owner.id,
        })
        .returning({ id: dataSources.id });
      sourceOf.set(def.org, source.id);
    }
    const columns = (def.items ?? []).map(parseItem);
    const rng = new Rng(`source:${mount.tableName}`);
    const subject = def.name.replace(/(基本)?(信息|目录|名录|统计|清单|情况|名单)+$/, '');
    const rows = rowsOf(columns, rng, rng.int(60, 240), today, subject);
    await createSourceTable(tx, mount.databaseName, mount.tableName, def.name, columns, rows);
    rowsInAll += rows.length;

    await tx
      .update(catalogues)
      .set({ mount: { ...mount, dataSourceId: sourceOf.get(def.org), syncMode: 'full', keyColumn: null } })
      .where(eq(catalogues.id, row.id));
    // The seed's transaction is the database here: the built-in source reads through it.
    await tableMountService(config).syncForJob(tx as Db, row.id, '演示数据');
    // Keep the planned history: the last sync was when the entry says its data was updated.
    const syncedAt = row.dataUpdateTime ?? row.updatedAt ?? now;
    await tx
      .update(catalogues)
      .set({
        dataUpdateTime: row.dataUpdateTime ?? null,
        updatedAt: row.updatedAt,
        mount: sql`jsonb_set(${catalogues.mount}, '{lastSyncAt}', to_jsonb(${syncedAt.toISOString()}::text))`,
      })
      .where(eq(catalogues.id, row.id));
    await tx
      .update(datastoreSyncLogs)
      .set({ startedAt: syncedAt, finishedAt: syncedAt })
      .where(eq(datastoreSyncLogs.catalogId, row.id));
  }
  return { sources: sourceOf.size, tables: tables.length, rows: rowsInAll };
}
