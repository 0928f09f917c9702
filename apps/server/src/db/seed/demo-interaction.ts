import type { InteractionKind } from '@odp/contracts';
import { and, inArray } from 'drizzle-orm';
import { interactionService, type SubmitInput } from '../../modules/interaction/service.js';
import { isPublicSql } from '../../modules/market/repository.js';
import { within } from '../../modules/share/service.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { Tx } from '../client.js';
import { catalogues, interactionTickets } from '../schema/index.js';
import { actorOf } from './demo-share.js';

type Who = 'citizen' | 'company' | 'verified' | 'jtadmin' | 'wsjadmin' | 'reviewer';
/** One step of a ticket's life, `at` days before the seed ran. */
type Step =
  | { at: number; by: Who; do: 'accept' | 'finish' | 'reopen' }
  | { at: number; by: Who; do: 'reply'; html: string }
  | { at: number; by: Who; do: 'return' | 'close'; comment: string }
  | { at: number; by: Who; do: 'transfer'; orgCode: string; comment: string }
  | { at: number; by: Who; do: 'rate'; score: number };

type Ask =
  | { kind: 'consult'; title: string; type: string; content: string }
  | { kind: 'dataApplication'; title: string; content: string; format: 'API' | 'Excel'; orgCode?: string }
  | { kind: 'dataCorrection'; dataset: string; content: string }
  | { kind: 'rightsProtection'; dataset: string; type: '1' | '2'; content: string };

type DemoTicket = { by: Who; at: number; ask: Ask; isPublic?: boolean; steps: Step[] };

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

/**
 * The demo city's interaction desk: tickets of every kind in every state — waiting, in hand, answered
 * (some rated, one reopened and answered again), closed — routed to the datasets' departments or the
 * bureau's desk, two of them past their deadline, one answered late, one kept private by its submitter.
 */
export const DEMO_TICKETS: DemoTicket[] = [
  {
    by: 'citizen',
    at: 12,
    ask: {
      kind: 'dataCorrection',
      dataset: '公交线路站点信息',
      content: '101 路“滨江大道东”站的经纬度与实际位置相差约 300 米，地图上显示在江边，请核实更正。',
    },
    steps: [
      { at: 11.8, by: 'jtadmin', do: 'accept' },
      {
        at: 10.5,
        by: 'jtadmin',
        do: 'reply',
        html: p('感谢您的反馈。经与公交集团核实，该站点因道路改造于上月迁移，坐标已按新位置更正，数据已于本周更新。'),
      },
      { at: 10, by: 'citizen', do: 'rate', score: 5 },
    ],
  },
  {
    by: 'verified',
    at: 9,
    ask: {
      kind: 'dataCorrection',
      dataset: '医疗机构名录',
      content: '“滨江市第三人民医院”已于今年更名为“滨江市东湖医院”，名录中仍为旧名称，联系电话也已变更。',
    },
    steps: [
      {
        at: 8,
        by: 'wsjadmin',
        do: 'reply',
        html: p(
          '您好，已根据卫生健康行政部门的更名批复更新机构名称与联系电话。',
          '<strong>新名称：</strong>滨江市东湖医院。',
        ),
      },
      { at: 7.5, by: 'verified', do: 'rate', score: 4 },
    ],
  },
  {
    by: 'company',
    at: 3,
    ask: {
      kind: 'dataCorrection',
      dataset: '公共停车场信息',
      content: '城西停车场的泊位数与现场公示不一致（现场为 420 个，数据为 240 个），疑似录入错误。',
    },
    steps: [{ at: 2.5, by: 'jtadmin', do: 'accept' }],
  },
  {
    by: 'citizen',
    at: 20,
    ask: {
      kind: 'dataCorrection',
      dataset: '环境空气质量日报',
      content: '上月 15 日至 17 日的 PM2.5 数值缺失，文件中为空行，请补充。',
    },
    steps: [],
  },
  {
    by: 'citizen',
    at: 6,
    isPublic: false,
    ask: {
      kind: 'dataCorrection',
      dataset: '医疗机构名录',
      content: '我本人的执业地点已变更，名录中仍显示原单位，请更正。',
    },
    steps: [
      {
        at: 5,
        by: 'wsjadmin',
        do: 'reply',
        html: p('您好，已核实您的执业注册变更记录，数据将在下次同步（每月 1 日）时更新。'),
      },
    ],
  },
  {
    by: 'citizen',
    at: 14,
    ask: {
      kind: 'dataCorrection',
      dataset: '出租汽车企业名录',
      content: '“滨江大众出租”的服务监督电话已停用，拨打提示空号，请更新为企业现在的电话。',
    },
    steps: [
      { at: 13, by: 'jtadmin', do: 'reply', html: p('已核实，服务监督电话已更新为 0571-8866 5200。') },
      { at: 12, by: 'citizen', do: 'reopen' },
      {
        at: 11,
        by: 'jtadmin',
        do: 'reply',
        html: p('抱歉上次只更新了企业名录页面，数据文件和接口中的电话现也已同步更新，感谢您的耐心。'),
      },
      { at: 10.8, by: 'citizen', do: 'rate', score: 4 },
    ],
  },
  {
    by: 'citizen',
    at: 15,
    ask: {
      kind: 'consult',
      title: '如何申请有条件开放数据的接口权限',
      type: '2',
      content: '我想在自己开发的出行小程序中调用实时公交到站数据，请问需要准备哪些材料，审核一般需要多长时间？',
    },
    steps: [
      {
        at: 14,
        by: 'reviewer',
        do: 'reply',
        html: p(
          '您好！有条件开放数据需在数据详情页点击“申请使用”，填写用途与应用场景，上传申请表和安全承诺书。',
          '数源部门一般在 5 个工作日内完成审核，通过后在个人中心“我的服务”中绑定应用即可调用。',
        ),
      },
      { at: 13.5, by: 'citizen', do: 'rate', score: 5 },
      { at: 13, by: 'citizen', do: 'finish' },
    ],
  },
  {
    by: 'company',
    at: 4,
    ask: {
      kind: 'consult',
      title: '批量下载数据是否有次数限制',
      type: '3',
      content: '我们需要定期下载多个数据集用于研究分析，请问平台对文件下载和接口调用的频次有没有限制？',
    },
    steps: [],
  },
  {
    by: 'verified',
    at: 10,
    ask: {
      kind: 'consult',
      title: '公交数据能否用于商业导航产品',
      type: '4',
      content: '我们公司想在商业导航产品中使用公交线路和站点数据，是否需要额外授权？署名有什么要求？',
    },
    steps: [
      { at: 9.5, by: 'reviewer', do: 'transfer', orgCode: 'BJ003', comment: '涉及交通数据使用范围，请交通运输局答复' },
      {
        at: 1,
        by: 'jtadmin',
        do: 'reply',
        html: p(
          '无条件开放的公交数据可用于商业用途，使用时请注明“数据来源：滨江市公共数据开放平台”，不得歪曲数据原意。',
        ),
      },
      { at: 0.5, by: 'verified', do: 'rate', score: 3 },
    ],
  },
  {
    by: 'citizen',
    at: 7,
    ask: {
      kind: 'consult',
      title: '个人中心无法修改手机号',
      type: '3',
      content: '在个人中心修改手机号时一直提示验证码错误，已经重新获取了好几次，请帮忙看看是什么原因。',
    },
    steps: [
      {
        at: 6.8,
        by: 'reviewer',
        do: 'close',
        comment: '与您 11 月 20 日提交的问题重复，已在该事项中答复，此条关闭。',
      },
    ],
  },
  {
    by: 'company',
    at: 8,
    ask: {
      kind: 'dataApplication',
      title: '希望开放网约车订单起讫点热力数据',
      content: '用于研究城市出行需求的时空分布，为共享出行运力调度提供依据，可按网格聚合、不含个人信息。',
      format: 'API',
      orgCode: 'BJ003',
    },
    steps: [{ at: 7, by: 'jtadmin', do: 'accept' }],
  },
  {
    by: 'citizen',
    at: 18,
    ask: {
      kind: 'dataApplication',
      title: '希望开放公共充电桩实时空闲状态',
      content: '电动车主找桩难，希望开放充电桩的实时空闲状态，方便开发找桩应用。',
      format: 'API',
    },
    steps: [
      { at: 17, by: 'reviewer', do: 'transfer', orgCode: 'BJ003', comment: '请交通运输局会同充电设施运营单位评估' },
      {
        at: 12,
        by: 'jtadmin',
        do: 'reply',
        html: p('感谢建议。充电桩实时状态数据已纳入今年开放计划，预计下季度以接口形式开放，届时将在平台首页发布通知。'),
      },
      { at: 11, by: 'citizen', do: 'rate', score: 4 },
    ],
  },
  {
    by: 'verified',
    at: 25,
    ask: {
      kind: 'dataApplication',
      title: '希望开放医院门诊实时候诊人数',
      content: '方便市民错峰就医，建议按医院、科室开放实时候诊人数。',
      format: 'API',
      orgCode: 'BJ005',
    },
    steps: [],
  },
  {
    by: 'citizen',
    at: 2,
    ask: {
      kind: 'dataApplication',
      title: '希望开放义务教育学区划分数据',
      content: '家长关心学区范围，希望以 Excel 形式开放各小学、初中的学区划分街道与小区清单。',
      format: 'Excel',
      orgCode: 'BJ006',
    },
    steps: [],
  },
  {
    by: 'verified',
    at: 5,
    ask: {
      kind: 'rightsProtection',
      dataset: '养老机构名录',
      type: '1',
      content: '名录中我经营的家庭养老服务点登记的是我的私人住址和手机号，已于去年注销，请下架相关记录。',
    },
    steps: [],
  },
  {
    by: 'company',
    at: 11,
    ask: {
      kind: 'rightsProtection',
      dataset: '企业登记信息',
      type: '2',
      content: '企业登记信息中公开了法定代表人的手机号码，涉及个人信息，请进行脱敏处理。',
    },
    steps: [
      {
        at: 9,
        by: 'reviewer',
        do: 'reply',
        html: p('经核实，已会同市场监督管理局对法定代表人联系电话进行脱敏处理，仅保留企业公开联系电话。感谢您的监督。'),
      },
      { at: 8.5, by: 'company', do: 'rate', score: 4 },
    ],
  },
];

const DAY = 24 * 3600 * 1000;

/** Makes the demo tickets through the desk's service and the kernel, each step at its own time. */
export async function seedDemoInteraction(tx: Tx): Promise<number> {
  const [already] = await tx.select({ id: interactionTickets.id }).from(interactionTickets).limit(1);
  if (already) return 0;
  const who = new Map<Who, Actor>();
  for (const name of ['citizen', 'company', 'verified', 'jtadmin', 'wsjadmin', 'reviewer'] as const) {
    const actor = await actorOf(tx, name);
    if (actor) who.set(name, actor);
  }
  if (who.size < 6) return 0;
  const names = DEMO_TICKETS.flatMap((t) => ('dataset' in t.ask ? [t.ask.dataset] : []));
  const entries = await tx
    .select({ id: catalogues.id, name: catalogues.catalogName })
    .from(catalogues)
    .where(and(inArray(catalogues.catalogName, names), isPublicSql));
  const idOf = new Map(entries.map((e) => [e.name, e.id]));

  const start = Date.now();
  let at = new Date(start);
  const svc = interactionService(() => at);
  const db = within(tx);
  let made = 0;
  for (const t of DEMO_TICKETS) {
    const submitter = who.get(t.by) as Actor;
    at = new Date(start - t.at * DAY);
    const isPublic = t.isPublic ?? true;
    const a = t.ask;
    let input: SubmitInput;
    if (a.kind === 'consult')
      input = {
        kind: a.kind,
        input: { consultTitle: a.title, consultType: a.type, consultContent: a.content, attachmentIds: [], isPublic },
      };
    else if (a.kind === 'dataApplication')
      input = {
        kind: a.kind,
        input: {
          applicationTitle: a.title,
          applicationReason: a.content,
          dataFormat: a.format,
          orgCode: a.orgCode ?? null,
          isPublic,
        },
      };
    else {
      const catalogId = idOf.get(a.dataset);
      if (!catalogId) continue;
      input =
        a.kind === 'dataCorrection'
          ? { kind: a.kind, input: { catalogId, correctionContent: a.content, attachmentIds: [], isPublic } }
          : {
              kind: a.kind,
              input: { catalogId, protectionType: a.type, protectionContent: a.content, attachmentIds: [], isPublic },
            };
    }
    const ticket = await svc.submit(db, submitter, input);
    made++;
    for (const s of t.steps) {
      at = new Date(start - s.at * DAY);
      const actor = who.get(s.by) as Actor;
      switch (s.do) {
        case 'accept':
        case 'finish':
          await svc.transition(db, actor, { ids: [ticket.id], action: s.do, comment: undefined });
          break;
        case 'return':
        case 'close':
          await svc.transition(db, actor, { ids: [ticket.id], action: s.do, comment: s.comment });
          break;
        case 'transfer':
          await svc.transfer(db, actor, { ids: [ticket.id], orgCode: s.orgCode, comment: s.comment });
          break;
        case 'reply':
          await svc.reply(db, actor, { id: ticket.id, reply: s.html, attachmentIds: [] });
          break;
        case 'rate':
          await svc.rate(db, actor, ticket.id, s.score);
          break;
        case 'reopen':
          await svc.reopen(db, actor, ticket.id, '答复不完整');
          break;
      }
    }
  }
  return made;
}

/** How many demo tickets of each kind there are, for tests. */
export const demoTicketCount = (kind: InteractionKind) => DEMO_TICKETS.filter((t) => t.ask.kind === kind).length;
