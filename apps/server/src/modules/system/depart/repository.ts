import type { Depart } from '@odp/contracts';
import { and, asc, eq, ilike, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { departs, userDeparts, users } from '../../../db/schema/index.js';
import { containing } from '../../../platform/resource/like.js';

export type DepartRow = {
  id: string;
  parentId: string | null;
  orgCode: string;
  departName: string;
  orgType: string;
};

const departColumns = {
  id: departs.id,
  parentId: departs.parentId,
  orgCode: departs.orgCode,
  departName: departs.departName,
  orgType: departs.orgType,
};

const displayOrder = [asc(departs.sortNo), asc(departs.departName)];

/** Every department that is not soft-deleted, in display order. */
export function selectActiveDeparts(db: Executor): Promise<DepartRow[]> {
  return db
    .select(departColumns)
    .from(departs)
    .where(isNull(departs.deletedAt))
    .orderBy(...displayOrder);
}

export function searchActiveDeparts(db: Executor, keyword: string, limit: number): Promise<DepartRow[]> {
  const pattern = containing(keyword);
  return db
    .select(departColumns)
    .from(departs)
    .where(and(isNull(departs.deletedAt), or(ilike(departs.departName, pattern), ilike(departs.orgCode, pattern))))
    .orderBy(...displayOrder)
    .limit(limit);
}

export function selectDepartsByType(db: Executor, orgType: string): Promise<Depart[]> {
  return db
    .select({ id: departs.id, orgCode: departs.orgCode, departName: departs.departName, orgType: departs.orgType })
    .from(departs)
    .where(and(isNull(departs.deletedAt), eq(departs.orgType, orgType)))
    .orderBy(...displayOrder);
}

export async function findActiveUserId(db: Executor, username: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), isNull(users.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

/** The departments a user belongs to, excluding soft-deleted ones. */
export function selectDepartsOfUser(db: Executor, userId: string): Promise<Depart[]> {
  return db
    .select({ id: departs.id, orgCode: departs.orgCode, departName: departs.departName, orgType: departs.orgType })
    .from(userDeparts)
    .innerJoin(departs, eq(departs.id, userDeparts.departId))
    .where(and(eq(userDeparts.userId, userId), isNull(departs.deletedAt)))
    .orderBy(...displayOrder);
}
