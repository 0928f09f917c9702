import { and, eq } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { permissionDataRules, permissions } from '../schema/index.js';

/**
 * One example 数据规则 on 用户管理, switched off and selected by no role, so that administrators can
 * see how a rule is written (a system variable as the value) before making their own.
 */
export async function seedDataRules(db: Executor) {
  const [menu] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(eq(permissions.path, '/system/User'), eq(permissions.menuType, 1)));
  if (!menu) return;
  await db.insert(permissionDataRules).values({
    permissionId: menu.id,
    ruleName: '本部门用户（示例）',
    ruleColumn: 'orgCode',
    ruleConditions: '=',
    ruleValue: '#{sys_org_code}',
    status: '0',
  });
}
