import { type Depart, type DepartIdTreeNode, type DepartTreeNode, ORG_TYPE, Perm } from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { badRequest, forbidden } from '../../../platform/http/errors.js';
import {
  findActiveUserId,
  searchActiveDeparts,
  selectActiveDeparts,
  selectDepartsByType,
  selectDepartsOfUser,
} from './repository.js';
import { buildDepartTree, toIdTree, toTreeNode } from './tree.js';

/** A search answers at most this many departments; a keyword that matches more is too vague. */
const SEARCH_LIMIT = 200;

export async function departTree(db: Db): Promise<DepartTreeNode[]> {
  return buildDepartTree(await selectActiveDeparts(db));
}

export async function departIdTree(db: Db): Promise<DepartIdTreeNode[]> {
  return toIdTree(await departTree(db));
}

/** Departments whose name or code contains the keyword, as flat tree nodes. */
export async function searchDeparts(db: Db, keyWord: string): Promise<DepartTreeNode[]> {
  const rows = await searchActiveDeparts(db, keyWord, SEARCH_LIMIT);
  return rows.map((r) => toTreeNode(r));
}

/** The districts and counties (区县) for the portal's county catalogue and region filters. */
export function govAreas(db: Db): Promise<Depart[]> {
  return selectDepartsByType(db, ORG_TYPE.district);
}

/** A user's departments: one's own always, anyone else's only with the user-list permission. */
export async function departsOfUser(db: Db, actor: Actor, userName: string | undefined): Promise<Depart[]> {
  if (!userName || userName === actor.username) return selectDepartsOfUser(db, actor.userId);
  if (!actor.perms.has(Perm.userList)) throw forbidden('只能查询本人的部门');
  const userId = await findActiveUserId(db, userName);
  if (!userId) throw badRequest('用户不存在');
  return selectDepartsOfUser(db, userId);
}
