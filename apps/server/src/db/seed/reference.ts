import { eq } from 'drizzle-orm';
import { seedCategories } from '../../modules/catalogue/category/seed.js';
import type { Executor } from '../client.js';
import { checkRules, roles, siteConfig, tenants } from '../schema/index.js';
import { seedDataRules } from './data-rules.js';
import { addMissingDictionaries } from './dictionary-sync.js';
import { seedFillRules } from './fill-rules.js';
import { addMissingMenus } from './menu-sync.js';
import { ROLE_SEEDS } from './roles.js';
import { SITE_CONFIG } from './site.js';
import { markReferenceVersion } from './upgrade.js';

/** Reference data every installation needs (menus, roles, dictionaries, rules), demo city or not. */
export async function seedReference(db: Executor) {
  await db.insert(tenants).values({ id: 0, name: '滨江市' }).onConflictDoNothing();

  await db.insert(roles).values(ROLE_SEEDS.map((r) => ({ ...r })));
  await addMissingMenus(db);
  await seedDataRules(db);

  await addMissingDictionaries(db);

  await db
    .insert(siteConfig)
    .values(Object.entries(SITE_CONFIG).map(([key, [value, description]]) => ({ key, value, description })))
    .onConflictDoNothing();

  await seedCategories(db);
  await markReferenceVersion(db);

  await seedFillRules(db);

  await db
    .insert(checkRules)
    .values([
      {
        ruleCode: 'catalog_code',
        ruleName: '信息资源代码',
        description: '类(1位数字)-项(2位数字)-目(3位数字)-顺序号(4位数字)',
        ruleJson: [
          { kind: 'digit', length: 1 },
          { kind: 'literal', value: '-' },
          { kind: 'digit', length: 2 },
          { kind: 'literal', value: '-' },
          { kind: 'digit', length: 3 },
          { kind: 'literal', value: '-' },
          { kind: 'digit', length: 4 },
        ],
      },
      {
        ruleCode: 'org_code',
        ruleName: '机构编码',
        description: '2 位大写字母，后接 1 位字母或数字及 2 至 3 位数字',
        ruleJson: [
          { kind: 'upper', length: 2 },
          { kind: 'alnum', minLength: 1, maxLength: 1 },
          { kind: 'digit', minLength: 2, maxLength: 3 },
        ],
      },
    ])
    .onConflictDoNothing();
}

export async function roleIdByCode(db: Executor, code: string) {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, code));
  if (!row) throw new Error(`role ${code} missing`);
  return row.id;
}
