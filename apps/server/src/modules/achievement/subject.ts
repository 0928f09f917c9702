import {
  ACHIEVEMENT_MACHINE,
  type AchievementAction,
  AchievementMessages,
  AchievementStatus,
  PERSONAL_CENTRE_TAB,
} from '@odp/contracts';
import { inArray } from 'drizzle-orm';
import { achievements } from '../../db/schema/index.js';
import { sendBusinessMessage } from '../../platform/messaging/business-message.js';
import { defineSubject, type SubjectRecord } from '../../platform/workflow/subject.js';
import {
  type AchievementInsert,
  type AchievementRow,
  addPublishedFigure,
  lockAchievement,
  updateAchievement,
} from './repository.js';

export type AchievementRecord = SubjectRecord & { row: AchievementRow };
/** What the link check adds to 标记失效: why the address did not answer. */
export type AchievementExtra = { linkError?: string };

export const ACHIEVEMENT_MESSAGE_TYPE = 'achievement';
/** Where an owner reads about their result: the personal centre's 我的成果, or the back office's list. */
export const ACHIEVEMENT_ADMIN_PATH = '/achievementList';
export const MY_ACHIEVEMENTS_PAGE = `/personalCenter/perCenter?current=${PERSONAL_CENTRE_TAB.achievements}`;
export const ownerPage = (row: AchievementRow) => (row.orgCode ? ACHIEVEMENT_ADMIN_PATH : MY_ACHIEVEMENTS_PAGE);

const { published } = AchievementStatus;

/**
 * A result as a workflow subject. A department's result is acted on by its department's members (the
 * applying department); a personal one by its user only. Reviewers act on every one.
 */
export const achievementSubject = defineSubject<AchievementAction, AchievementRecord, AchievementExtra>({
  machine: ACHIEVEMENT_MACHINE,
  messages: {
    notFound: AchievementMessages.notFound,
    notOwn: AchievementMessages.notOwn,
    notApplicant: AchievementMessages.notOwner,
  },
  inboxPage: '/achievementReview',

  async load(tx, id) {
    const row = await lockAchievement(tx, id);
    if (!row) return null;
    return {
      id: row.id,
      state: { status: row.status },
      orgCode: row.orgCode,
      title: row.applyName,
      describe: row.applyName,
      applicantId: row.orgCode ? null : row.ownerId,
      applicantOrgCode: row.orgCode,
      row,
    };
  },

  async write(tx, record, next, t, ctx) {
    const { row } = record;
    const status = String(next.status) as AchievementInsert['status'];
    const set: Partial<AchievementInsert> = { status, updatedAt: ctx.now };
    switch (t.action) {
      case 'submit':
        Object.assign(set, { submittedAt: ctx.now, reason: null });
        break;
      case 'approve':
        Object.assign(set, { publishedAt: ctx.now, reason: null });
        break;
      case 'reject':
      case 'offShelf':
        set.reason = ctx.comment;
        break;
      case 'withdraw':
        set.reason = null;
        break;
      case 'delete':
        set.deletedAt = ctx.now;
        break;
      case 'markBroken':
        Object.assign(set, { linkBroken: true, linkCheckedAt: ctx.now, linkError: ctx.extra?.linkError ?? null });
        break;
      case 'markReachable':
        Object.assign(set, { linkBroken: false, linkCheckedAt: ctx.now, linkError: null });
        break;
    }
    // 已发布 is what the portal counts: the figure moves with the state, in its transaction.
    const was = row.status === published;
    const is = status === published && t.action !== 'delete';
    await updateAchievement(tx, row.id, set);
    await addPublishedFigure(tx, Number(is) - Number(was));

    const tell = (title: string, text: string | null) =>
      sendBusinessMessage(tx, {
        userIds: [row.ownerId],
        messageType: ACHIEVEMENT_MESSAGE_TYPE,
        title,
        text,
        busId: row.id,
        openPage: ownerPage(row),
        sender: ctx.actor.realname,
        at: ctx.now,
      });
    // No review task closes on these, so the kernel says nothing: the owner hears it from here.
    if (t.action === 'offShelf') await tell(`应用成果“${row.applyName}”已被下架`, `下架理由：${ctx.comment ?? ''}`);
    if (t.action === 'markBroken')
      await tell(
        `应用成果“${row.applyName}”的访问地址无法访问`,
        `定期检查未能访问 ${row.url ?? ''}（${ctx.extra?.linkError ?? '无法连接'}），成果已标记为“失效”。请检查地址，恢复后下次检查会自动取消标记。`,
      );
  },

  decisionMessage(record, t, ctx) {
    if (t.action !== 'approve' && t.action !== 'reject') return null;
    return {
      messageType: ACHIEVEMENT_MESSAGE_TYPE,
      title: `应用成果“${record.title}”${t.action === 'approve' ? '审核通过，已发布' : '未通过审核'}`,
      text: t.action === 'reject' ? `驳回理由：${ctx.comment ?? ''}\n您可以按意见修改后重新提交。` : ctx.comment,
      openPage: ownerPage(record.row),
    };
  },

  async titles(db, ids) {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: achievements.id, name: achievements.applyName })
      .from(achievements)
      .where(inArray(achievements.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
});
