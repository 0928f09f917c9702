import { inArray } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { announcements, businessMessages, departs, users } from '../schema/index.js';

const DAY = 86_400_000;
const BUREAU = '滨江市大数据管理局';

/**
 * Demo announcements (released ones of every priority, one to the transport bureau only, one draft,
 * one revoked) and business messages for the demo department officer and citizen. Runs after the
 * demo accounts exist, since messages and USER announcements name them.
 */
export async function seedNotices(db: Executor) {
  const now = Date.now();
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['jtadmin', 'citizen']));
  const userId = new Map(people.map((p) => [p.username, p.id]));
  const [transport] = await db
    .select({ id: departs.id })
    .from(departs)
    .where(inArray(departs.orgCode, ['BJ003']));

  await db.insert(announcements).values([
    {
      titile: '滨江市公共数据开放平台正式上线',
      msgContent:
        '<p>滨江市公共数据开放平台今日正式上线，首批开放<strong>交通、医疗、教育、生态环境</strong>等领域数据资源。</p><p>欢迎社会各界注册使用并提出宝贵意见。</p>',
      msgAbstract: '平台正式上线，首批开放多个领域数据资源',
      priority: 'H',
      msgCategory: '1',
      sender: BUREAU,
      sendStatus: '1',
      sendTime: new Date(now - 3 * DAY),
      openType: 'url',
      openPage: '/catalogue/datacatalogue',
      isPublic: true,
      createdBy: 'admin',
    },
    {
      titile: '关于开展 2026 年度公共数据目录编制工作的通知',
      msgContent:
        '<p>请各部门于 12 月 31 日前完成本部门公共数据资源目录的编制与报送：</p><ol><li>按《政务信息资源目录编制指南》填写信息项；</li><li>明确共享类型与开放类型；</li><li>提交审核后关注审核意见。</li></ol>',
      msgAbstract: '各部门于 12 月 31 日前完成目录编制',
      priority: 'M',
      msgCategory: '1',
      sender: BUREAU,
      sendStatus: '1',
      sendTime: new Date(now - 2 * DAY),
      createdBy: 'admin',
    },
    {
      titile: '交通运输领域数据质量专项检查安排',
      msgContent:
        '<p>市交通运输局各数据责任处室：本月将开展公交线路、停车场泊位等数据集的质量专项检查，请提前核对更新频率与字段说明。</p>',
      msgAbstract: '交通运输领域数据质量专项检查',
      priority: 'H',
      msgCategory: '1',
      msgType: 'USER',
      departIds: transport?.id ?? null,
      sender: BUREAU,
      sendStatus: '1',
      sendTime: new Date(now - 6 * 3_600_000),
      createdBy: 'admin',
    },
    {
      titile: '系统维护通知：本周六 22:00—24:00',
      msgContent: '<p>为提升服务质量，平台将于本周六 22:00—24:00 进行系统维护，期间部分功能可能无法访问。</p>',
      msgAbstract: '本周六晚间系统维护',
      priority: 'L',
      msgCategory: '2',
      sender: '系统管理员',
      sendStatus: '1',
      sendTime: new Date(now - DAY),
      isPublic: true,
      createdBy: 'admin',
    },
    {
      titile: '关于发布《公共数据开放利用指引》的通知（草稿）',
      msgContent: '<p>《公共数据开放利用指引》已编制完成，拟于下月发布，请相关部门提出修改意见。</p>',
      msgAbstract: '开放利用指引征求意见',
      priority: 'M',
      msgCategory: '1',
      sendStatus: '0',
      createdBy: 'admin',
    },
    {
      titile: '数据开放大赛报名时间调整（已撤销）',
      msgContent: '<p>原定报名时间调整，具体安排另行通知。</p>',
      priority: 'L',
      msgCategory: '1',
      sender: BUREAU,
      sendStatus: '2',
      sendTime: new Date(now - 5 * DAY),
      cancelTime: new Date(now - 4 * DAY),
      createdBy: 'admin',
    },
  ]);

  const jtadmin = userId.get('jtadmin');
  const citizen = userId.get('citizen');
  const messages: (typeof businessMessages.$inferInsert)[] = [];
  if (jtadmin) {
    messages.push(
      {
        userId: jtadmin,
        messageType: 'catalogue_review',
        title: '目录“公交线路站点信息”审核通过',
        content: '<p>审核意见：信息项完整，同意发布。</p>',
        openPage: '/cataloguemanage/list',
        sender: '李审核',
        createdAt: new Date(now - 2 * 3_600_000),
      },
      {
        userId: jtadmin,
        messageType: 'catalogue_shelf',
        title: '目录“停车场泊位实时数据”上架申请被驳回',
        content: '<p>审核意见：请补充数据更新频率说明后重新提交。</p>',
        openPage: '/cataloguemanage/list',
        sender: '李审核',
        createdAt: new Date(now - 26 * 3_600_000),
      },
    );
  }
  if (citizen) {
    messages.push({
      userId: citizen,
      messageType: 'system',
      title: '欢迎使用滨江市公共数据开放平台',
      content: '<p>您可以在“开放数据”中检索、预览和下载数据，也可以在“互动交流”中提出数据需求。</p>',
      openPage: '/catalogue/datacatalogue',
      sender: '系统管理员',
      createdAt: new Date(now - 3_600_000),
    });
  }
  if (messages.length) await db.insert(businessMessages).values(messages);
}
