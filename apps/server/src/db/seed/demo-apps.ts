import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { appSecrets, newAppKey, newAppSecret } from '../../modules/openapi/keys.js';
import type { Executor } from '../client.js';
import { openApps, users } from '../schema/index.js';

/**
 * The demo citizen's application of the open data API. Its secret is random and kept sealed like any
 * other: the citizen sees it by 更换密钥 in 我的应用, and the plain key already reads 无条件开放 data.
 */
export async function seedDemoApps(db: Executor, config: Config) {
  const [citizen] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'citizen'));
  if (!citizen) return;
  await db.insert(openApps).values({
    userId: citizen.id,
    name: '滨江出行助手',
    description: '查询公交线路、停车场与天气预警的个人小程序',
    appKey: newAppKey(),
    secretEnc: appSecrets(config).seal(newAppSecret()),
  });
}
