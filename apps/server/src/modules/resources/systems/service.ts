import {
  APP_SYSTEM_STATE_LABEL,
  type AppNameOption,
  type AppNameQuery,
  type AppSystemItem,
  type AppSystemStateInput,
  type AppSystemUpdateInput,
  CataloguePerm,
  ResourcePerm,
} from '@odp/contracts';
import type { Db } from '../../../db/client.js';
import { logOperation } from '../../../platform/audit/log.js';
import type { Actor } from '../../../platform/auth/actor.js';
import { ownsDepartment, scopeMessages, seesAllDepartments } from '../../../platform/auth/scope.js';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.js';
import { resourceService } from '../../../platform/resource/resource.js';
import {
  cataloguesUsing,
  departNamesOf,
  enabledSystemsOf,
  findAppSystem,
  namesInDepartment,
  setAppSystemState,
} from './repository.js';
import { appSystemResource, presentAppSystem } from './resource.js';

const resource = resourceService(appSystemResource);
const LABEL = appSystemResource.label;

export const listAppSystems = resource.list;
export const getAppSystem = resource.get;
export const addAppSystem = resource.create;
export const removeAppSystems = resource.remove;

/** A rename is refused while catalogue entries name the system: they store its name. */
export async function editAppSystem(db: Db, actor: Actor, input: AppSystemUpdateInput): Promise<AppSystemItem> {
  const before = await findAppSystem(db, input.id);
  if (before && before.appName !== input.appName && ownsDepartment(actor, before.orgCode, ResourcePerm.systemAll)) {
    const n = await cataloguesUsing(db, before.orgCode, before.appName);
    if (n > 0) throw badRequest(`应用系统“${before.appName}”已被 ${n} 条目录使用，不能修改名称`, { field: 'appName' });
  }
  return resource.update(db, actor, input);
}

/** 复制: a closed copy in the same department, named “…（副本）” (numbered when that is taken). */
export async function copyAppSystem(db: Db, actor: Actor, id: string): Promise<AppSystemItem> {
  const source = await resource.get(db, actor, id);
  if (!ownsDepartment(actor, source.orgCode, ResourcePerm.systemAll)) throw forbidden(scopeMessages(LABEL).notOwn);
  const taken = await namesInDepartment(db, source.orgCode);
  const base = `${source.appName.slice(0, 90)}（副本`;
  let appName = `${base}）`;
  for (let n = 2; taken.has(appName); n++) appName = `${base}${n}）`;
  return resource.create(db, actor, { appName, remark: source.remark, orgCode: source.orgCode });
}

/** The inline 启用/关闭 switch. */
export async function setAppSystemStateOf(db: Db, actor: Actor, input: AppSystemStateInput): Promise<AppSystemItem> {
  return db.transaction(async (tx) => {
    const row = await findAppSystem(tx, input.id);
    if (!row) throw notFound(`${LABEL}不存在或已删除`);
    if (!ownsDepartment(actor, row.orgCode, ResourcePerm.systemAll)) throw forbidden(scopeMessages(LABEL).notOwn);
    const updated = await setAppSystemState(tx, row.id, input.state);
    await logOperation(tx, actor, {
      content: `${APP_SYSTEM_STATE_LABEL[input.state]}${LABEL}：${row.appName}`,
      operateType: 'edit',
      target: row.id,
    });
    const names = await departNamesOf(tx, [row.orgCode]);
    return presentAppSystem(updated, names.get(row.orgCode) ?? null);
  });
}

/**
 * `queryAppName`: the enabled systems a catalogue or share form may name — the caller's department's,
 * or the named department's for those who act on every department (administrators, reviewers).
 */
export async function appNamesFor(db: Db, actor: Actor, query: AppNameQuery): Promise<AppNameOption[]> {
  const all = seesAllDepartments(actor, ResourcePerm.systemAll) || seesAllDepartments(actor, CataloguePerm.review);
  const orgCode = query.orgCode && (all || query.orgCode === actor.orgCode) ? query.orgCode : actor.orgCode;
  if (!orgCode) return [];
  return enabledSystemsOf(db, orgCode);
}
