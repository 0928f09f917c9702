import type { Config } from '../../../config.js';
import { interfaceMountService } from '../../../modules/collection/interface-mount.js';
import type { Db, Executor } from '../../client.js';
import type { PlannedEntry } from './build.js';

/** Which built-in upstream (`modules/openapi/gateway/demo-upstreams.ts`) answers each demo 接口 entry. */
const UPSTREAM_OF: Readonly<Record<string, string>> = {
  '行政许可信息（双公示）': 'admin-licenses',
  '行政处罚信息（双公示）': 'admin-penalties',
  居民身份证办理进度查询: 'id-card-progress',
  公交线路运营时刻表: 'bus-timetables',
  城市道路实时路况: 'traffic-conditions',
  教师资格认定信息: 'teacher-certificates',
  气象灾害预警信号: 'weather-warnings',
};

/**
 * Mounts every demo 接口 entry on its built-in upstream through the interface-mount service, so that
 * the gateway answers it as it would an officer's upstream. Runs in the seed's transaction.
 */
export async function seedDemoInterfaces(tx: Executor, config: Config, plan: readonly PlannedEntry[]) {
  const mounts = interfaceMountService(config);
  let mounted = 0;
  for (const { def, row, owner } of plan) {
    if (def.format !== 'api') continue;
    const name = UPSTREAM_OF[def.name];
    if (!name) throw new Error(`demo 接口 entry without a built-in upstream: ${def.name}`);
    await mounts.mountBuiltin(tx as Db, row.id as string, name, owner.realname);
    mounted += 1;
  }
  return mounted;
}
