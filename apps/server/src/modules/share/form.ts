import { type ShareApplyInput, ShareMessages, ShelfStatus } from '@odp/contracts';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../platform/auth/actor.js';
import { NO_DEPART_MESSAGE } from '../../platform/auth/scope.js';
import { cityDate, isRealDate } from '../../platform/city-days.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { NOT_SHARED } from './grant.js';
import {
  type AppliedItem,
  appSystemOf,
  attachmentOf,
  findEntry,
  type ShareEntry,
  type ShareInsert,
  type ShareRow,
} from './repository.js';

/** 共享类型 an entry must have to be applied for: 无条件共享 or 有条件共享 (never 不予共享). */
export const SHAREABLE_TYPES: readonly string[] = ['10', '20'];
/** 共享属性 of an item that needs the applicant's reason. */
const CONDITIONAL = '20';

/**
 * The entry a department may apply for: it exists, is on shelf, may be shared, and is another
 * department's. A user without a department cannot apply.
 */
export async function applicableEntry(db: Executor, actor: Actor, catalogId: string): Promise<ShareEntry> {
  if (!actor.orgCode) throw forbidden(NO_DEPART_MESSAGE);
  const entry = await findEntry(db, catalogId);
  if (!entry || entry.shelfStatus === ShelfStatus.deleted) throw notFound('目录不存在');
  if (entry.shelfStatus !== ShelfStatus.on) throw badRequest('目录未上架，不能申请共享');
  if (!SHAREABLE_TYPES.includes(entry.shareType)) throw badRequest(ShareMessages.notShareable);
  if (entry.orgCode === actor.orgCode) throw badRequest('不能申请本部门的数据');
  return entry;
}

function checkItems(entry: ShareEntry, input: ShareApplyInput, submitting: boolean): AppliedItem[] {
  const byName = new Map(entry.items.map((i) => [i.name, i]));
  const seen = new Set<string>();
  const items: AppliedItem[] = [];
  for (const wanted of input.items) {
    const item = byName.get(wanted.name);
    if (!item) throw badRequest(`信息项“${wanted.name}”不属于该目录`, { field: 'items' });
    if (seen.has(item.name)) throw badRequest(`信息项“${item.name}”重复`, { field: 'items' });
    seen.add(item.name);
    if (item.shareProperty === NOT_SHARED)
      throw badRequest(ShareMessages.itemNotShareable(item.name), { field: 'items' });
    // A draft may still lack the reasons; a submitted application may not.
    if (submitting && item.shareProperty === CONDITIONAL && !wanted.reason) {
      throw badRequest(ShareMessages.itemReasonMissing(item.name), { field: 'items' });
    }
    items.push({ name: item.name, reason: wanted.reason ?? null });
  }
  if (submitting && !items.length) throw badRequest(ShareMessages.itemsMissing, { field: 'items' });
  return items;
}

type Period = { forever: boolean; startTime: string | null; endTime: string | null };

/** 使用期限: a start and an end day in order, or 永久; a submitted one must not have ended already. */
export function checkPeriod(
  value: { ifForever?: '0' | '1'; startTime?: string | null; endTime?: string | null },
  submitting: boolean,
  now: Date,
): Period {
  const forever = value.ifForever === '1';
  const startTime = value.startTime ?? null;
  const endTime = forever ? null : (value.endTime ?? null);
  if (startTime && !isRealDate(startTime)) throw badRequest('开始时间不是有效的日期', { field: 'startTime' });
  if (endTime && !isRealDate(endTime)) throw badRequest('结束时间不是有效的日期', { field: 'endTime' });
  if (forever) return { forever, startTime, endTime };
  if (submitting && (!startTime || !endTime)) throw badRequest(ShareMessages.periodMissing, { field: 'endTime' });
  if (startTime && endTime && endTime <= startTime) throw badRequest(ShareMessages.periodOrder, { field: 'endTime' });
  if (submitting && endTime && endTime < cityDate(now)) throw badRequest('结束时间不能早于今天', { field: 'endTime' });
  return { forever, startTime, endTime };
}

/**
 * Checks the application form against the entry and answers the columns it writes; a bad form is a
 * Chinese 400 before anything is written. A draft may be incomplete (items, reasons, period,
 * agreements), but what it holds must be valid; submitting needs it complete.
 */
export async function checkForm(
  db: Executor,
  actor: Actor,
  input: ShareApplyInput,
  opts: { submitting: boolean; existing: ShareRow | null; now: Date },
): Promise<{ entry: ShareEntry; values: Omit<ShareInsert, 'processCode' | 'applicantId'> }> {
  const { submitting, existing, now } = opts;
  if (existing && existing.catalogId !== input.catalogId) {
    throw badRequest('不能更换共享申请的目录', { field: 'catalogId' });
  }
  const entry = await applicableEntry(db, actor, input.catalogId);
  const items = checkItems(entry, input, submitting);
  const period = checkPeriod(input, submitting, now);
  if (input.useAppSystem) {
    const system = await appSystemOf(db, input.useAppSystem);
    if (!system || system.orgCode !== actor.orgCode) {
      throw badRequest('请选择本部门的应用系统', { field: 'useAppSystem' });
    }
  }
  if (input.applyFileId && input.applyFileId !== existing?.applyFileId) {
    const file = await attachmentOf(db, input.applyFileId);
    if (!file || file.uploadedBy !== actor.userId)
      throw badRequest('申请表不存在，请重新上传', { field: 'applyFileId' });
  }
  if (submitting && !input.agreementsAccepted) throw badRequest(ShareMessages.agreementsMissing);
  return {
    entry,
    values: {
      catalogId: entry.id,
      title: input.title,
      // An edit keeps the applying department, whoever of the applicants edits.
      applyOrgCode: existing?.applyOrgCode ?? (actor.orgCode as string),
      sourceOrgCode: entry.orgCode,
      useAppSystemId: input.useAppSystem ?? null,
      keyAreasType: input.keyAreasType || entry.keyAreasType,
      applyRemark: input.applyRemark,
      applyFileId: input.applyFileId ?? null,
      startTime: period.startTime,
      endTime: period.endTime,
      forever: period.forever,
      items,
      agreementsAcceptedAt: input.agreementsAccepted ? (existing?.agreementsAcceptedAt ?? now) : null,
    },
  };
}
