import { createHash } from 'node:crypto';
import {
  addWorkingDays,
  MY_APPLICATIONS_PAGE,
  OPEN_APPLY_NODE_DAYS,
  OPEN_USE_AGREEMENT,
  type OpenApplyAction,
  OpenApplyStatus,
  ShelfStatus,
  TaskStatus,
} from '@odp/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { OPEN_APPLY_MESSAGE_TYPE, reportDueDates } from '../../modules/open-apply/subject.js';
import { templateOf } from '../../modules/open-apply/templates.js';
import { addYears, cityDate, dayEnd, dayStart } from '../../platform/city-days.js';
import { sendBusinessMessage } from '../../platform/messaging/business-message.js';
import { nextSequence } from '../../platform/sequence.js';
import { createStorage } from '../../platform/storage/storage.js';
import { loadWorkCalendar } from '../../platform/workflow/calendar.js';
import type { Executor } from '../client.js';
import {
  attachments,
  catalogueItems,
  catalogues,
  datastoreResources,
  departs,
  openApplies,
  openApps,
  openGrants,
  usageReports,
  users,
  workflowHistory,
  workflowTasks,
} from '../schema/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const SUBJECT = 'openApply';

type Person = { id: string; username: string; realname: string; orgCode: string | null };
type Entry = { id: string; catalogName: string; orgCode: string; items: string[] };

/** The entries the story is told on, by name; any other shelved 有条件开放 entry with data stands in. */
const PREFERRED = ['法定传染病疫情统计', '执业医师注册信息', '最低生活保障统计'];

async function person(db: Executor, username: string): Promise<Person | null> {
  const [row] = await db
    .select({ id: users.id, username: users.username, realname: users.realname, orgCode: users.orgCode })
    .from(users)
    .where(eq(users.username, username));
  return row ?? null;
}

/** Shelved 有条件开放 entries with rows in the datastore, the preferred ones first. */
async function entriesWithData(db: Executor): Promise<Entry[]> {
  const rows = await db
    .select({ id: catalogues.id, catalogName: catalogues.catalogName, orgCode: catalogues.orgCode })
    .from(catalogues)
    .where(
      and(
        eq(catalogues.openType, '2'),
        eq(catalogues.shelfStatus, ShelfStatus.on),
        sql`exists (select 1 from ${datastoreResources} r where r.catalog_id = ${catalogues.id} and r.row_count > 0)`,
      ),
    )
    .orderBy(asc(catalogues.catalogCode));
  const rank = (name: string) => (PREFERRED.includes(name) ? PREFERRED.indexOf(name) : PREFERRED.length);
  rows.sort((a, b) => rank(a.catalogName) - rank(b.catalogName));
  const items = rows.length
    ? await db
        .select({ catalogId: catalogueItems.catalogId, name: catalogueItems.name })
        .from(catalogueItems)
        .where(
          inArray(
            catalogueItems.catalogId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(catalogueItems.serialNumber))
    : [];
  return rows.map((r) => ({ ...r, items: items.filter((i) => i.catalogId === r.id).map((i) => i.name) }));
}

/**
 * The demo citizen's open applications (张市民): one refused with its reason, then granted on
 * applying again and bound to 滨江出行助手 (its key reads the granted fields at once), one waiting
 * at the provider department (陈卫健 of 卫健委 may review it), and one granted whose period — and
 * usage report — ends in a few days. Written as the workflow would have left them (history, tasks,
 * grants, reports, messages); runs once: a citizen who has applications keeps them.
 */
export async function seedDemoOpenApplies(db: Executor, config: Config, now = new Date()): Promise<number> {
  const found = await person(db, 'citizen');
  if (!found) return 0;
  const citizen: Person = found;
  const [already] = await db
    .select({ id: openApplies.id })
    .from(openApplies)
    .where(eq(openApplies.applicantId, citizen.id))
    .limit(1);
  if (already) return 0;
  const [app] = await db
    .select({ id: openApps.id })
    .from(openApps)
    .where(and(eq(openApps.userId, citizen.id), eq(openApps.name, '滨江出行助手')));
  const adminFound = await person(db, 'admin');
  const reviewerFound = (await person(db, 'reviewer')) ?? adminFound;
  const officers = new Map<string, Person>();
  for (const name of ['jtadmin', 'wsjadmin']) {
    const p = await person(db, name);
    if (p?.orgCode) officers.set(p.orgCode, p);
  }
  const entries = await entriesWithData(db);
  if (!app || !adminFound || !reviewerFound || entries.length < 3) return 0;
  const admin: Person = adminFound;
  const reviewer: Person = reviewerFound;
  const [main, waiting, ending] = entries;
  const officerOf = (e: Entry) => officers.get(e.orgCode) ?? admin;
  const departNames = new Map(
    (await db.select({ orgCode: departs.orgCode, name: departs.departName }).from(departs)).map((d) => [
      d.orgCode,
      d.name,
    ]),
  );
  const departOf = (p: Person) => (p.orgCode ? (departNames.get(p.orgCode) ?? null) : null);

  const storage = createStorage(config.dataDir);
  const [form, pledge] = await Promise.all([templateOf('application'), templateOf('pledge')]);
  const calendar = await loadWorkCalendar(db);
  const ago = (days: number, hours = 10) =>
    new Date(dayStart(cityDate(new Date(now.getTime() - days * DAY_MS))).getTime() + hours * 3_600_000);

  /** The signed 申请表 and 安全承诺书 the citizen uploaded when applying. */
  async function files(at: Date) {
    const out: string[] = [];
    for (const [purpose, file, name] of [
      ['openApply.application', form, '有条件开放数据使用申请表（已签字）.docx'],
      ['openApply.pledge', pledge, '公共数据安全承诺书（已签字）.docx'],
    ] as const) {
      const storedName = await storage.put(file.bytes, 'docx');
      const [row] = await db
        .insert(attachments)
        .values({
          purpose,
          fileName: name,
          storedName,
          mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          size: file.bytes.length,
          sha256: createHash('sha256').update(file.bytes).digest('hex'),
          uploadedBy: citizen.id,
          createdAt: at,
        })
        .returning({ id: attachments.id });
      out.push(row.id);
    }
    return { applicationFileId: out[0], pledgeFileId: out[1] };
  }

  async function history(
    id: string,
    action: OpenApplyAction,
    from: string,
    to: string,
    who: Person,
    at: Date,
    comment: string | null = null,
  ) {
    await db.insert(workflowHistory).values({
      subjectType: SUBJECT,
      subjectId: id,
      action,
      fromState: { status: from },
      toState: { status: to },
      comment,
      userId: who.id,
      username: who.username,
      realname: who.realname,
      orgCode: who.orgCode,
      departName: departOf(who),
      createdAt: at,
    });
  }

  async function task(
    id: string,
    e: Entry,
    type: 'provider' | 'bureau',
    submitted: Date,
    decided?: { by: Person; at: Date; decision: 'approve' | 'reject'; comment: string | null },
  ) {
    await db.insert(workflowTasks).values({
      subjectType: SUBJECT,
      subjectId: id,
      taskType: type,
      status: decided ? TaskStatus.done : TaskStatus.open,
      ownerOrgCode: e.orgCode,
      assigneeOrgCode: type === 'provider' ? e.orgCode : null,
      assigneeRole: type === 'bureau' ? 'reviewer' : null,
      submitterId: citizen.id,
      submitTime: submitted,
      dueAt: addWorkingDays(submitted, OPEN_APPLY_NODE_DAYS, calendar),
      handlerId: decided?.by.id ?? null,
      approvalTime: decided?.at ?? null,
      decision: decided?.decision ?? null,
      comment: decided?.comment ?? null,
    });
  }

  async function tell(id: string, title: string, text: string, by: Person, at: Date) {
    await sendBusinessMessage(db, {
      userIds: [citizen.id],
      messageType: OPEN_APPLY_MESSAGE_TYPE,
      title,
      text,
      busId: id,
      openPage: MY_APPLICATIONS_PAGE,
      sender: by.realname,
      at,
    });
  }

  async function create(e: Entry, submitted: Date, values: Partial<typeof openApplies.$inferInsert>) {
    const day = cityDate(submitted).replaceAll('-', '');
    const n = await nextSequence(db, `openApply:KF${day}`);
    const [row] = await db
      .insert(openApplies)
      .values({
        code: `KF${day}${String(n).padStart(4, '0')}`,
        catalogId: e.id,
        providerOrgCode: e.orgCode,
        applicantId: citizen.id,
        purpose: '开发“滨江出行助手”小程序的健康出行提示功能',
        scenario: '按月向用户展示本市常见传染病的发病趋势，提醒出行防护',
        fields: e.items.slice(0, 5),
        startDate: cityDate(submitted),
        endDate: addYears(cityDate(submitted), 1),
        securityMeasures: '应用密钥由专人保管；数据仅存放在加密的云数据库中，访问留有日志；不向第三方提供原始数据。',
        ...(await files(submitted)),
        agreementVersion: OPEN_USE_AGREEMENT.version,
        agreementAcceptedAt: submitted,
        submittedAt: submitted,
        createdAt: submitted,
        updatedAt: submitted,
        ...values,
      })
      .returning();
    await history(row.id, 'submit', OpenApplyStatus.draft, OpenApplyStatus.provider, citizen, submitted);
    return row;
  }

  /** Provider then bureau approval at the given days ago; the grant's reports scheduled; optionally bound. */
  async function grant(
    e: Entry,
    submittedDaysAgo: number,
    endDate: string,
    fields: string[],
    use: Partial<typeof openApplies.$inferInsert>,
  ) {
    const submitted = ago(submittedDaysAgo, 9);
    const provided = ago(submittedDaysAgo - 2, 15);
    const approved = ago(submittedDaysAgo - 4, 11);
    const officer = officerOf(e);
    const row = await create(e, submitted, {
      fields: e.items.slice(0, Math.max(fields.length + 1, 4)),
      grantedFields: fields,
      grantedEndDate: endDate,
      dailyQuota: 1000,
      status: OpenApplyStatus.granted,
      decidedAt: approved,
      appId: app.id,
      ...use,
    });
    const narrowed = '按最小必要原则收窄字段';
    await task(row.id, e, 'provider', submitted, { by: officer, at: provided, decision: 'approve', comment: narrowed });
    await history(
      row.id,
      'providerApprove',
      OpenApplyStatus.provider,
      OpenApplyStatus.bureau,
      officer,
      provided,
      narrowed,
    );
    await tell(
      row.id,
      `开放申请“${e.catalogName}”已通过提供部门审核，待大数据局审核`,
      `审核意见：${narrowed}`,
      officer,
      provided,
    );
    await task(row.id, e, 'bureau', submitted, { by: reviewer, at: approved, decision: 'approve', comment: '同意' });
    await history(row.id, 'bureauApprove', OpenApplyStatus.bureau, OpenApplyStatus.granted, reviewer, approved, '同意');
    await tell(
      row.id,
      `开放申请“${e.catalogName}”审核通过，已开通`,
      '审核意见：同意\n请在个人中心“我的申请”中绑定应用，即可用应用密钥调用接口。',
      reviewer,
      approved,
    );
    await db.insert(usageReports).values(
      reportDueDates(row.startDate, endDate, 'period').map((dueAt) => ({
        applyId: row.id,
        dueAt,
        createdAt: approved,
      })),
    );
    {
      const boundAt = new Date(approved.getTime() + 3_600_000);
      await db.insert(openGrants).values({
        appId: app.id,
        catalogId: e.id,
        fields,
        startsAt: dayStart(row.startDate),
        endsAt: dayEnd(endDate),
        openApplyId: row.id,
        dailyQuota: 1000,
        createdAt: boundAt,
      });
      const state = { status: OpenApplyStatus.granted };
      await db.insert(workflowHistory).values({
        subjectType: SUBJECT,
        subjectId: row.id,
        action: 'bindApp',
        fromState: state,
        toState: state,
        comment: '绑定应用：滨江出行助手',
        userId: citizen.id,
        username: citizen.username,
        realname: citizen.realname,
        createdAt: boundAt,
      });
    }
    return row;
  }

  // 1. Refused by the provider department with its reason…
  const refusedAt = ago(44, 16);
  const refused = await create(main, ago(46, 10), {
    purpose: '了解传染病情况',
    scenario: '个人参考',
    status: OpenApplyStatus.refused,
    decidedAt: refusedAt,
    reason: '申请用途过于笼统：请说明具体的应用场景和数据使用方式，并上传签字的安全承诺书。',
  });
  const mainOfficer = officerOf(main);
  await task(refused.id, main, 'provider', ago(46, 10), {
    by: mainOfficer,
    at: refusedAt,
    decision: 'reject',
    comment: refused.reason,
  });
  await history(
    refused.id,
    'providerReject',
    OpenApplyStatus.provider,
    OpenApplyStatus.refused,
    mainOfficer,
    refusedAt,
    refused.reason,
  );
  await tell(
    refused.id,
    `开放申请“${main.catalogName}”未通过`,
    `理由：${refused.reason}\n您可以按意见修改后重新申请。`,
    mainOfficer,
    refusedAt,
  );

  // …then granted on applying again, and bound to 滨江出行助手: its key reads the data now.
  await grant(main, 30, addYears(cityDate(ago(30)), 1), main.items.filter((_, i) => i !== 4).slice(0, 5), {});

  // 2. Waiting at the provider department.
  const submitted = ago(2, 14);
  const open = await create(waiting, submitted, {
    purpose: '在出行助手中提供医生执业信息核验',
    scenario: '用户预约诊所前核对医生的执业类别和执业机构',
    fields: waiting.items.slice(0, 5),
    status: OpenApplyStatus.provider,
  });
  await task(open.id, waiting, 'provider', submitted);

  // 3. Granted half a year ago, its period and its usage report end in five days.
  const ends = cityDate(new Date(now.getTime() + 5 * DAY_MS));
  await grant(ending, 183, ends, ending.items.slice(0, 4), {
    purpose: '研究城乡低保标准与支出的变化',
    scenario: '为社会救助公益项目的年度评估报告提供分区县统计数据',
  });
  return 4;
}
