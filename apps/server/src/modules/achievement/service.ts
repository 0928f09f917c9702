import {
  ACHIEVEMENT_LIMITS,
  ACHIEVEMENT_MACHINE,
  type AchievementAction,
  type AchievementCard,
  type AchievementDetail,
  type AchievementImage,
  type AchievementListQuery,
  AchievementMessages,
  AchievementPerm,
  type AchievementRecord,
  type AchievementSaveInput,
  AchievementStatus,
  type AchievementTransitionInput,
  APPLICATION_TYPE_LABEL,
  allowedActions,
  type BatchResult,
  type Page,
  type PublicAchievementQuery,
  toPage,
} from '@odp/contracts';
import { and, asc, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Executor, Tx } from '../../db/client.js';
import { achievements, workflowHistory } from '../../db/schema/index.js';
import { logOperation } from '../../platform/audit/log.js';
import { type Actor, can } from '../../platform/auth/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { applyTransition, applyTransitions, departNameOf } from '../../platform/workflow/apply.js';
import { recordHistory } from '../../platform/workflow/history.js';
import { sniffPicture } from '../system/picture/sniff.js';
import {
  type AchievementRow,
  associatedData,
  countDatasets,
  countOwnImages,
  countView,
  datasetsOf,
  findAchievement,
  insertAchievement,
  insertImage,
  isCollected,
  live,
  matchesKeyword,
  myScore,
  ORDER,
  ownerNames,
  pageRows,
  publicEntryIds,
  publishedSql,
  rate,
  setCollected,
  setDatasets,
  updateAchievement,
  urlHolder,
  usesCategory,
  usesDepartment,
  usesEntry,
} from './repository.js';
import { achievementSubject } from './subject.js';

const a = achievements;
const within = (tx: Tx): Db => tx;

/** Where the pictures are served (public: a published result shows them to everyone). */
export const imageUrl = (apiBase: string, id: string | null) => (id ? `${apiBase}/api/achievement/image/${id}` : null);

/** Personal results are their user's; a department's are its members'. */
export const isOwner = (actor: Actor, row: Pick<AchievementRow, 'orgCode' | 'ownerId'>) =>
  row.orgCode ? actor.orgCode === row.orgCode : row.ownerId === actor.userId;

/** Its owner, and the bureau once it was submitted; nobody else learns it exists. */
export const canSee = (actor: Actor, row: AchievementRow) =>
  isOwner(actor, row) || (can(actor, AchievementPerm.review) && row.status !== AchievementStatus.draft);

/** The back office's list: the bureau sees every submitted result, a department its own. */
function backOfficeScope(actor: Actor): SQL {
  const own = actor.orgCode ? eq(a.orgCode, actor.orgCode) : sql`false`;
  return can(actor, AchievementPerm.review) ? (or(ne(a.status, AchievementStatus.draft), own) as SQL) : own;
}

const personalScope = (actor: Actor) => and(eq(a.ownerId, actor.userId), isNull(a.orgCode)) as SQL;

function actionsFor(actor: Actor, row: AchievementRow): AchievementAction[] {
  const owner = isOwner(actor, row);
  return allowedActions(ACHIEVEMENT_MACHINE, { status: row.status }, actor.perms).filter((action) => {
    const t = ACHIEVEMENT_MACHINE.transitions.find((x) => x.action === action);
    return !t?.applicantOnly || owner;
  });
}

export function achievementService(apiBase: string) {
  const url = (id: string | null) => imageUrl(apiBase, id);

  async function present(db: Executor, actor: Actor, rows: AchievementRow[]): Promise<AchievementRecord[]> {
    const datasets = await datasetsOf(
      db,
      rows.map((r) => r.id),
      false,
    );
    const names = await ownerNames(db, rows);
    return rows.map((r) => ({
      id: r.id,
      applyName: r.applyName,
      applicationType: r.applicationType,
      domainId: r.domainId,
      developerType: r.developerType,
      developerName: r.developerName,
      url: r.url,
      qrCodeId: r.qrCodeId,
      qrCodeUrl: url(r.qrCodeId),
      onlineDate: r.onlineDate,
      applyIntroduce: r.applyIntroduce,
      logoId: r.logoId,
      logoUrl: url(r.logoId),
      screenshotIds: r.screenshotIds,
      screenshotUrls: r.screenshotIds.map((id) => url(id) ?? ''),
      dataIds: (datasets.get(r.id) ?? []).map((x) => x.id),
      datasets: datasets.get(r.id) ?? [],
      status: r.status as AchievementRecord['status'],
      ownerName: names.get(r.orgCode ? `org:${r.orgCode}` : `user:${r.ownerId}`) ?? '',
      orgCode: r.orgCode,
      linkBroken: r.linkBroken,
      linkCheckedAt: r.linkCheckedAt?.toISOString() ?? null,
      reason: r.reason,
      viewNum: r.viewNum,
      submittedAt: r.submittedAt?.toISOString() ?? null,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      createTime: r.createdAt.toISOString(),
      updateTime: r.updatedAt.toISOString(),
      actions: actionsFor(actor, r),
    }));
  }

  async function cards(db: Executor, rows: AchievementRow[]): Promise<AchievementCard[]> {
    const counts = await countDatasets(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      applyName: r.applyName,
      applicationType: r.applicationType,
      applicationTypeText: APPLICATION_TYPE_LABEL[r.applicationType] ?? '其他',
      domainId: r.domainId,
      developerType: r.developerType,
      developerName: r.developerName,
      logoUrl: url(r.logoId),
      applyIntroduce: r.applyIntroduce,
      datasetCount: counts.get(r.id) ?? 0,
      viewNum: r.viewNum,
      collectNum: r.collectNum,
      scoreAvg: Number(r.scoreAvg),
      scoreNum: r.scoreNum,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      linkBroken: r.linkBroken,
    }));
  }

  /** The row the caller may see, else 404 (a guessed id and another's record answer alike). */
  async function visible(db: Executor, actor: Actor, id: string): Promise<AchievementRow> {
    const row = await findAchievement(db, id);
    if (!row || !canSee(actor, row)) throw notFound(AchievementMessages.notFound);
    return row;
  }

  /** The form's references: public datasets, a free address, the caller's own (or the record's) pictures. */
  async function checkReferences(tx: Executor, actor: Actor, input: AchievementSaveInput, existing?: AchievementRow) {
    const found = await publicEntryIds(tx, input.dataIds);
    if (found.size !== input.dataIds.length)
      throw badRequest(AchievementMessages.datasetsUnknown, { field: 'dataIds' });
    if (input.url && (await urlHolder(tx, input.url, existing?.id)))
      throw badRequest(AchievementMessages.urlTaken, { field: 'url' });
    const kept = new Set(existing ? [existing.logoId, existing.qrCodeId, ...existing.screenshotIds] : []);
    const named = [...new Set([input.logoId, input.qrCodeId, ...input.screenshotIds])].filter(
      (x): x is string => Boolean(x) && !kept.has(x as string),
    );
    if ((await countOwnImages(tx, actor.userId, named)) !== named.length)
      throw badRequest(AchievementMessages.imageUnknown, { field: 'logoId' });
  }

  const columnsOf = (input: AchievementSaveInput) => ({
    applyName: input.applyName,
    applicationType: input.applicationType,
    domainId: input.domainId,
    developerType: input.developerType,
    developerName: input.developerName,
    url: input.url,
    qrCodeId: input.qrCodeId,
    onlineDate: input.onlineDate,
    applyIntroduce: input.applyIntroduce,
    logoId: input.logoId,
    screenshotIds: input.screenshotIds,
  });

  /**
   * 保存 (and 提交审核 with `submit`): a new result as a draft, or an edit through the machine's `edit`
   * rule; submitting goes through the kernel in the same transaction, so a refused submit saves nothing.
   * `side` says whose a new result is: the caller's own (personal centre) or their department's.
   */
  async function save(
    db: Db,
    actor: Actor,
    input: AchievementSaveInput,
    side: 'personal' | 'department',
    submit: boolean,
  ): Promise<{ id: string }> {
    if (side === 'department' && !actor.orgCode && !input.id) throw badRequest(AchievementMessages.noDepartment);
    return db.transaction(async (tx) => {
      let id: string;
      if (input.id) {
        const existing = await visible(tx, actor, input.id);
        await checkReferences(tx, actor, input, existing);
        id = existing.id;
        await applyTransition(within(tx), actor, achievementSubject, id, 'edit', {}, async (inner) => {
          await updateAchievement(inner, id, { ...columnsOf(input), updatedAt: new Date() });
          await setDatasets(inner, id, input.dataIds);
        });
      } else {
        await checkReferences(tx, actor, input);
        const row = await insertAchievement(tx, {
          ...columnsOf(input),
          ownerId: actor.userId,
          orgCode: side === 'department' ? actor.orgCode : null,
        });
        id = row.id;
        await setDatasets(tx, id, input.dataIds);
        await recordHistory(tx, {
          subjectType: ACHIEVEMENT_MACHINE.subject,
          subjectId: id,
          action: 'create',
          from: null,
          to: { status: row.status },
          comment: null,
          actor,
          departName: await departNameOf(tx, actor.orgCode),
        });
        await logOperation(tx, actor, { content: `新增应用成果：${row.applyName}`, operateType: 'add', target: id });
      }
      if (submit) await applyTransition(within(tx), actor, achievementSubject, id, 'submit');
      return { id };
    });
  }

  return {
    present,
    save,

    async list(db: Db, actor: Actor, q: AchievementListQuery, side: 'personal' | 'department') {
      const where = and(
        live,
        side === 'personal' ? personalScope(actor) : backOfficeScope(actor),
        q.applyName ? matchesKeyword(q.applyName) : undefined,
        q.applicationType ? eq(a.applicationType, q.applicationType) : undefined,
        q.status ? eq(a.status, q.status) : undefined,
        q.linkBroken ? eq(a.linkBroken, q.linkBroken === '1') : undefined,
      );
      const { rows, total } = await pageRows(
        db,
        where,
        [desc(a.updatedAt), desc(a.id)],
        q.pageSize,
        (q.pageNo - 1) * q.pageSize,
      );
      return toPage(await present(db, actor, rows), total, q);
    },

    async get(db: Db, actor: Actor, id: string): Promise<AchievementRecord> {
      const [record] = await present(db, actor, [await visible(db, actor, id)]);
      return record;
    },

    /** Each id the caller may see goes to the kernel; the others are refused as missing. */
    async transition(db: Db, actor: Actor, input: AchievementTransitionInput): Promise<BatchResult> {
      const seen: string[] = [];
      const refused: BatchResult['refused'] = [];
      for (const id of new Set(input.ids)) {
        const row = await findAchievement(db, id);
        if (row && canSee(actor, row)) seen.push(id);
        else refused.push({ id, reason: AchievementMessages.notFound });
      }
      if (input.ids.length === 1 && refused.length) throw notFound(AchievementMessages.notFound);
      const result = await applyTransitions(db, actor, achievementSubject, seen, input.action, {
        comment: input.comment,
      });
      return { succeeded: result.succeeded, refused: [...result.refused, ...refused] };
    },

    /** 操作日志: the kernel's history of the result. */
    async history(db: Db, actor: Actor, id: string) {
      await visible(db, actor, id);
      const rows = await db
        .select()
        .from(workflowHistory)
        .where(and(eq(workflowHistory.subjectType, ACHIEVEMENT_MACHINE.subject), eq(workflowHistory.subjectId, id)))
        .orderBy(asc(workflowHistory.createdAt));
      const label = (action: string) =>
        action === 'create'
          ? '新增'
          : (ACHIEVEMENT_MACHINE.transitions.find((t) => t.action === action)?.label ?? action);
      return rows.map((r) => ({
        id: r.id,
        action: r.action,
        actionLabel: label(r.action),
        fromStatus: r.fromState?.status ? String(r.fromState.status) : null,
        toStatus: r.toState?.status ? String(r.toState.status) : null,
        comment: r.comment,
        operator: r.realname || r.username || '系统',
        departName: r.departName,
        time: r.createdAt.toISOString(),
      }));
    },

    associatedData: (db: Db, name: string | undefined, ids: string[]) => associatedData(db, name, ids),

    async publicPage(db: Db, q: PublicAchievementQuery): Promise<Page<AchievementCard>> {
      const tree =
        q.orgCode && q.treeType
          ? usesDepartment(q.orgCode)
          : q.nodeId && q.treeType === '2' && /^[0-9a-f-]{36}$/i.test(q.nodeId)
            ? usesCategory(q.nodeId)
            : undefined;
      const where = and(
        publishedSql,
        q.keyword ? matchesKeyword(q.keyword) : undefined,
        q.applicationType ? eq(a.applicationType, q.applicationType) : undefined,
        q.domainId ? eq(a.domainId, q.domainId) : undefined,
        tree,
      );
      const { rows, total } = await pageRows(db, where, ORDER[q.sort], q.pageSize, (q.pageNo - 1) * q.pageSize);
      return toPage(await cards(db, rows), total, q);
    },

    /** The published results that use a dataset, newest first. */
    async ofDataset(db: Db, catalogId: string): Promise<AchievementCard[]> {
      const { rows } = await pageRows(db, and(publishedSql, usesEntry(catalogId)), ORDER.new, 20, 0);
      return cards(db, rows);
    },

    async home(db: Db): Promise<{ newest: AchievementCard[]; hottest: AchievementCard[] }> {
      const newest = await pageRows(db, publishedSql, ORDER.new, 4, 0);
      const hottest = await pageRows(db, publishedSql, ORDER.hot, 4, 0);
      return { newest: await cards(db, newest.rows), hottest: await cards(db, hottest.rows) };
    },

    /** A published result for anyone (its view counted); a signed-in visitor also gets their score and 收藏. */
    async detail(db: Db, actor: Actor | null, id: string, countIt: boolean): Promise<AchievementDetail> {
      const row = await findAchievement(db, id);
      if (!row || row.status !== AchievementStatus.published) throw notFound(AchievementMessages.notFound);
      if (countIt) {
        await countView(db, id);
        row.viewNum += 1;
      }
      const [card] = await cards(db, [row]);
      const datasets = (await datasetsOf(db, [id], true)).get(id) ?? [];
      return {
        ...card,
        url: row.url,
        qrCodeUrl: url(row.qrCodeId),
        onlineDate: row.onlineDate,
        screenshotUrls: row.screenshotIds.map((x) => url(x) ?? ''),
        datasets,
        myScore: actor ? await myScore(db, id, actor.userId) : null,
        collected: actor ? await isCollected(db, id, actor.userId) : false,
      };
    },

    async rate(db: Db, actor: Actor, id: string, score: number) {
      await db.transaction(async (tx) => {
        const row = await findAchievement(tx, id);
        if (!row || row.status !== AchievementStatus.published) throw notFound(AchievementMessages.notFound);
        await rate(tx, id, actor.userId, score);
      });
      const after = await findAchievement(db, id);
      return { scoreAvg: Number(after?.scoreAvg ?? 0), scoreNum: after?.scoreNum ?? 0, myScore: score };
    },

    async collect(db: Db, actor: Actor, id: string, on: boolean) {
      await db.transaction(async (tx) => {
        const row = await findAchievement(tx, id);
        if (!row || row.status !== AchievementStatus.published) throw notFound(AchievementMessages.notFound);
        await setCollected(tx, id, actor.userId, on);
      });
      const after = await findAchievement(db, id);
      return { collected: on, collectNum: after?.collectNum ?? 0 };
    },
  };
}

/** Longest side a stored picture keeps: enough for a screenshot on a wide screen. */
const IMAGE_MAX_SIDE = 1280;

/**
 * A logo, screenshot or QR code: the type read from its first bytes (never the name), decoded and
 * resized with sharp (which refuses what is not really a picture) and stored as WebP.
 */
export async function uploadImage(
  db: Db,
  storage: Storage,
  actor: Actor,
  bytes: Buffer,
  apiBase: string,
): Promise<AchievementImage> {
  if (bytes.length > ACHIEVEMENT_LIMITS.imageBytes) throw badRequest(AchievementMessages.imageTooLarge);
  if (!sniffPicture(bytes)) throw badRequest(AchievementMessages.imageType);
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(AchievementMessages.imageUnreadable);
  }
  const storageKey = await storage.put(webp, 'bin');
  try {
    const row = await insertImage(db, { ownerId: actor.userId, storageKey, mimeType: 'image/webp', size: webp.length });
    return { id: row.id, url: imageUrl(apiBase, row.id) ?? '' };
  } catch (e) {
    await storage.remove(storageKey);
    throw e;
  }
}

export type AchievementService = ReturnType<typeof achievementService>;
