import { CONTENT_MACHINE, type ContentAction, ContentMessages, ContentStatus } from '@odp/contracts';
import { defineSubject, type SubjectRecord } from '../../platform/workflow/subject.js';
import { type ContentInsert, type ContentRow, lockItem, titlesOf, updateItem } from './repository.js';
import { refreshContentSearch } from './search.js';

export type ContentRecord = SubjectRecord & { row: ContentRow };
/** 预约发布 carries its time. */
export type ContentExtra = { appointTime?: Date | null };

/**
 * A content item of any kind as a workflow subject: its 发布状态 is the machine's one axis. The
 * bureau's content staff act on every item (no department scope: the portal's content is the
 * platform's); the scheduler publishes scheduled items as the platform.
 */
export const contentSubject = defineSubject<ContentAction, ContentRecord, ContentExtra>({
  machine: CONTENT_MACHINE,
  messages: { notFound: ContentMessages.notFound, notOwn: ContentMessages.notFound },

  async load(tx, id) {
    const row = await lockItem(tx, id);
    if (!row) return null;
    return {
      id: row.id,
      state: { status: row.status },
      orgCode: row.orgCode,
      title: row.title,
      describe: row.title,
      applicantId: row.createdBy,
      row,
    };
  },

  async write(tx, record, next, t, ctx) {
    const set: Partial<ContentInsert> = { status: String(next.status), updatedAt: ctx.now };
    switch (t.action) {
      case 'publish':
      case 'autoPublish':
        Object.assign(set, {
          releaseTime: ctx.now,
          // The scheduler publishes in the name of whoever scheduled it.
          releasePerson: t.action === 'publish' ? ctx.actor.realname.slice(0, 64) : record.row.releasePerson,
          appointTime: null,
        });
        break;
      case 'schedule':
        Object.assign(set, {
          appointTime: ctx.extra?.appointTime ?? null,
          releasePerson: ctx.actor.realname.slice(0, 64),
        });
        break;
      case 'unschedule':
        set.appointTime = null;
        break;
      case 'pin':
      case 'unpin':
        set.isTop = t.action === 'pin';
        break;
      case 'delete':
        set.deletedAt = ctx.now;
        break;
      case 'withdraw':
      case 'edit':
        break;
    }
    await updateItem(tx, record.id, set);
    if (t.action !== 'edit') await refreshContentSearch(tx, [record.id]);
  },

  operation: (t, record) => ({
    type: `content:${t.action}`,
    content: `${t.label}内容：${record.title}`,
  }),

  titles: titlesOf,
});

export const isPublished = (row: ContentRow) => row.status === ContentStatus.published;
