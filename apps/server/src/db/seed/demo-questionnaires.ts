import { type AnswerInput, type QuestionnaireDetail, QuestionnaireSaveInput } from '@odp/contracts';
import { questionnaireService } from '../../modules/questionnaire/service.js';
import { questionnaireSubject } from '../../modules/questionnaire/subject.js';
import { within } from '../../modules/share/service.js';
import { applyTransition } from '../../platform/workflow/apply.js';
import type { Tx } from '../client.js';
import { actorOf } from './demo-share.js';

const DAY = 24 * 3600_000;

/** How one demo answer sheet is drawn: for each question, the weights of its options or scores, or texts. */
type Draw = { weights: number[]; pick?: number } | { texts: string[]; rate: number };

type DemoQuestionnaire = {
  title: string;
  description: string;
  /** Days from the seeding day. */
  open: number;
  close: number;
  allowAnonymous: boolean;
  showResults: boolean;
  questions: {
    kind: 'single' | 'multiple' | 'text' | 'rating';
    title: string;
    required: boolean;
    options?: string[];
  }[];
  draws: Draw[];
  /** Sheets from the demo citizens' accounts, then from anonymous devices. */
  accounts: string[];
  devices: number;
};

export const DEMO_QUESTIONNAIRES: DemoQuestionnaire[] = [
  {
    title: '滨江市公共数据开放平台使用满意度调查',
    description:
      '为了解社会公众和企业对本平台的使用情况和需求，持续提升开放数据的质量和服务水平，滨江市大数据管理局开展本次调查。问卷约需 3 分钟，匿名填写，感谢您的参与！',
    open: -12,
    close: 30,
    allowAnonymous: true,
    showResults: true,
    questions: [
      {
        kind: 'single',
        title: '您的身份是？',
        required: true,
        options: ['普通市民', '企业开发者', '高校及科研人员', '政府部门工作人员', '媒体及其他'],
      },
      {
        kind: 'multiple',
        title: '您通常通过哪些方式使用平台的数据？',
        required: true,
        options: ['下载数据文件', '调用开放接口（API）', '在线浏览和检索', '使用平台上的应用成果'],
      },
      {
        kind: 'multiple',
        title: '您最关注哪些领域的开放数据？',
        required: true,
        options: ['交通出行', '医疗卫生', '教育文化', '生态环境', '市场监管', '社会民生'],
      },
      { kind: 'rating', title: '您对数据更新及时性的评价', required: true },
      { kind: 'rating', title: '您对平台的总体满意度', required: true },
      { kind: 'text', title: '您希望平台新增哪些数据或功能？', required: false },
    ],
    draws: [
      { weights: [10, 8, 5, 3, 2] },
      { weights: [9, 6, 7, 3] },
      { weights: [10, 7, 5, 6, 3, 6] },
      { weights: [1, 3, 8, 10, 6] },
      { weights: [0, 1, 5, 12, 9] },
      {
        rate: 0.5,
        texts: [
          '希望开放公交车辆实时到站数据，方便开发出行类应用。',
          '建议增加停车场剩余车位的接口。',
          '数据文件能否同时提供 CSV 和 JSON 两种格式？',
          '希望医疗机构名录补充科室和门诊时间。',
          '接口调用量的限额可以再提高一些。',
          '希望增加按区县筛选的功能。',
          '空气质量数据希望提供小时级历史数据下载。',
          '建议开放学校招生范围的地理数据。',
          '平台在手机上浏览体验很好，希望有数据更新订阅提醒。',
          '企业登记信息希望支持按行业分类下载。',
        ],
      },
    ],
    accounts: ['citizen', 'company', 'verified'],
    devices: 27,
  },
  {
    title: '开放数据接口服务需求调查（2026年第三季度）',
    description:
      '本次调查面向使用平台开放接口的开发者和企业，了解接口的稳定性、文档质量和新增需求，调查结果将作为下一季度接口建设计划的依据。',
    open: -95,
    close: -60,
    allowAnonymous: true,
    showResults: true,
    questions: [
      {
        kind: 'single',
        title: '您调用平台开放接口的频率是？',
        required: true,
        options: ['每天', '每周数次', '每月数次', '很少使用'],
      },
      {
        kind: 'multiple',
        title: '您在使用接口时遇到过哪些问题？',
        required: true,
        options: ['接口文档不够详细', '调用限额不够用', '响应速度慢', '数据字段含义不清楚', '缺少批量查询接口'],
      },
      { kind: 'rating', title: '您对接口文档的满意度', required: true },
      { kind: 'rating', title: '您对接口稳定性的满意度', required: true },
      { kind: 'text', title: '您希望优先开放哪些接口？', required: false },
    ],
    draws: [
      { weights: [6, 8, 5, 2] },
      { weights: [7, 5, 3, 6, 4] },
      { weights: [1, 2, 6, 8, 4] },
      { weights: [0, 1, 4, 9, 7] },
      {
        rate: 0.6,
        texts: [
          '公交线路站点的实时位置接口。',
          '不动产登记办理进度查询接口。',
          '空气质量小时数据接口。',
          '企业信用信息查询接口。',
          '医疗机构挂号余量接口。',
          '希望提供批量查询接口，减少调用次数。',
        ],
      },
    ],
    accounts: ['citizen', 'company', 'verified'],
    devices: 21,
  },
];

/** A small deterministic generator, so every demo city gets the same answers. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const weighted = (next: () => number, weights: number[]) => {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = next() * total;
  for (const [i, w] of weights.entries()) {
    r -= w;
    if (r < 0) return i;
  }
  return weights.length - 1;
};

function drawSheet(q: QuestionnaireDetail, draws: Draw[], next: () => number): AnswerInput['answers'] {
  return q.questions.flatMap((question, i): AnswerInput['answers'] => {
    const draw = draws[i];
    if ('texts' in draw)
      return next() < draw.rate
        ? [{ questionId: question.id, text: draw.texts[Math.floor(next() * draw.texts.length)] }]
        : [];
    if (question.kind === 'rating') return [{ questionId: question.id, rating: weighted(next, draw.weights) + 1 }];
    if (question.kind === 'single')
      return [{ questionId: question.id, optionIds: [question.options[weighted(next, draw.weights)].id] }];
    // Multiple choice: each option by its weight, at least one.
    const max = Math.max(...draw.weights);
    const chosen = question.options.filter((_o, j) => next() < draw.weights[j] / (max * 1.4));
    const ids = (chosen.length ? chosen : [question.options[weighted(next, draw.weights)]]).map((o) => o.id);
    return [{ questionId: question.id, optionIds: ids }];
  });
}

/**
 * The demo city's 调查问卷, made by the bureau (李审核) through the service and the kernel: one open
 * (anonymous answers allowed) with about 30 answers, one ended two months ago with its results public.
 * The answers come through the answer service at times inside each questionnaire's window: the demo
 * citizens' accounts, then anonymous devices.
 */
export async function seedDemoQuestionnaires(tx: Tx, now = new Date()): Promise<number> {
  const bureau = await actorOf(tx, 'reviewer');
  if (!bureau) return 0;
  const db = within(tx);
  let made = 0;
  for (const [n, demo] of DEMO_QUESTIONNAIRES.entries()) {
    const openTime = new Date(now.getTime() + demo.open * DAY);
    const closeTime = new Date(now.getTime() + demo.close * DAY);
    const input = QuestionnaireSaveInput.parse({
      title: demo.title,
      description: demo.description,
      openTime: openTime.toISOString(),
      closeTime: closeTime.toISOString(),
      allowAnonymous: demo.allowAnonymous,
      showResults: demo.showResults,
      questions: demo.questions.map((q) => ({ ...q, options: (q.options ?? []).map((label) => ({ label })) })),
    });
    const { id } = await questionnaireService.save(db, bureau, input);
    // Published through the kernel (the service refuses to publish what has already closed).
    await applyTransition(db, bureau, questionnaireSubject, id, 'publish');
    made++;
    const detail = await questionnaireService.get(db, bureau, id, openTime);
    const next = random(20261128 + n);
    const sheets = demo.accounts.length + demo.devices;
    const last = Math.min(closeTime.getTime(), now.getTime()) - 3600_000;
    for (let i = 0; i < sheets; i++) {
      const at = new Date(openTime.getTime() + ((last - openTime.getTime()) * (i + 0.5)) / sheets);
      const username = demo.accounts[i];
      const actor = username ? await actorOf(tx, username) : null;
      await questionnaireService.answer(
        db,
        { actor, deviceId: actor ? `demo-${username}` : `demo-device-${n + 1}-${i + 1}` },
        { id, answers: drawSheet(detail, demo.draws, next) },
        at,
      );
    }
  }
  return made;
}
