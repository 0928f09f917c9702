import {
  CONTENT_MACHINE,
  type ContentFile,
  type ContentItem,
  type ContentKind,
  ContentMessages,
  ContentPerm,
  ContentStatus,
  type ContentTransitionInput,
  type ContentUploadPurpose,
  contentFileUrl,
  type FaqSaveInput,
  type HomeInformation,
  type InformationSaveInput,
  type Page,
  type PublicContentDetail,
  type PublicContentItem,
  type PublicFaq,
  type PublicNotice,
  type StudyWorldSaveInput,
  toPage,
} from '@odp/contracts';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
import { contentItems } from '../../db/schema/index.js';
import { logOperation } from '../../platform/audit/log.js';
import type { Actor } from '../../platform/auth/actor.js';
import { systemActor } from '../../platform/auth/system-actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { containing } from '../../platform/resource/like.js';
import { sanitizeRichText } from '../../platform/sanitize/html.js';
import { applyTransition, applyTransitions, departNameOf } from '../../platform/workflow/apply.js';
import { recordHistory } from '../../platform/workflow/history.js';
import { findPublicNotice, listPublicNotices } from '../system/announcement/repository.js';
import {
  bindFiles,
  type ContentFileRow,
  type ContentInsert,
  type ContentRow,
  countView,
  dueItems,
  FAQ_ORDER,
  filesByIds,
  findItem,
  insertItem,
  liveItem,
  PUBLIC_ORDER,
  pageItems,
  updateItem,
} from './repository.js';
import { refreshContentSearch } from './search.js';
import { contentSubject } from './subject.js';

const c = contentItems;
const within = (tx: Tx): Db => tx;
const { published } = ContentStatus;

/** Role code of a visitor who has not signed in, for a document's 发布范围. */
export const GUEST_ROLE = 'guest';

/** What each kind's form may name as files, by purpose. */
const ATTACHMENT_PURPOSES: readonly ContentUploadPurpose[] = ['attachment', 'image'];

/** Ids of this platform's content pictures named in rich text (`…/api/content/file/<id>`). */
export function imageIdsIn(html: string): string[] {
  return [...html.matchAll(/\/api\/content\/file\/([0-9a-f-]{36})/gi)].map((m) => m[1].toLowerCase());
}

/**
 * Published, and — for documents released to some roles only — released to one of the reader's
 * roles (a visitor is `guest`). The back office's readers (content staff) see every published item.
 */
export function publicWhere(actor: Actor | null): SQL {
  const released = and(eq(c.status, published), liveItem) as SQL;
  if (actor?.perms.has(ContentPerm.list)) return released;
  const roles = [GUEST_ROLE, ...(actor?.roleCodes ?? [])];
  return and(
    released,
    sql`(${c.releaseScope} = '[]'::jsonb or exists (select 1 from jsonb_array_elements_text(${c.releaseScope}) as s(code) where s.code in ${roles}))`,
  ) as SQL;
}

type SaveInput =
  | { kind: 'information'; input: InformationSaveInput }
  | { kind: 'document'; input: StudyWorldSaveInput }
  | { kind: 'faq'; input: FaqSaveInput };

/** The columns each kind's form writes; rich text sanitised here, on save. */
function columnsOf(save: SaveInput): Partial<ContentInsert> & { fileIds: string[] } {
  switch (save.kind) {
    case 'information': {
      const body = sanitizeRichText(save.input.msgContent);
      return {
        type: save.input.informationType,
        title: save.input.informationName,
        body,
        isTop: save.input.isTop,
        attachmentIds: save.input.attachments,
        fileIds: [...save.input.attachments, ...imageIdsIn(body)],
      };
    }
    case 'document':
      return {
        type: save.input.dataManagementType,
        title: save.input.dataName,
        body: save.input.remark ?? '',
        isTop: save.input.isTop,
        fileId: save.input.fileId,
        releaseScope: [...new Set(save.input.releaseScope)],
        fileIds: [save.input.fileId],
      };
    case 'faq': {
      const body = sanitizeRichText(save.input.answer);
      return {
        type: save.input.category,
        title: save.input.question,
        body,
        isTop: save.input.isTop,
        sortNo: save.input.sortNo,
        attachmentIds: save.input.attachments,
        fileIds: [...save.input.attachments, ...imageIdsIn(body)],
      };
    }
  }
}

export function contentService(apiBase: string) {
  const presentFile = (f: ContentFileRow): ContentFile => ({
    id: f.id,
    fileName: f.fileName,
    size: f.size,
    mimeType: f.mimeType,
    url: contentFileUrl(apiBase, f.id),
  });

  async function filesOf(db: Executor, rows: ContentRow[]) {
    return filesByIds(
      db,
      rows.flatMap((r) => [...r.attachmentIds, ...(r.fileId ? [r.fileId] : [])]),
    );
  }

  async function present(db: Executor, rows: ContentRow[]): Promise<ContentItem[]> {
    const files = await filesOf(db, rows);
    const file = (id: string | null) => {
      const f = id ? files.get(id) : undefined;
      return f ? presentFile(f) : null;
    };
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind as ContentKind,
      type: r.type,
      title: r.title,
      body: r.body,
      isTop: r.isTop,
      sortNo: r.sortNo,
      status: r.status as ContentStatus,
      appointTime: r.appointTime?.toISOString() ?? null,
      releaseTime: r.releaseTime?.toISOString() ?? null,
      releasePerson: r.releasePerson,
      releaseScope: r.releaseScope,
      file: file(r.fileId),
      attachments: r.attachmentIds.map(file).filter((f): f is ContentFile => f !== null),
      viewNum: r.viewNum,
      deptName: r.deptName,
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt?.toISOString() ?? null,
    }));
  }

  async function presentPublic(db: Executor, rows: ContentRow[]): Promise<PublicContentItem[]> {
    const items = await present(db, rows);
    return items.map((i) => ({
      id: i.id,
      kind: i.kind,
      type: i.type,
      title: i.title,
      isTop: i.isTop,
      releaseTime: i.releaseTime,
      releasePerson: i.releasePerson,
      viewNum: i.viewNum,
      deptName: i.deptName,
      file: i.file,
    }));
  }

  /**
   * The files a form names: each must be a content upload of an allowed purpose, and either the
   * caller's own upload not yet used by another item, or already this item's.
   */
  async function checkFiles(
    tx: Executor,
    actor: Actor,
    ids: readonly string[],
    purposes: readonly ContentUploadPurpose[],
    itemId?: string,
  ) {
    const found = await filesByIds(tx, ids);
    for (const id of new Set(ids)) {
      const f = found.get(id);
      const usable =
        f &&
        purposes.includes(f.purpose as ContentUploadPurpose) &&
        (f.itemId ? f.itemId === itemId : f.uploadedBy === actor.userId);
      if (!usable) throw badRequest(ContentMessages.fileUnknown, { field: 'attachments' });
    }
  }

  async function checkSaveFiles(tx: Executor, actor: Actor, save: SaveInput, itemId?: string) {
    if (save.kind === 'document') {
      await checkFiles(tx, actor, [save.input.fileId], ['document'], itemId);
      return;
    }
    const body = save.kind === 'information' ? save.input.msgContent : save.input.answer;
    await checkFiles(tx, actor, save.input.attachments, ATTACHMENT_PURPOSES, itemId);
    // A picture may be reused from another item (copied text): only that it is a content picture.
    const images = await filesByIds(tx, imageIdsIn(body));
    for (const f of images.values()) {
      if (f.purpose !== 'image') throw badRequest(ContentMessages.imageType, { field: 'body' });
    }
  }

  /** The appointment must lie ahead of now. */
  function checkAppointment(release: string, appointTime: Date | null, now: Date) {
    if (release !== 'schedule') return;
    if (!appointTime) throw badRequest(ContentMessages.appointMissing, { field: 'appointTime' });
    if (appointTime.getTime() <= now.getTime()) throw badRequest(ContentMessages.appointPast, { field: 'appointTime' });
  }

  /**
   * 保存 / 立即发布 / 预约发布 of any kind: a new item as 编辑中, an edit through the machine's `edit`
   * rule, then publishing or scheduling through the kernel — all in one transaction, so a refused
   * release saves nothing.
   */
  async function save(db: Db, actor: Actor, save: SaveInput, id?: string, now = new Date()): Promise<{ id: string }> {
    const { release, appointTime } = save.input;
    checkAppointment(release, appointTime, now);
    return db.transaction(async (tx) => {
      const { fileIds, ...columns } = columnsOf(save);
      let itemId: string;
      if (id) {
        const existing = await findItem(tx, id, eq(c.kind, save.kind));
        if (!existing) throw notFound(ContentMessages.notFound);
        await checkSaveFiles(tx, actor, save, id);
        itemId = id;
        await applyTransition(within(tx), actor, contentSubject, id, 'edit', {}, async (inner) => {
          await updateItem(inner, id, { ...columns, updatedAt: now });
        });
      } else {
        await checkSaveFiles(tx, actor, save);
        const deptName = await departNameOf(tx, actor.orgCode);
        const row = await insertItem(tx, {
          kind: save.kind,
          type: columns.type ?? '',
          title: columns.title ?? '',
          ...columns,
          status: ContentStatus.editing,
          orgCode: actor.orgCode,
          deptName,
          createdBy: actor.userId,
        });
        itemId = row.id;
        await recordHistory(tx, {
          subjectType: CONTENT_MACHINE.subject,
          subjectId: itemId,
          action: 'create',
          from: null,
          to: { status: row.status },
          comment: null,
          actor,
          departName: deptName,
        });
        await logOperation(tx, actor, { content: `新增内容：${row.title}`, operateType: 'add', target: itemId });
      }
      await bindFiles(tx, itemId, fileIds);
      await refreshContentSearch(tx, [itemId]);
      if (release === 'publish') await applyTransition(within(tx), actor, contentSubject, itemId, 'publish');
      if (release === 'schedule')
        await applyTransition(within(tx), actor, contentSubject, itemId, 'schedule', { extra: { appointTime } });
      return { id: itemId };
    });
  }

  return {
    present,
    save,

    /** One item of a kind for the back office. */
    async get(db: Db, kind: ContentKind, id: string): Promise<ContentItem> {
      const row = await findItem(db, id, eq(c.kind, kind));
      if (!row) throw notFound(ContentMessages.notFound);
      return (await present(db, [row]))[0];
    },

    /** Row buttons and batch actions of any kind: each id must be of this kind. */
    async transition(db: Db, actor: Actor, kind: ContentKind, input: ContentTransitionInput, now = new Date()) {
      checkAppointment(input.action === 'schedule' ? 'schedule' : 'save', input.appointTime, now);
      return applyTransitions(
        db,
        actor,
        contentSubject,
        input.ids,
        (record) => (record.row.kind === kind ? input.action : { refused: ContentMessages.notFound }),
        { extra: { appointTime: input.appointTime } },
        () => now,
      );
    },

    /** Published items of a kind and type for visitors: pinned first, newest first; a keyword in the title or text. */
    async publicPage(
      db: Db,
      actor: Actor | null,
      kind: 'information' | 'document',
      type: string,
      q: { keyword?: string; pageNo: number; pageSize: number },
    ): Promise<Page<PublicContentItem>> {
      const word = q.keyword ? containing(q.keyword) : null;
      const where = and(
        publicWhere(actor),
        eq(c.kind, kind),
        eq(c.type, type),
        word ? or(ilike(c.title, word), ilike(c.body, word)) : undefined,
      );
      const { rows, total } = await pageItems(db, where, PUBLIC_ORDER, q.pageSize, (q.pageNo - 1) * q.pageSize);
      return toPage(await presentPublic(db, rows), total, q);
    },

    /** A published news or policy item, counting the view. */
    async publicDetail(db: Db, actor: Actor | null, id: string): Promise<PublicContentDetail> {
      const where = and(publicWhere(actor), eq(c.kind, 'information')) as SQL;
      const viewNum = await countView(db, id, where);
      const row = viewNum === null ? null : await findItem(db, id, where);
      if (!row) throw notFound(ContentMessages.notFound);
      const [item] = await present(db, [row]);
      return { ...(await presentPublic(db, [row]))[0], body: item.body, attachments: item.attachments };
    },

    /** The help centre's 常见问题: 上架 entries by sort number, optionally of one category or with a keyword. */
    async publicFaqs(db: Db, q: { category?: string; keyword?: string }): Promise<PublicFaq[]> {
      const word = q.keyword ? containing(q.keyword) : null;
      const where = and(
        publicWhere(null),
        eq(c.kind, 'faq'),
        q.category ? eq(c.type, q.category) : undefined,
        word ? or(ilike(c.title, word), ilike(c.body, word)) : undefined,
      );
      const { rows } = await pageItems(db, where, FAQ_ORDER, 500, 0);
      const items = await present(db, rows);
      return items.map((i) => ({
        id: i.id,
        question: i.title,
        answer: i.body,
        category: i.type,
        attachments: i.attachments,
      }));
    },

    /** The home page's 资讯 card: six of each tab. */
    async home(db: Db): Promise<HomeInformation> {
      const of = async (type: string) => {
        const where = and(publicWhere(null), eq(c.kind, 'information'), eq(c.type, type));
        return presentPublic(db, (await pageItems(db, where, PUBLIC_ORDER, 6, 0)).rows);
      };
      const [news, policy, notices] = await Promise.all([of('1'), of('2'), listPublicNotices(db, 6)]);
      return {
        news,
        policy,
        notices: notices.map((n) => ({ id: n.id, title: n.title, releaseTime: n.sendTime?.toISOString() ?? null })),
      };
    },

    async publicNotice(db: Db, id: string): Promise<PublicNotice> {
      const row = await findPublicNotice(db, id);
      if (!row) throw notFound(ContentMessages.notFound);
      return {
        id: row.id,
        title: row.titile,
        body: row.msgContent,
        releaseTime: row.sendTime?.toISOString() ?? null,
        sender: row.sender,
      };
    },

    /** A document (study-world file) for a reader it is released to, or 404. */
    async publicDocument(db: Db, actor: Actor | null, id: string) {
      const row = await findItem(db, id, and(publicWhere(actor), eq(c.kind, 'document')));
      const file = row?.fileId ? (await filesByIds(db, [row.fileId])).get(row.fileId) : undefined;
      if (!row || !file) throw notFound(ContentMessages.fileNotFound);
      return file;
    },
  };
}

/**
 * Whether the reader may have a content file: a picture in rich text is public by its (unguessable)
 * id, so that editors see it before the item is out; an attachment or a document is readable by
 * content staff, by its uploader, and by whoever may read the published item it belongs to.
 */
export async function mayReadFile(db: Executor, actor: Actor | null, file: ContentFileRow): Promise<boolean> {
  if (file.purpose === 'image') return true;
  if (actor?.perms.has(ContentPerm.list)) return true;
  if (actor && file.uploadedBy === actor.userId) return true;
  if (!file.itemId) return false;
  return (await findItem(db, file.itemId, publicWhere(actor))) !== null;
}

/**
 * An FAQ draft (编辑中) from a question and its answer, in the caller's transaction: the ticket desk
 * promotes a replied ticket with it, and an editor then reviews and 上架s it.
 */
export async function createFaqDraft(
  tx: Executor,
  actor: Actor,
  input: { question: string; answer: string; category?: string },
): Promise<{ id: string }> {
  const deptName = await departNameOf(tx, actor.orgCode);
  const row = await insertItem(tx, {
    kind: 'faq',
    type: input.category ?? 'other',
    title: input.question.trim().slice(0, 200),
    body: sanitizeRichText(input.answer),
    status: ContentStatus.editing,
    orgCode: actor.orgCode,
    deptName,
    createdBy: actor.userId === systemActor([]).userId ? null : actor.userId,
  });
  await recordHistory(tx, {
    subjectType: CONTENT_MACHINE.subject,
    subjectId: row.id,
    action: 'create',
    from: null,
    to: { status: row.status },
    comment: null,
    actor,
    departName: deptName,
  });
  await logOperation(tx, actor, { content: `新增常见问题：${row.title}`, operateType: 'add', target: row.id });
  await refreshContentSearch(tx, [row.id]);
  return { id: row.id };
}

/** 预约发布: publishes every scheduled item whose time has come, as the platform. */
export async function publishDue(db: Db, now: Date, limit = 200) {
  const ids = await dueItems(db, now, limit);
  if (!ids.length) return { succeeded: [], refused: [] };
  return applyTransitions(db, systemActor([ContentPerm.system]), contentSubject, ids, 'autoPublish', {}, () => now);
}

export type ContentService = ReturnType<typeof contentService>;
