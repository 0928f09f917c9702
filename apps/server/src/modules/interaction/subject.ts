import {
  INTERACTION_INBOX_PATH,
  INTERACTION_KIND_LABEL,
  INTERACTION_KINDS,
  INTERACTION_MACHINES,
  INTERACTION_MESSAGE_TYPE,
  INTERACTION_REPLY_MESSAGE_TYPE,
  type InteractionAction,
  type InteractionKind,
  InteractionMessages,
  PERSONAL_CENTRE_PATH,
  PERSONAL_CENTRE_TAB,
} from '@odp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { interactionTickets } from '../../db/schema/index.js';
import { refreshSearchIndex } from '../../platform/search/indexer.js';
import { defineSubject, type SubjectAdapter, type SubjectRecord } from '../../platform/workflow/subject.js';
import { lockTicket, openReplyDue, type TicketInsert, type TicketRow, updateTicket } from './repository.js';
import { interactionSearch } from './search.js';

export type TicketRecord = SubjectRecord & { row: TicketRow };

/** What a transition carries besides its comment. */
export type TicketExtra = {
  /** 回复: the sanitised rich text, its files and the replying department's name. */
  reply?: { html: string; fileIds: string[]; departName: string | null };
  /** 转办: the department it goes to. */
  orgCode?: string;
  score?: number;
  isPublic?: boolean;
};

/** Where the submitter reads about their tickets: the personal centre's 我的互动. */
export const MY_INTERACTION_PAGE = `${PERSONAL_CENTRE_PATH}?current=${PERSONAL_CENTRE_TAB.interaction}`;

function ticketSubject(kind: InteractionKind): SubjectAdapter<InteractionAction, TicketRecord, TicketExtra> {
  const label = INTERACTION_KIND_LABEL[kind];
  return defineSubject<InteractionAction, TicketRecord, TicketExtra>({
    machine: INTERACTION_MACHINES[kind],
    messages: {
      notFound: InteractionMessages.notFound,
      notOwn: InteractionMessages.notOwn,
      notApplicant: InteractionMessages.notSubmitter,
    },
    inboxPage: INTERACTION_INBOX_PATH,

    async load(tx, id) {
      const row = await lockTicket(tx, id);
      if (!row || row.kind !== kind) return null;
      return {
        id: row.id,
        state: { status: row.status },
        orgCode: row.orgCode,
        title: row.title,
        describe: `${label}“${row.title}”`,
        applicantId: row.submitterId,
        row,
      };
    },

    async write(tx, record, next, t, ctx) {
      const { row } = record;
      const set: Partial<TicketInsert> = { status: Number(next.status), updatedAt: ctx.now };
      let orgCode: string | null | undefined;
      switch (t.action) {
        case 'submit':
          set.submittedAt = ctx.now;
          break;
        case 'reply': {
          const reply = ctx.extra?.reply;
          if (!reply) throw new Error('reply without its text');
          Object.assign(set, {
            reply: reply.html,
            replyAttachmentIds: reply.fileIds,
            replyOrgCode: ctx.actor.orgCode,
            replyDepartName: reply.departName,
            repliedBy: ctx.actor.userId,
            repliedAt: ctx.now,
            closeReason: null,
          });
          if (!row.firstRepliedAt) {
            // Timeliness is the first answer's, against the deadline of the task it answers.
            const due = await openReplyDue(tx, kind, row.id);
            set.firstRepliedAt = ctx.now;
            set.replyOnTime = !due || ctx.now.getTime() <= due.getTime();
          }
          break;
        }
        case 'return':
          orgCode = null;
          break;
        case 'transfer':
          orgCode = ctx.extra?.orgCode ?? null;
          break;
        case 'close':
          set.closeReason = ctx.comment;
          break;
        case 'reopen':
          set.reopenedAt = ctx.now;
          break;
        case 'rate':
          Object.assign(set, { score: ctx.extra?.score ?? null, ratedAt: ctx.now });
          break;
        case 'setPrivacy':
          set.isPublic = ctx.extra?.isPublic ?? row.isPublic;
          break;
        case 'startOffShelf':
          set.offShelfAt = ctx.now;
          break;
      }
      if (orgCode !== undefined) set.orgCode = orgCode;
      await updateTicket(tx, row.id, set);
      // The 互动 tab finds replied public items by their title, question and reply.
      if (t.action === 'submit' || t.action === 'reply') await refreshSearchIndex(tx, interactionSearch, [row.id]);
      return orgCode !== undefined ? { orgCode } : undefined;
    },

    decisionMessage(record, t, ctx) {
      if (t.action === 'reply') {
        return {
          messageType: INTERACTION_REPLY_MESSAGE_TYPE,
          title: `您的${label}“${record.title}”已收到回复`,
          text: `${ctx.extra?.reply?.departName ?? ''}已回复您的${label}，请在“我的互动”中查看并评价。`,
          openPage: MY_INTERACTION_PAGE,
        };
      }
      if (t.action === 'close') {
        return {
          messageType: INTERACTION_MESSAGE_TYPE,
          title: `您的${label}“${record.title}”已关闭`,
          text: `关闭理由：${ctx.comment ?? ''}`,
          openPage: MY_INTERACTION_PAGE,
        };
      }
      return null;
    },

    async titles(db, ids) {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: interactionTickets.id, title: interactionTickets.title })
        .from(interactionTickets)
        .where(and(eq(interactionTickets.kind, kind), inArray(interactionTickets.id, ids)));
      return new Map(rows.map((r) => [r.id, r.title]));
    },
  });
}

export const TICKET_SUBJECTS: Readonly<
  Record<InteractionKind, SubjectAdapter<InteractionAction, TicketRecord, TicketExtra>>
> = Object.fromEntries(INTERACTION_KINDS.map((k) => [k, ticketSubject(k)])) as never;
