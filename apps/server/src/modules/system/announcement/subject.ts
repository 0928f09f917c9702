import { ANNOUNCEMENT_MACHINE, type AnnouncementAction, NoticeMessages, SEND_STATUS } from '@odp/contracts';
import { and, inArray, isNull } from 'drizzle-orm';
import { announcements } from '../../../db/schema/index.js';
import { defineSubject, type SubjectRecord } from '../../../platform/workflow/subject.js';
import { type AnnouncementRow, findLive, updateAnnouncement } from './repository.js';

type AnnouncementRecord = SubjectRecord & { row: AnnouncementRow };

/** Operation-log types as the announcement pages have always written them. */
const OPERATION: Record<AnnouncementAction, { type: string; verb: string }> = {
  edit: { type: 'edit', verb: '编辑公告' },
  delete: { type: 'delete', verb: '删除公告' },
  release: { type: 'announcement:release', verb: '发布公告' },
  revoke: { type: 'announcement:revoke', verb: '撤销公告' },
};

/** A system announcement as a workflow subject: its 发布状态 is the machine's only axis. */
export const announcementSubject = defineSubject<AnnouncementAction, AnnouncementRecord>({
  machine: ANNOUNCEMENT_MACHINE,
  messages: { notFound: NoticeMessages.notFound, notOwn: NoticeMessages.notFound },

  async load(tx, id) {
    const row = await findLive(tx, id, true);
    if (!row) return null;
    return {
      id: row.id,
      state: { sendStatus: row.sendStatus },
      orgCode: null,
      title: row.titile,
      describe: row.titile,
      applicantId: null,
      row,
    };
  },

  async write(tx, record, _next, t, ctx) {
    switch (t.action) {
      case 'release':
        await updateAnnouncement(tx, record.id, {
          sendStatus: SEND_STATUS.released,
          sendTime: ctx.now,
          sender: ctx.actor.realname.slice(0, 64),
          cancelTime: null,
        });
        return;
      case 'revoke':
        await updateAnnouncement(tx, record.id, { sendStatus: SEND_STATUS.revoked, cancelTime: ctx.now });
        return;
      case 'delete':
        await updateAnnouncement(tx, record.id, { deletedAt: ctx.now });
        return;
      case 'edit':
        // The content is written by the edit itself, in the same transaction.
        return;
    }
  },

  operation: (t, record) => ({
    type: OPERATION[t.action].type,
    content: `${OPERATION[t.action].verb}：${record.title}`,
  }),

  async titles(db, ids) {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: announcements.id, title: announcements.titile })
      .from(announcements)
      .where(and(inArray(announcements.id, ids), isNull(announcements.deletedAt)));
    return new Map(rows.map((r) => [r.id, r.title]));
  },
});
