import { AUTO_CREATE_DEST, CONVEY_TYPE, type DataSourceCreateInput, ShareStatus } from '@odp/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { exchangeService } from '../../modules/exchange/service.js';
import { dataSourceService } from '../../modules/resources/datasource/service.js';
import type { Db } from '../client.js';
import { exchangeTasks, shareApplies } from '../schema/index.js';
import { actorOf } from './demo-share.js';

const SOURCE_NAME = '交通运输局业务库（演示）';

/** The connection fields of `mysql://user:password@host:port/database` (or mariadb://, postgres://). */
function connectionOf(url: string): Omit<DataSourceCreateInput, 'dataName' | 'descr' | 'orgCode' | 'transportGateway'> {
  const u = new URL(url);
  const postgres = u.protocol.startsWith('postgres');
  return {
    databaseType: postgres ? 'postgresql' : 'mariadb',
    host: u.hostname,
    port: Number(u.port || (postgres ? 5432 : 3306)),
    databaseName: decodeURIComponent(u.pathname.slice(1)),
    userName: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

/**
 * 交换资源 in the demo, when DEMO_DEPARTMENT_DATABASE names a database standing for 交通运输局's
 * own: 王交通 registers it as his department's data source and exchanges the demo's share application
 * in use into a new table of it, once, through the same services as the 交换资源 page (the granted
 * columns only). Without the setting the demo city has no department database and no exchange task.
 * Answers a line for the start-up log; a database that cannot be reached leaves the demo as it is.
 */
export async function seedDemoExchange(db: Db, config: Config): Promise<string | null> {
  if (!config.demoDepartmentDatabase) return null;
  const [already] = await db.select({ id: exchangeTasks.id }).from(exchangeTasks).limit(1);
  if (already) return null;
  const jt = await actorOf(db, 'jtadmin');
  if (!jt?.orgCode) return null;
  const [apply] = await db
    .select({ id: shareApplies.id, title: shareApplies.title })
    .from(shareApplies)
    .where(and(eq(shareApplies.applyOrgCode, jt.orgCode), eq(shareApplies.status, ShareStatus.inUse)))
    .orderBy(asc(shareApplies.createdAt))
    .limit(1);
  if (!apply) return null;
  try {
    const source = await dataSourceService(config).create(db, jt, {
      ...connectionOf(config.demoDepartmentDatabase),
      dataName: SOURCE_NAME,
      descr: '演示用的部门业务库（DEMO_DEPARTMENT_DATABASE）',
      orgCode: null,
      transportGateway: null,
    });
    const exchange = exchangeService(config);
    const fields = await exchange.sourceFields(db, jt, apply.id);
    const table = `share_demo_${apply.id.slice(0, 8)}`;
    const added = await exchange.add(db, jt, {
      applyId: apply.id,
      destStorageId: source.id,
      destTableName: table,
      isAutoCreateDest: AUTO_CREATE_DEST.yes,
      fieldMappings: fields.map((f) => ({ source: f.name, target: f.name })),
      conveyType: CONVEY_TYPE.once,
      importRuleType: '1',
    });
    const run = added.run;
    return run?.outcome === '1'
      ? `演示交换：“${apply.title}”已写入 ${SOURCE_NAME} 的 ${table}（${run.rows} 行）`
      : `演示交换：交换任务已创建，但执行失败：${run?.message ?? '未知原因'}`;
  } catch (error) {
    return `演示交换未完成（DEMO_DEPARTMENT_DATABASE）：${(error as Error).message}`;
  }
}
