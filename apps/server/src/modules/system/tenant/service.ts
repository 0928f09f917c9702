import type { Tenant } from '@odp/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { tenants } from '../../../db/schema/index.js';

/** The enabled tenants among the ids; unknown and disabled ones are left out. */
export function tenantsByIds(db: Db, ids: number[]): Promise<Tenant[]> {
  const unique = [...new Set(ids)];
  return db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(and(inArray(tenants.id, unique), eq(tenants.status, 1)))
    .orderBy(asc(tenants.id));
}
