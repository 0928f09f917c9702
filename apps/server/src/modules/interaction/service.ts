import {
  type BatchResult,
  type ConsultSaveInput,
  type DataApplicationSaveInput,
  type DataCorrectionSaveInput,
  INTERACTION_KINDS,
  INTERACTION_MACHINES,
  type InteractionDetail,
  type InteractionFigures,
  type InteractionKind,
  type InteractionListQuery,
  type InteractionRecord,
  type InteractionReplyInput,
  type InteractionStatistics,
  InteractionStatus,
  type InteractionToFaqInput,
  type InteractionTransferInput,
  type InteractionTransitionInput,
  type InteractionWorkItem,
  type InteractionWorkListQuery,
  InteractionMessages as M,
  type MyInteractionItem,
  type MyInteractionQuery,
  InteractionPerm as P,
  type Page,
  PROTECTION_TYPE_LABEL,
  type PublicInteractionItem,
  type PublicInteractionQuery,
  REOPEN_WINDOW_DAYS,
  type RightsProtectionSaveInput,
  TaskStatus,
  toPage,
} from '@odp/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { interactionTickets, workflowHistory, workflowTasks } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { sanitizeRichText } from '../../platform/sanitize/html.js';
import { applyTransition, applyTransitions } from '../../platform/workflow/apply.js';
import { assignedTo } from '../../platform/workflow/tasks.js';
import { assertOwnUploads } from '../attachments/service.js';
import { departNameOf, dictLabels } from '../catalogue/labels.js';
import { transitionMany } from '../catalogue/lifecycle/service.js';
import { createFaqDraft } from '../content/service.js';
import { maskPersonal } from './mask.js';
import {
  deleteTicket,
  figureRows,
  filesOf,
  filterSql,
  findTicket,
  insertTicket,
  listOne,
  listTickets,
  publicEntry,
  publicSql,
  type TicketInsert,
  type TicketListRow,
  type TicketRow,
  workRows,
} from './repository.js';
import { TICKET_SUBJECTS } from './subject.js';

const t = interactionTickets;
const { replied, closed } = InteractionStatus;
const DAY = 24 * 3600 * 1000;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export type SubmitInput =
  | { kind: 'consult'; input: ConsultSaveInput }
  | { kind: 'dataApplication'; input: DataApplicationSaveInput }
  | { kind: 'dataCorrection'; input: DataCorrectionSaveInput }
  | { kind: 'rightsProtection'; input: RightsProtectionSaveInput };

/**
 * The interaction desk: tickets created and submitted through the kernel (routed to the dataset's
 * provider, the named department or the bureau's desk), handled by their department, 转办 by the
 * bureau, answered, rated and reopened by their submitter. `now` is the service's clock.
 */
export function interactionService(now: () => Date = () => new Date()) {
  const seesAll = (actor: Actor) => actor.perms.has(P.assign);
  /** The tickets a member of the back office may see: the bureau all, a department its own. */
  const staffScope = (actor: Actor): SQL | undefined => {
    if (seesAll(actor)) return undefined;
    if (!actor.perms.has(P.handle) || !actor.orgCode) return sql`false`;
    return eq(t.orgCode, actor.orgCode);
  };
  const mayHandle = (actor: Actor, row: TicketRow) =>
    actor.perms.has(P.handle) && (seesAll(actor) || (actor.orgCode !== null && actor.orgCode === row.orgCode));

  async function present(db: Db, r: TicketListRow): Promise<InteractionRecord> {
    const row = r.ticket;
    const [files, replyFiles] = await Promise.all([
      filesOf(db, row.attachmentIds),
      filesOf(db, row.replyAttachmentIds),
    ]);
    const at = now();
    const answered = row.status === replied || row.status === closed;
    return {
      id: row.id,
      kind: row.kind as InteractionKind,
      title: row.title,
      content: row.content,
      consultType: row.consultType,
      dataFormat: row.dataFormat,
      protectionType: row.protectionType,
      catalogId: row.catalogId,
      catalogName: row.catalogName,
      departName: r.departName ?? (row.orgCode ? null : '大数据局受理台'),
      status: row.status,
      submittedAt: iso(row.submittedAt),
      repliedAt: iso(row.repliedAt),
      reply: row.reply,
      replyDepartName: row.replyDepartName,
      replyFiles,
      score: row.score,
      isPublic: row.isPublic,
      files,
      closeReason: row.closeReason,
      reopened: row.reopenedAt !== null,
      canRate: answered && row.reply !== null,
      canReopen:
        answered &&
        !row.reopenedAt &&
        !!row.repliedAt &&
        at.getTime() - row.repliedAt.getTime() <= REOPEN_WINDOW_DAYS * DAY,
      canFinish: row.status === replied,
      orgCode: row.orgCode,
      submitterName: r.submitterName,
      requestedDepartName: r.requestedDepartName,
      dueAt: iso(r.dueAt),
      overdue: !!r.dueAt && r.dueAt.getTime() < at.getTime(),
      offShelfAt: iso(row.offShelfAt),
      replyOnTime: row.replyOnTime,
    };
  }

  /** What a visitor reads: no submitter, no uploads of theirs, personal data masked. */
  const toPublic = (r: InteractionRecord): PublicInteractionItem => ({
    id: r.id,
    kind: r.kind,
    title: maskPersonal(r.title),
    content: maskPersonal(r.content),
    consultType: r.consultType,
    dataFormat: r.dataFormat,
    protectionType: r.protectionType,
    catalogId: r.catalogId,
    catalogName: r.catalogName,
    departName: r.replyDepartName ?? r.departName,
    status: r.status,
    submittedAt: r.submittedAt,
    repliedAt: r.repliedAt,
    reply: r.reply,
    replyDepartName: r.replyDepartName,
    replyFiles: r.replyFiles,
    score: r.score,
  });

  const toMine = (r: InteractionRecord): MyInteractionItem => {
    const { orgCode, submitterName, requestedDepartName, dueAt, overdue, offShelfAt, replyOnTime, ...mine } = r;
    return mine;
  };

  /** The ticket if the actor may read it as staff or as its submitter; anyone else gets 404. */
  async function visible(db: Db, actor: Actor, id: string): Promise<TicketRow> {
    const row = await findTicket(db, id);
    if (!row || row.status === InteractionStatus.draft) throw notFound(M.notFound);
    if (row.submitterId === actor.userId || mayHandle(actor, row)) return row;
    throw notFound(M.notFound);
  }

  /** Creates the ticket and submits it through the kernel; a refused submission leaves nothing. */
  async function submit(db: Db, actor: Actor, s: SubmitInput): Promise<MyInteractionItem> {
    const base = { kind: s.kind, submitterId: actor.userId, status: InteractionStatus.draft } as const;
    let values: TicketInsert;
    switch (s.kind) {
      case 'consult': {
        const types = await dictLabels(db, 'consult_type');
        if (!types[s.input.consultType]) throw badRequest('请选择正确的反馈类型', { field: 'consultType' });
        await assertOwnUploads(
          db,
          actor.userId,
          s.input.attachmentIds.map((id) => ({ id, purpose: 'interaction.evidence' })),
        );
        values = {
          ...base,
          title: s.input.consultTitle,
          content: s.input.consultContent,
          consultType: s.input.consultType,
          attachmentIds: s.input.attachmentIds,
          isPublic: s.input.isPublic,
          orgCode: null,
        };
        break;
      }
      case 'dataApplication': {
        const named = s.input.orgCode;
        if (named && !(await departNameOf(db, named))) throw badRequest(M.deptUnknown, { field: 'orgCode' });
        values = {
          ...base,
          title: s.input.applicationTitle,
          content: s.input.applicationReason,
          dataFormat: s.input.dataFormat,
          requestedOrgCode: named,
          orgCode: named,
          isPublic: s.input.isPublic,
        };
        break;
      }
      case 'dataCorrection':
      case 'rightsProtection': {
        const entry = await publicEntry(db, s.input.catalogId);
        if (!entry) throw badRequest(M.datasetUnknown, { field: 'catalogId' });
        await assertOwnUploads(
          db,
          actor.userId,
          s.input.attachmentIds.map((id) => ({ id, purpose: 'interaction.evidence' })),
        );
        const rights = s.kind === 'rightsProtection' ? s.input : null;
        values = {
          ...base,
          title: rights
            ? `《${entry.catalogName}》${PROTECTION_TYPE_LABEL[rights.protectionType]}申请`
            : `《${entry.catalogName}》数据纠错`,
          content: rights ? rights.protectionContent : (s.input as DataCorrectionSaveInput).correctionContent,
          protectionType: rights?.protectionType ?? null,
          catalogId: entry.id,
          catalogName: entry.catalogName,
          orgCode: entry.orgCode,
          attachmentIds: s.input.attachmentIds,
          isPublic: s.input.isPublic,
        };
        break;
      }
    }
    const draft = await insertTicket(db, values);
    try {
      await applyTransition(db, actor, TICKET_SUBJECTS[s.kind], draft.id, 'submit', { now });
    } catch (e) {
      await deleteTicket(db, draft.id);
      throw e;
    }
    const row = await listOne(db, draft.id);
    if (!row) throw notFound(M.notFound);
    return toMine(await present(db, row));
  }

  /** Applies an action to tickets of any kinds, each through its kind's subject. */
  async function applyMany(
    db: Db,
    actor: Actor,
    ids: string[],
    pick: (row: TicketRow) => InteractionTransitionInput['action'] | 'transfer' | { refused: string },
    input: { comment?: string | null; extra?: { orgCode?: string } },
  ): Promise<BatchResult> {
    const unique = [...new Set(ids)];
    const rows = unique.length ? await db.select({ id: t.id, kind: t.kind }).from(t).where(inArray(t.id, unique)) : [];
    const kindOf = new Map(rows.map((r) => [r.id, r.kind as InteractionKind]));
    const result: BatchResult = { succeeded: [], refused: [] };
    for (const kind of INTERACTION_KINDS) {
      const mine = unique.filter((id) => kindOf.get(id) === kind);
      if (!mine.length) continue;
      const r = await applyTransitions(db, actor, TICKET_SUBJECTS[kind], mine, (rec) => pick(rec.row), input, now);
      result.succeeded.push(...r.succeeded);
      result.refused.push(...r.refused);
    }
    for (const id of unique) if (!kindOf.has(id)) result.refused.push({ id, reason: M.notFound });
    return result;
  }

  async function one(db: Db, actor: Actor, id: string) {
    const row = await visible(db, actor, id);
    return { row, subject: TICKET_SUBJECTS[row.kind as InteractionKind] };
  }

  const figuresOf = (r: {
    received: number;
    replied: number;
    onTime: number;
    hours: number | null;
    score: number | null;
    rated: number;
  }): InteractionFigures => ({
    received: r.received,
    replied: r.replied,
    replyRate: r.received ? Math.round((r.replied / r.received) * 1000) / 10 : 0,
    onTimeRate: r.replied ? Math.round((r.onTime / r.replied) * 1000) / 10 : 0,
    avgReplyHours: r.hours === null ? 0 : Math.round(r.hours * 10) / 10,
    satisfaction: r.score === null ? 0 : Math.round(r.score * 100) / 100,
    rated: r.rated,
  });

  return {
    submit,
    visible,

    /** The back office's list of one kind, in the caller's scope. */
    async list(db: Db, actor: Actor, kind: InteractionKind, q: InteractionListQuery): Promise<Page<InteractionRecord>> {
      const page = { pageNo: q.pageNum ?? q.pageNo, pageSize: q.pageSize };
      const where = and(
        staffScope(actor),
        ...filterSql({
          kind,
          keyword: q.keyword,
          startTime: q.startTime,
          endTime: q.endTime,
          status: q.status || null,
          orgCode: seesAll(actor) ? q.orgCode : null,
          overdueAt: q.overdue ? now() : null,
        }),
      );
      const { rows, total } = await listTickets(db, where, page);
      const records = await Promise.all(rows.map((r) => present(db, r)));
      return toPage(
        records.map((r, i) => ({ ...r, sn: (page.pageNo - 1) * page.pageSize + i + 1 })),
        total,
        page,
      );
    },

    /** One ticket with its history, for its department, the bureau and its submitter. */
    async detail(db: Db, actor: Actor, id: string): Promise<InteractionDetail> {
      const row = await visible(db, actor, id);
      const listed = await listOne(db, row.id);
      if (!listed) throw notFound(M.notFound);
      const record = await present(db, listed);
      const machine = INTERACTION_MACHINES[row.kind as InteractionKind];
      const history = await db
        .select()
        .from(workflowHistory)
        .where(and(eq(workflowHistory.subjectType, row.kind), eq(workflowHistory.subjectId, row.id)))
        .orderBy(asc(workflowHistory.createdAt));
      return {
        ...record,
        history: history.map((h) => ({
          action: h.action,
          label: machine.transitions.find((x) => x.action === h.action)?.label ?? h.action,
          comment: h.comment,
          operator: h.realname || h.username || '系统',
          departName: h.departName,
          time: h.createdAt.toISOString(),
        })),
      };
    },

    /** 公开: replied items their submitters keep public. */
    async publicList(db: Db, q: PublicInteractionQuery): Promise<Page<PublicInteractionItem>> {
      const where = and(publicSql, ...filterSql({ kind: q.kind, keyword: q.keyword }));
      const { rows, total } = await listTickets(db, where, q, 'replied');
      const records = await Promise.all(rows.map((r) => present(db, r)));
      return toPage(records.map(toPublic), total, q);
    },

    async publicDetail(db: Db, id: string): Promise<PublicInteractionItem> {
      const { rows } = await listTickets(db, and(publicSql, eq(t.id, id)), { pageNo: 1, pageSize: 1 });
      if (!rows[0]) throw notFound(M.notFound);
      return toPublic(await present(db, rows[0]));
    },

    /** 我的: the caller's own tickets, of one kind or all. */
    async mine(db: Db, actor: Actor, q: MyInteractionQuery): Promise<Page<MyInteractionItem>> {
      const where = and(eq(t.submitterId, actor.userId), ...filterSql({ kind: q.kind || null, keyword: q.keyword }));
      const { rows, total } = await listTickets(db, where, q);
      const records = await Promise.all(rows.map((r) => present(db, r)));
      return toPage(records.map(toMine), total, q);
    },

    /** 回复: sanitised rich text and the replier's own uploads, signed by their department. */
    async reply(db: Db, actor: Actor, input: InteractionReplyInput) {
      const { row, subject } = await one(db, actor, input.id);
      const html = sanitizeRichText(input.reply);
      if (!html.replace(/<[^>]*>/g, '').trim() && !/<img\b/i.test(html)) throw badRequest(M.replyMissing);
      await assertOwnUploads(
        db,
        actor.userId,
        input.attachmentIds.map((id) => ({ id, purpose: 'interaction.reply' })),
      );
      const name = (await departNameOf(db, actor.orgCode)) ?? '滨江市大数据管理局';
      await applyTransition(db, actor, subject, row.id, 'reply', {
        extra: { reply: { html, fileIds: input.attachmentIds, departName: name } },
        now,
      });
    },

    /** 受理, 退回, 关闭, 确认办结 on one or many. */
    transition(db: Db, actor: Actor, input: InteractionTransitionInput) {
      return applyMany(
        db,
        actor,
        input.ids,
        (row) => (input.action === 'return' && row.orgCode === null ? { refused: M.returnAtDesk } : input.action),
        { comment: input.comment },
      );
    },

    /** 转办 by the bureau to another department. */
    async transfer(db: Db, actor: Actor, input: InteractionTransferInput) {
      if (!(await departNameOf(db, input.orgCode))) throw badRequest(M.transferUnknown, { field: 'orgCode' });
      return applyMany(
        db,
        actor,
        input.ids,
        (row) => (row.orgCode === input.orgCode ? { refused: M.transferSame } : 'transfer'),
        { comment: input.comment, extra: { orgCode: input.orgCode } },
      );
    },

    async rate(db: Db, actor: Actor, id: string, score: number) {
      const { row, subject } = await one(db, actor, id);
      if (!row.reply) throw badRequest(`当前状态为“${row.status === closed ? '已关闭' : '未回复'}”，不能评价`);
      await applyTransition(db, actor, subject, row.id, 'rate', { extra: { score }, now });
    },

    /** 重新打开: once, within the window after the reply. */
    async reopen(db: Db, actor: Actor, id: string, comment: string | null | undefined) {
      const { row, subject } = await one(db, actor, id);
      if (row.submitterId === actor.userId) {
        if (row.reopenedAt) throw badRequest(M.reopenOnce);
        if (!row.repliedAt || now().getTime() - row.repliedAt.getTime() > REOPEN_WINDOW_DAYS * DAY)
          throw badRequest(M.reopenLate);
      }
      await applyTransition(db, actor, subject, row.id, 'reopen', { comment, now });
    },

    async setPrivacy(db: Db, actor: Actor, id: string, isPublic: boolean) {
      const { row, subject } = await one(db, actor, id);
      await applyTransition(db, actor, subject, row.id, 'setPrivacy', { extra: { isPublic }, now });
    },

    /**
     * 发起下架 from a 权益保护 ticket asking 下架: the catalogue's own off-shelf request (its permission,
     * scope and review), then the ticket records that it was started.
     */
    /**
     * 转为常见问题: the ticket's title becomes the question and its reply the answer of an FAQ draft
     * (编辑中), which an editor reviews and 上架s. Personal data typed into the title is masked, as on
     * the public lists; the ticket itself is not changed.
     */
    async toFaq(db: Db, actor: Actor, input: InteractionToFaqInput): Promise<{ id: string }> {
      const row = await visible(db, actor, input.id);
      if ((row.status !== replied && row.status !== closed) || !row.reply) throw badRequest(M.faqNotReplied);
      return db.transaction((tx) =>
        createFaqDraft(tx, actor, {
          question: maskPersonal(row.title),
          answer: row.reply ?? '',
          category: input.category,
        }),
      );
    },

    async startOffShelf(db: Db, actor: Actor, input: { id: string; reason: string; comment: string }) {
      const { row, subject } = await one(db, actor, input.id);
      if (row.kind !== 'rightsProtection' || row.protectionType !== '1' || !row.catalogId)
        throw badRequest(M.offShelfNotRights);
      const machine = INTERACTION_MACHINES.rightsProtection;
      const own = machine.transitions.find((x) => x.action === 'startOffShelf');
      if (own && !own.from.includes(row.status)) throw badRequest(`当前状态不能发起下架`);
      const result = await transitionMany(db, actor, [row.catalogId], 'offShelfApply', {
        comment: `${input.comment}（权益保护：${row.title}）`,
        reason: input.reason,
      });
      if (!result.succeeded.length) throw badRequest(result.refused[0]?.reason ?? '下架申请未能提交');
      await applyTransition(db, actor, subject, row.id, 'startOffShelf', { comment: input.comment, now });
    },

    /** The task inbox: reply tasks the caller owes (1) or decided (2). */
    async workList(db: Db, actor: Actor, q: InteractionWorkListQuery): Promise<Page<InteractionWorkItem>> {
      const page = { pageNo: q.pageNum ?? q.pageNo, pageSize: q.pageSize };
      const done = q.type === '2';
      const w = workflowTasks;
      const where = and(
        done
          ? and(eq(w.status, TaskStatus.done), eq(w.handlerId, actor.userId))
          : and(eq(w.status, TaskStatus.open), assignedTo(actor)),
        q.kind ? eq(w.subjectType, q.kind) : undefined,
        q.keyword ? sql`${t.title} ilike ${`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
      );
      const { rows, total } = await workRows(db, where, page, done);
      const at = now().getTime();
      return toPage(
        rows.map((r) => ({
          taskId: r.taskId,
          id: r.id,
          kind: r.kind as InteractionKind,
          title: r.title,
          status: r.status,
          departName: r.departName,
          submitTime: r.submitTime.toISOString(),
          dueAt: iso(r.dueAt),
          overdue: !done && (!!r.overdueAt || (!!r.dueAt && r.dueAt.getTime() < at)),
          decision: r.decision,
          approvalTime: iso(r.approvalTime),
        })),
        total,
        page,
      );
    },

    /** Figures: every ticket for the public page; the caller's department (or all for the bureau) in the back office. */
    async statistics(db: Db, actor: Actor | null, range: { startTime?: string | null; endTime?: string | null }) {
      const where = and(
        actor ? staffScope(actor) : undefined,
        ...filterSql({ startTime: range.startTime, endTime: range.endTime }),
      );
      const rows = await figureRows(db, where);
      const all = rows.find((r) => r.grp === 'all');
      const empty = { received: 0, replied: 0, onTime: 0, hours: null, score: null, rated: 0 };
      const answer: InteractionStatistics = {
        total: figuresOf(all ?? empty),
        byKind: INTERACTION_KINDS.map((kind) => ({
          kind,
          ...figuresOf(rows.find((r) => r.grp === 'kind' && r.kind === kind) ?? empty),
        })),
        byDepartment: rows
          .filter((r) => r.grp === 'org')
          .map((r) => ({ orgCode: r.orgCode, departName: r.departName ?? '大数据局受理台', ...figuresOf(r) }))
          .sort((a, b) => b.received - a.received),
      };
      return answer;
    },
  };
}
