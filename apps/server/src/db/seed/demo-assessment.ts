import { AssessmentPerm, type Formula, periodOf } from '@odp/contracts';
import * as asset from '../../modules/assessment/asset/service.js';
import { configureCalculation } from '../../modules/assessment/develop/service.js';
import { comment, saveScheme, scores, startAssessment } from '../../modules/assessment/performance/service.js';
import { within } from '../../modules/share/service.js';
import type { Tx } from '../client.js';
import { assetDomains } from '../schema/index.js';
import { actorOf } from './demo-share.js';

type DemoIndex = {
  name: string;
  domain: string;
  unit: string;
  calc?: string;
  formula?: 'interaction';
  scope: string;
  submit?: boolean;
};

const DOMAINS: { name: string; parent?: string }[] = [
  { name: '数据开放' },
  { name: '目录更新', parent: '数据开放' },
  { name: '开放利用', parent: '数据开放' },
  { name: '互动服务' },
];
const INDEXES: DemoIndex[] = [
  {
    name: '目录按时更新率',
    domain: '目录更新',
    unit: '%',
    calc: 'catalogue.onTimeUpdateRate',
    scope: '期末已上架、有固定更新频率的目录中未超时的比例',
  },
  {
    name: '开放数据集数',
    domain: '开放利用',
    unit: '个',
    calc: 'catalogue.openCount',
    scope: '期末已上架的无条件与有条件开放目录数',
  },
  {
    name: '接口调用成功率',
    domain: '开放利用',
    unit: '%',
    calc: 'openapi.successRate',
    scope: '本期本部门目录接口调用中成功答复的比例',
  },
  {
    name: '数据下载次数',
    domain: '开放利用',
    unit: '次',
    calc: 'download.count',
    scope: '本期本部门目录文件的下载次数',
  },
  {
    name: '互动回复率',
    domain: '互动服务',
    unit: '%',
    calc: 'interaction.replyRate',
    scope: '本期提交的互动工单中已答复的比例',
  },
  {
    name: '互动按时回复率',
    domain: '互动服务',
    unit: '%',
    calc: 'interaction.onTimeReplyRate',
    scope: '已答复工单中在期限内首次答复的比例',
  },
  {
    name: '互动服务综合指数',
    domain: '互动服务',
    unit: '分',
    formula: 'interaction',
    scope: '互动回复率与按时回复率各占一半',
  },
  {
    name: '数据质量评分',
    domain: '数据开放',
    unit: '分',
    scope: '目录数据项完整性与格式规范性的综合评分（口径待定）',
    submit: false,
  },
];

/**
 * 指标管理, 指标开发 and 绩效管理 of the demo city, made as the administrator would: the domain tree,
 * indicators submitted with their calculations (one left as a draft), a monthly scheme, last month's
 * assessment computed from the demo data and 交通运输局's 说明, waiting for the departments. Runs once.
 */
export async function seedDemoAssessment(tx: Tx, now = new Date()): Promise<boolean> {
  const [already] = await tx.select({ id: assetDomains.id }).from(assetDomains).limit(1);
  if (already) return false;
  const admin = await actorOf(tx, 'admin');
  const officer = await actorOf(tx, 'jtadmin');
  if (!admin) return false;
  const db = within(tx);

  const domainIds = new Map<string, string>();
  for (const d of DOMAINS)
    domainIds.set(
      d.name,
      await asset.saveDomain(db, admin, {
        domainName: d.name,
        parentId: d.parent ? (domainIds.get(d.parent) ?? null) : null,
      }),
    );
  const indexIds = new Map<string, string>();
  for (const i of INDEXES) {
    const composite = Boolean(i.formula);
    const sources = composite ? ['互动回复率', '互动按时回复率'].map((n) => indexIds.get(n) as string) : [];
    const id = await asset.saveIndex(db, admin, {
      indexName: i.name,
      indexType: composite ? '1' : '0',
      relIndexCode: sources,
      domainId: domainIds.get(i.domain) as string,
      unit: i.unit as '%',
      frequency: 'month',
      bsFormula: i.scope,
    });
    indexIds.set(i.name, id);
    if (i.submit === false) continue;
    await asset.submitIndex(db, admin, id);
    const formula: Formula | null = composite
      ? { op: 'wsum', terms: sources.map((s) => ({ weight: 0.5, expr: { op: 'ref', index: s } })) }
      : null;
    await configureCalculation(db, admin, { assetIndexId: id, calcName: i.calc ?? null, formula });
  }

  const bands = {
    kind: 'bands' as const,
    bands: [
      { min: 95, score: 100 },
      { min: 80, score: 80 },
      { min: 60, score: 60 },
    ],
  };
  const schemeId = await saveScheme(db, admin, {
    id: null,
    name: '部门数据开放月度考核',
    periodType: 'month',
    remark: '按月考核各部门目录更新及时性、互动答复和数据开放情况',
    items: [
      { indexId: indexIds.get('目录按时更新率') as string, weight: 40, scoring: bands },
      { indexId: indexIds.get('互动回复率') as string, weight: 30, scoring: bands },
      { indexId: indexIds.get('开放数据集数') as string, weight: 30, scoring: { kind: 'linear', min: 0, max: 10 } },
    ],
  });
  const periodId = await startAssessment(db, admin, schemeId, periodOf('month', now, 1));
  if (officer?.perms.has(AssessmentPerm.comment)) {
    const own = (await scores(db, officer, periodId))[0];
    if (own) await comment(db, officer, own.id, '本月有两个目录因接口改造延迟更新，已于月初补更新。');
  }
  return true;
}
