import { ACHIEVEMENT_SYSTEM_PERM, type AchievementSaveInput } from '@odp/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { achievementService, uploadImage } from '../../modules/achievement/service.js';
import { achievementSubject } from '../../modules/achievement/subject.js';
import { isPublicSql } from '../../modules/market/repository.js';
import { within } from '../../modules/share/service.js';
import type { Actor } from '../../platform/auth/actor.js';
import { systemActor } from '../../platform/auth/system-actor.js';
import { createStorage } from '../../platform/storage/storage.js';
import { applyTransition } from '../../platform/workflow/apply.js';
import type { Tx } from '../client.js';
import { achievements, catalogues } from '../schema/index.js';
import { actorOf } from './demo-share.js';
import { encodePng } from './pictures.js';

type Rgb = [number, number, number];
type Owner = 'citizen' | 'jtadmin' | 'wsjadmin';
/** Where a demo result ends: 已发布 (optionally 失效), 待审核, 已驳回 with the bureau's reason. */
type Fate =
  | { end: 'published'; broken?: string; views: number; scores: number[] }
  | { end: 'pending' }
  | { end: 'rejected'; reason: string };

type DemoResult = {
  owner: Owner;
  name: string;
  type: string;
  area: string;
  developer: [type: '1' | '2', name: string];
  url: string | null;
  online: string;
  intro: string;
  datasets: string[];
  colors: [Rgb, Rgb];
  fate: Fate;
};

/**
 * The demo city's 应用成果: the citizen's own (one as a company's developer), 交通运输局's and 卫健委's,
 * mostly published, with one waiting for review, one rejected and one whose address the link check
 * found unreachable. Listed newest last: they are approved in this order.
 */
export const DEMO_RESULTS: DemoResult[] = [
  {
    owner: 'wsjadmin',
    name: '滨江就医导航',
    type: '3',
    area: '2',
    developer: ['1', '陈卫健'],
    url: 'https://jiuyi.binjiang.example.cn/',
    online: '2025-09-01',
    intro:
      '汇集全市医院、社区卫生服务中心和零售药店的位置、等级与联系电话，按距离推荐就近的医疗机构并提供步行和公交路线。',
    datasets: ['医疗机构名录', '药品零售企业名录'],
    colors: [
      [207, 19, 34],
      [250, 140, 22],
    ],
    fate: { end: 'published', views: 860, scores: [5, 4, 5] },
  },
  {
    owner: 'jtadmin',
    name: '滨江公交客流分析报告（2025 年度）',
    type: '4',
    area: '6',
    developer: ['1', '王交通'],
    url: 'https://jt.binjiang.example.cn/report/2025',
    online: '2026-01-20',
    intro:
      '基于公交线路站点和公共自行车租赁点数据，分析全市公交站点 500 米覆盖率、换乘便利度与早晚高峰客流分布，提出线网优化建议。',
    datasets: ['公交线路站点信息', '东湖区公共自行车租赁点'],
    colors: [
      [10, 61, 143],
      [22, 119, 255],
    ],
    fate: { end: 'published', views: 1320, scores: [4, 4] },
  },
  {
    owner: 'jtadmin',
    name: '城市停车诱导大屏',
    type: '5',
    area: '6',
    developer: ['1', '王交通'],
    url: 'https://parking-screen.binjiang.example.cn/',
    online: '2025-11-08',
    intro:
      '在主要路口的诱导屏和网页上实时展示周边公共停车场的剩余泊位、充电泊位和收费标准，引导车辆就近停放，减少绕行。',
    datasets: ['公共停车场信息', '电动汽车公共充电站'],
    colors: [
      [8, 151, 156],
      [54, 207, 201],
    ],
    fate: { end: 'published', broken: 'HTTP 404', views: 540, scores: [3] },
  },
  {
    owner: 'citizen',
    name: '滨江充电地图',
    type: '2',
    area: '9',
    developer: ['2', '滨江智行科技有限公司'],
    url: 'https://charge-map.example.cn/',
    online: '2025-12-12',
    intro: '在地图上标出全市电动汽车公共充电站与配建充电泊位的停车场，支持按快充、慢充和开放时间筛选，并给出导航路线。',
    datasets: ['电动汽车公共充电站', '公共停车场信息'],
    colors: [
      [56, 158, 13],
      [149, 222, 100],
    ],
    fate: { end: 'published', views: 980, scores: [5, 4, 4, 5] },
  },
  {
    owner: 'citizen',
    name: '空气质量早知道',
    type: '1',
    area: '17',
    developer: ['1', '张市民'],
    url: 'https://air.example.cn/',
    online: '2026-02-03',
    intro: '每天早晨推送前一日各监测站的空气质量指数和首要污染物，结合气象观测数据提示敏感人群合理安排户外活动。',
    datasets: ['环境空气质量日报', '地面气象观测日值数据'],
    colors: [
      [114, 46, 209],
      [179, 127, 235],
    ],
    fate: { end: 'published', views: 410, scores: [4, 3] },
  },
  {
    owner: 'citizen',
    name: '滨江出行助手',
    type: '3',
    area: '6',
    developer: ['1', '张市民'],
    url: 'https://trip.example.cn/',
    online: '2026-03-01',
    intro: '查询公交线路与站点、附近的公共自行车租赁点和公共停车场，出门前一站式规划绿色出行路线。',
    datasets: ['公交线路站点信息', '东湖区公共自行车租赁点', '公共停车场信息'],
    colors: [
      [22, 119, 255],
      [54, 207, 201],
    ],
    fate: { end: 'published', views: 1650, scores: [5, 5, 4, 5] },
  },
  {
    owner: 'jtadmin',
    name: '公共自行车调度优化方案',
    type: '6',
    area: '6',
    developer: ['1', '王交通'],
    url: null,
    online: '2026-03-18',
    intro: '根据各租赁点的位置和周边公交站点分布，测算早晚高峰的借还车缺口，提出夜间集中调度与潮汐点位的优化方案。',
    datasets: ['东湖区公共自行车租赁点', '公交线路站点信息'],
    colors: [
      [212, 107, 8],
      [255, 192, 105],
    ],
    fate: { end: 'pending' },
  },
  {
    owner: 'citizen',
    name: '社区养老服务地图',
    type: '5',
    area: '16',
    developer: ['1', '张市民'],
    url: 'https://elder-map.example.cn/',
    online: '2026-03-22',
    intro: '把养老机构、社区卫生服务中心和公园绿地画在同一张地图上，方便老人和家属比较周边的养老与康养资源。',
    datasets: ['养老机构名录', '医疗机构名录', '公园绿地名录'],
    colors: [
      [196, 29, 127],
      [255, 133, 192],
    ],
    fate: { end: 'pending' },
  },
  {
    owner: 'citizen',
    name: '校园周边安全出行',
    type: '6',
    area: '7',
    developer: ['1', '张市民'],
    url: 'https://school-safe.example.cn/',
    online: '2026-02-28',
    intro: '标出学校周边的公交站点和应急避难场所，为家长规划上下学的安全路线。',
    datasets: ['各级各类学校名录', '公交线路站点信息', '应急避难场所'],
    colors: [
      [84, 110, 122],
      [144, 164, 174],
    ],
    fate: {
      end: 'rejected',
      reason: '应用介绍过于简略，请补充数据的使用方式和应用截图后重新提交。',
    },
  },
];

/** Who scores the published ones (never their own). */
const RATERS = ['reviewer', 'admin', 'citizen', 'jtadmin', 'wsjadmin'] as const;

/** A 128 px logo: a diagonal gradient with a white ring and dot, different for each result. */
function logo([from, to]: [Rgb, Rgb]): Buffer {
  const size = 128;
  const c = size / 2;
  return encodePng(size, size, (x, y) => {
    const t = (x + y) / (2 * size);
    const base: Rgb = [0, 1, 2].map((i) => Math.round(from[i] + (to[i] - from[i]) * t)) as Rgb;
    const r = Math.hypot(x - c, y - c);
    const ring = Math.max(0, 1 - Math.abs(r - 36) / 6);
    const dot = Math.max(0, Math.min(1, 13 - r));
    const white = Math.min(1, ring + dot);
    return base.map((v) => Math.round(v + (255 - v) * white)) as Rgb;
  });
}

/**
 * Makes the demo results as their owners and the bureau would: uploaded logos, saved and submitted
 * through the achievement service, decided by 李审核 through the kernel, and 失效 marked by the
 * platform's link check rule, so each has its 操作日志 and the owners their messages. Runs once.
 */
export async function seedDemoAchievements(tx: Tx, config: Config): Promise<number> {
  const [already] = await tx.select({ id: achievements.id }).from(achievements).limit(1);
  if (already) return 0;
  const accounts = new Map<string, Actor>();
  for (const name of ['reviewer', 'admin', 'citizen', 'jtadmin', 'wsjadmin']) {
    const actor = await actorOf(tx, name);
    if (actor) accounts.set(name, actor);
  }
  const reviewer = accounts.get('reviewer');
  if (!reviewer || accounts.size < 5) return 0;

  const names = [...new Set(DEMO_RESULTS.flatMap((r) => r.datasets))];
  const entries = await tx
    .select({ id: catalogues.id, name: catalogues.catalogName })
    .from(catalogues)
    .where(and(inArray(catalogues.catalogName, names), isPublicSql));
  const idOf = new Map(entries.map((e) => [e.name, e.id]));

  const db = within(tx);
  const storage = createStorage(config.dataDir);
  const service = achievementService(config.apiBase);
  const system = systemActor([ACHIEVEMENT_SYSTEM_PERM]);
  let made = 0;
  for (const r of DEMO_RESULTS) {
    const owner = accounts.get(r.owner);
    const dataIds = r.datasets.map((n) => idOf.get(n)).filter((v): v is string => Boolean(v));
    if (!owner || dataIds.length === 0) continue;
    const image = await uploadImage(db, storage, owner, logo(r.colors), config.apiBase);
    const input: AchievementSaveInput = {
      applyName: r.name,
      applicationType: r.type,
      domainId: r.area,
      developerType: r.developer[0],
      developerName: r.developer[1],
      url: r.url,
      qrCodeId: null,
      onlineDate: r.online,
      applyIntroduce: r.intro,
      logoId: image.id,
      screenshotIds: [],
      dataIds,
    };
    const side = r.owner === 'citizen' ? 'personal' : 'department';
    const { id } = await service.save(db, owner, input, side, true);
    made++;
    if (r.fate.end === 'pending') continue;
    if (r.fate.end === 'rejected') {
      await service.transition(db, reviewer, { ids: [id], action: 'reject', comment: r.fate.reason });
      continue;
    }
    await service.transition(db, reviewer, { ids: [id], action: 'approve', comment: '内容属实，同意发布' });
    // Visits and scores from before today, so 最热 and 评分 differ from 最新.
    await tx.update(achievements).set({ viewNum: r.fate.views }).where(eq(achievements.id, id));
    const raters = [...RATERS].filter((name) => name !== r.owner);
    for (const [i, score] of r.fate.scores.entries()) {
      const rater = accounts.get(raters[i % raters.length]);
      if (rater) await service.rate(db, rater, id, score);
    }
    if (r.fate.broken)
      await applyTransition(db, system, achievementSubject, id, 'markBroken', {
        extra: { linkError: r.fate.broken },
      });
  }
  return made;
}
