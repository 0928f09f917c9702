import { randomUUID } from 'node:crypto';
import {
  CATALOGUE_MACHINE,
  type CatalogueAction,
  INPUT_FREQUENCY_RULE,
  refusal,
  ShelfStatus,
  transitionOf,
  type WorkOrderDecision,
  type WorkOrderPayload,
  type WorkOrderType,
} from '@odp/contracts';
import { codePrefix } from '../../../modules/catalogue/code.js';
import type { catalogueItems, catalogues, workflowHistory, workflowTasks } from '../../schema/index.js';
import { DISTRICTS, MUNICIPAL_DEPARTS } from '../departs.js';
import { DICTIONARIES } from '../dictionaries.js';
import { DATASETS } from './datasets/index.js';
import type { Column } from './datasets/types.js';
import type { EntryDef, Story } from './entries.js';
import { Rng } from './random.js';

/** A demo account as the seed needs it. */
export type SeedUser = { id: string; username: string; realname: string; orgCode: string | null };
export type SeedUsers = { admin: SeedUser; reviewer: SeedUser; owners: Readonly<Record<string, SeedUser>> };

export type PlannedEntry = {
  def: EntryDef;
  row: typeof catalogues.$inferInsert & { id: string; catalogCode: string };
  items: (typeof catalogueItems.$inferInsert)[];
  logs: (typeof workflowHistory.$inferInsert)[];
  orders: (typeof workflowTasks.$inferInsert)[];
  owner: SeedUser;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DEPART_NAMES: Readonly<Record<string, string>> = Object.fromEntries([
  ...MUNICIPAL_DEPARTS.map(([code, name]) => [code, name]),
  ...DISTRICTS.map(([code, name]) => [code, name]),
]);

const dictText = (code: string) => {
  const dict = DICTIONARIES.find(([c]) => c === code);
  if (!dict) throw new Error(`dict ${code} missing`);
  return Object.fromEntries(dict[2].map(([value, text]) => [value, text]));
};

const OFFICES = dictText('business_department');
const SYSTEMS = dictText('source_system');
const OFF_SHELF_REASONS = dictText('early_warning_information');

/** 数源应用系统 of each department (dict source_system, stored as the system's name). */
const SOURCE_SYSTEM: Readonly<Record<string, string>> = {
  BJ001: 'SYS012',
  BJ002: 'SYS001',
  BJ003: 'SYS002',
  BJ004: 'SYS003',
  BJ005: 'SYS004',
  BJ006: 'SYS005',
  BJ007: 'SYS006',
  BJ008: 'SYS007',
  BJ009: 'SYS008',
  BJ010: 'SYS009',
  BJ011: 'SYS010',
  BJ012: 'SYS011',
  BJ013: 'SYS013',
  BJ014: 'SYS014',
};

/** The application systems (系统维护) the demo catalogue names: one per department, enabled. */
export const DEMO_APP_SYSTEMS: readonly { orgCode: string; appName: string }[] = Object.entries(SOURCE_SYSTEM).map(
  ([orgCode, code]) => ({ orgCode, appName: SYSTEMS[code] }),
);

/** The person who answers questions about a department's data, and their desk phone. */
const CONTACTS: Readonly<Record<string, readonly [string, string]>> = {
  BJ001: ['周敏', '0571-88001001'],
  BJ002: ['孙立新', '0571-88001002'],
  BJ003: ['王晓东', '0571-88001003'],
  BJ004: ['陈海燕', '0571-88001004'],
  BJ005: ['陈建华', '0571-88001005'],
  BJ006: ['林静', '0571-88001006'],
  BJ007: ['郑志强', '0571-88001007'],
  BJ008: ['吴国平', '0571-88001008'],
  BJ009: ['黄丽', '0571-88001009'],
  BJ010: ['徐春燕', '0571-88001010'],
  BJ011: ['沈涛', '0571-88001011'],
  BJ012: ['何文博', '0571-88001012'],
  BJ013: ['楼建国', '0571-88001013'],
  BJ014: ['叶晨', '0571-88001014'],
  BJQ01: ['方婷', '0571-86012001'],
  BJQ02: ['金鑫', '0571-86022001'],
  BJQ03: ['俞佳', '0571-86032001'],
  BJQ04: ['姚磊', '0571-86042001'],
  BJQ05: ['应思远', '13857100521'],
  BJQ06: ['潘雪', '0571-63012001'],
};

type StepAction = CatalogueAction | 'create' | 'update';
type Step = { action: StepAction; gap: readonly [minHours: number, maxHours: number] };

const s = (action: StepAction, minHours: number, maxHours: number): Step => ({ action, gap: [minHours, maxHours] });

const CREATED = [s('create', 0, 0)];
const SUBMITTED = [...CREATED, s('submit', 4, 120)];
const APPROVED = [...SUBMITTED, s('approve', 2, 72)];
const LISTED = [...APPROVED, s('upShelfApply', 0.5, 96), s('upShelfApprove', 2, 48)];
const TAKEN_DOWN = [...LISTED, s('offShelfApply', 24 * 30, 24 * 300), s('offShelfApprove', 4, 72)];

/** The steps of each story, with the time since the previous step. */
const STORIES: Record<Story, readonly Step[]> = {
  draft: CREATED,
  recalled: [...SUBMITTED, s('recovery', 1, 24)],
  pending: SUBMITTED,
  resubmitted: [...SUBMITTED, s('reject', 2, 72), s('update', 24, 144), s('submit', 0.2, 24)],
  rejected: [...SUBMITTED, s('reject', 2, 72)],
  approved: APPROVED,
  upRejected: [...APPROVED, s('upShelfApply', 0.5, 96), s('upShelfReject', 2, 48)],
  upPending: [...APPROVED, s('upShelfApply', 0.5, 96)],
  relisting: [...TAKEN_DOWN, s('update', 24 * 5, 24 * 40), s('upShelfApply', 1, 48)],
  on: LISTED,
  onKept: [...LISTED, s('offShelfApply', 24 * 30, 24 * 200), s('offShelfReject', 4, 72)],
  downPending: [...LISTED, s('offShelfApply', 24 * 30, 24 * 300)],
  down: TAKEN_DOWN,
  deletedOn: [...LISTED, s('delete', 24 * 20, 24 * 200)],
  deletedOff: [...APPROVED, s('delete', 24 * 3, 24 * 60)],
  deletedDown: [...TAKEN_DOWN, s('delete', 24 * 3, 24 * 60)],
};

/** How long ago (days) the last step of a story happened: open reviews are fresh, listings spread over two years. */
function endDaysAgo(story: Story, rng: Rng): number {
  switch (story) {
    case 'pending':
    case 'resubmitted':
    case 'upPending':
    case 'relisting':
    case 'downPending':
      return rng.float(0.15, 9);
    case 'on':
      return rng.float(2, 720);
    case 'onKept':
      return rng.float(5, 200);
    default:
      return rng.float(1, 90);
  }
}

const REJECT_REASONS = [
  '信息资源摘要过于简略，请补充数据来源、统计口径和覆盖范围后重新提交。',
  '信息项“联系电话”涉及个人信息，请设置脱敏并将共享属性调整为有条件共享。',
  '更新频率与数源系统实际更新情况不符，请核实后重新提交。',
  '数源应用系统填写有误，请选择实际产生数据的业务系统。',
  '信息项缺少主键标识和字段描述，请补充完整。',
];

const OFF_SHELF = [
  ['1', '该数据已由新版目录替代，原目录停止更新。'],
  ['4', '数源业务系统迁移至省级平台，数据暂停同步。'],
  ['2', '近期抽查发现部分记录地址信息缺失，需整改后重新上架。'],
  ['5', '根据最新政策调整，该数据暂不面向社会开放。'],
] as const;

function comment(action: StepAction, rng: Rng, resubmit: boolean): string | null {
  switch (action) {
    case 'submit':
      return resubmit ? '已按审核意见修改，请重新审核。' : rng.pick([null, '新编目录，请审核。', '请审核。']);
    case 'approve':
      return rng.pick(['同意。', '审核通过。', '目录信息完整，同意。', '信息项描述规范，同意通过。']);
    case 'reject':
      return rng.pick(REJECT_REASONS);
    case 'recovery':
      return '需补充信息项说明，撤回修改。';
    case 'update':
      return null;
    case 'upShelfApply':
      return rng.pick([null, '申请上架开放。', '数据已完成脱敏检查，申请上架。']);
    case 'upShelfApprove':
      return rng.pick(['同意上架。', '同意开放。', '数据质量检查通过，同意上架。']);
    case 'upShelfReject':
      return '数据样例中存在未脱敏的联系电话，请处理后重新申请上架。';
    case 'offShelfApprove':
      return '同意下架。';
    case 'offShelfReject':
      return '该数据访问量较高，请更新数据后继续开放，暂不同意下架。';
    case 'delete':
      return '目录已停止维护，予以删除。';
    default:
      return null;
  }
}

/** Who takes each step: the department's officer, the reviewer, or the administrator. */
function actorOf(action: StepAction, owner: SeedUser, users: SeedUsers): SeedUser {
  if (action === 'delete' || action === 'recover') return users.admin;
  const t = action === 'create' || action === 'update' ? null : transitionOf(action);
  return t && t.permission === 'catalog:review' ? users.reviewer : owner;
}

/** Office hours in China (08:40–17:50), keeping the day. */
function officeHours(t: number, rng: Rng): number {
  const china = new Date(t + 8 * HOUR);
  const minutes = china.getUTCHours() * 60 + china.getUTCMinutes();
  if (minutes >= 520 && minutes <= 1070) return t;
  const dayStart = Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate()) - 8 * HOUR;
  return dayStart + rng.int(520, 1070) * 60_000 + rng.int(0, 59) * 1000;
}

/** Step times: laid backwards from the story's end, moved into office hours, strictly increasing, in the past. */
function stepTimes(steps: readonly Step[], story: Story, now: number, rng: Rng): number[] {
  const times = new Array<number>(steps.length);
  times[steps.length - 1] = now - endDaysAgo(story, rng) * DAY;
  for (let i = steps.length - 1; i > 0; i--) {
    const [min, max] = steps[i].gap;
    times[i - 1] = times[i] - rng.float(min, max) * HOUR;
  }
  for (let i = 0; i < times.length; i++) {
    times[i] = officeHours(times[i], rng);
    if (i > 0 && times[i] <= times[i - 1]) times[i] = times[i - 1] + rng.int(5, 40) * 60_000;
  }
  const overshoot = times[times.length - 1] - (now - 10 * 60_000);
  if (overshoot > 0) for (let i = 0; i < times.length; i++) times[i] -= overshoot;
  return times;
}

/** The latest moment at or before `now` when data of this frequency was due (INPUT_FREQUENCY_RULE). */
export function lastDue(freq: string, due: string | undefined, now: number, rng: Rng): number {
  const china = new Date(now + 8 * HOUR);
  const y = china.getUTCFullYear();
  const m = china.getUTCMonth();
  const d = china.getUTCDate();
  const at = (yy: number, mm: number, dd: number, minutes: number) =>
    Date.UTC(yy, mm, dd) - 8 * HOUR + minutes * 60_000;
  const office = rng.int(540, 1020);
  switch (freq) {
    case '8':
      return now - rng.int(1, 10) * 60_000;
    case '9':
      return now - rng.int(3, 55) * 60_000;
    case '1': {
      const [hh, mi] = (due ?? '02:00').split(':').map(Number);
      const today = at(y, m, d, hh * 60 + mi + rng.int(3, 25));
      return today <= now ? today : today - DAY;
    }
    case '2': {
      const weekday = Number(due ?? '1'); // 1 = Monday … 7 = Sunday
      const todayWeekday = china.getUTCDay() === 0 ? 7 : china.getUTCDay();
      let t = at(y, m, d - ((todayWeekday - weekday + 7) % 7), office);
      if (t > now) t -= 7 * DAY;
      return t;
    }
    case '3': {
      const day = Number(due ?? '1');
      let t = at(y, m, day, office);
      if (t > now) t = at(y, m - 1, day, office);
      return t;
    }
    case '4':
    case '5':
    case '6': {
      const [mm, dd] = (due ?? '12-31').split('-').map(Number);
      const stepMonths = freq === '4' ? 3 : freq === '5' ? 6 : 12;
      // The latest occurrence of the due day in the cycle (quarterly: every 3 months from the given month).
      for (let back = 0; back <= 24; back++) {
        const month = m - back;
        const monthOfYear = ((month % 12) + 12) % 12;
        if ((monthOfYear - (mm - 1) + 120) % stepMonths !== 0) continue;
        const t = at(y, month, dd, office);
        if (t <= now) return t;
      }
      return now - 365 * DAY;
    }
    default:
      return now - rng.float(5, 120) * DAY;
  }
}

/** The Chinese item name, English name, type and length, and marks of an item written as a spec string. */
export function parseItem(spec: string): Column & { notNull: boolean } {
  const [name, enName, dataType, length, marks = ''] = spec.split(':');
  if (!name || !enName || !dataType || !length) throw new Error(`bad item spec ${spec}`);
  return {
    name,
    enName,
    dataType: dataType as Column['dataType'],
    dataLength: Number(length),
    primaryKey: marks.includes('k'),
    masked: marks.includes('m'),
    notShared: marks.includes('x'),
    notNull: marks.includes('n'),
  };
}

const TYPE_HINT: Record<Column['dataType'], string> = {
  C: '',
  N: '数值',
  D: '日期，格式 yyyy-MM-dd',
  DT: '日期时间，格式 yyyy-MM-dd HH:mm:ss',
  B: '是或否',
};

function fieldDescription(c: Column): string {
  if (c.description) return c.description;
  if (c.name === '统一社会信用代码') return '18 位统一社会信用代码（GB 32100-2015）';
  if (c.masked) return `${c.name}，涉及个人信息，公开展示时脱敏`;
  const hint = TYPE_HINT[c.dataType];
  return hint ? `${c.name}，${hint}` : c.name;
}

function itemsOf(def: EntryDef, catalogId: string): (typeof catalogueItems.$inferInsert)[] {
  const columns = def.dataset
    ? DATASETS[def.dataset].columns.map((c) => ({ ...c, notNull: Boolean(c.primaryKey) }))
    : (def.items ?? []).map(parseItem);
  const share = def.share ?? '10';
  const open = def.open ?? '1';
  return columns.map((c, i) => {
    const shareProperty = share === '30' || c.notShared ? '30' : c.masked || share === '20' ? '20' : '10';
    return {
      catalogId,
      serialNumber: i + 1,
      name: c.name,
      enName: c.enName,
      dataType: c.dataType,
      dataLength: c.dataLength,
      shareProperty,
      sharingCondition:
        shareProperty === '20'
          ? c.masked
            ? '涉及个人信息，仅向依法履职需要的政务部门共享，须经数源部门审核'
            : (def.shareCondition ?? '须经数源部门审核同意后共享')
          : null,
      openAttribute: open,
      primaryKey: Boolean(c.primaryKey),
      nullValue: !(c.primaryKey || c.notNull),
      dataLevel: c.masked ? (open === '3' ? '4' : '3') : open === '3' ? '2' : '1',
      fieldDescription: fieldDescription(c),
      masked: Boolean(c.masked),
    };
  });
}

/** Schema of each department on the shared data platform (库表 mounts). */
const SCHEMAS: Readonly<Record<string, string>> = {
  BJ001: 'dsj',
  BJ002: 'gaj',
  BJ003: 'jtj',
  BJ004: 'sthjj',
  BJ005: 'wjw',
  BJ006: 'jyj',
  BJ007: 'scjgj',
  BJ008: 'zrzyj',
  BJ009: 'rsj',
  BJ010: 'mzj',
  BJ011: 'zjj',
  BJ012: 'tjj',
  BJ013: 'yjglj',
  BJ014: 'qxj',
  BJQ01: 'dhq',
  BJQ02: 'xcq',
  BJQ03: 'nhq',
  BJQ04: 'bsq',
  BJQ05: 'ljx',
  BJQ06: 'qsx',
};

const snake = (en: string) =>
  en
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 48);

/**
 * The table a 库表 entry is mounted on (DOMAIN.md §2, Mounts). 接口 entries are mounted on their
 * built-in upstreams after the plan is stored (`demo-interfaces.ts`).
 */
function mountOf(def: EntryDef): Record<string, unknown> | null {
  const schema = `bjgx_${SCHEMAS[def.org] ?? 'dsj'}`;
  return def.format === 'table' ? { databaseName: schema, tableName: `ods_${snake(def.en)}` } : null;
}

const DEFAULT_OPEN_CONDITION =
  '申请人须完成实名注册并提交数据使用申请，说明使用目的、场景和安全保障措施，经数源部门审核同意后获取。';
const DEFAULT_SHARE_CONDITION = '仅向承担相关监管或公共服务职能的政务部门共享，须说明使用事由并经数源部门审核。';
const DEFAULT_DONT_SHARE = '涉及个人隐私，依据《中华人民共和国个人信息保护法》不予共享。';

/**
 * Plans every demo entry: its row, data items, 编目日志 and work orders, by replaying its story through
 * the lifecycle table. Pure apart from the ids; `now` anchors all times.
 */
export function planCatalogue(
  defs: readonly EntryDef[],
  users: SeedUsers,
  now: Date,
  categoryOf: (def: EntryDef) => string | null = () => null,
): PlannedEntry[] {
  const sequences = new Map<string, number>();
  const nowMs = now.getTime();
  return defs.map((def) => {
    const rng = new Rng(`entry:${def.org}:${def.name}`);
    const id = randomUUID();
    const owner = users.owners[def.org] ?? users.admin;
    const base = def.base ?? '0';
    const prefix = codePrefix({ baseLibrary: base, keyAreasType: String(def.area), orgCode: def.org });
    const seq = (sequences.get(prefix) ?? 0) + 1;
    sequences.set(prefix, seq);

    const steps = STORIES[def.story];
    const times = stepTimes(steps, def.story, nowMs, rng);
    const state = { catalogStatus: 0, shelfStatus: 0 };
    let beforeDelete: number | null = null;
    let releaseTime: number | null = null;
    let offShelfAt: number | null = null;
    let lastEdit = times[0];
    let rejectedOnce = false;
    const logs: PlannedEntry['logs'] = [];
    const orders: PlannedEntry['orders'] = [];
    let open: (typeof workflowTasks.$inferInsert & { taskType: WorkOrderType }) | null = null;

    for (const [i, step] of steps.entries()) {
      const at = new Date(times[i]);
      const actor = actorOf(step.action, owner, users);
      const from = { ...state };
      let text = comment(step.action, rng, step.action === 'submit' && rejectedOnce);
      let offShelfLabel: string | null = null;
      if (step.action === 'create' || step.action === 'update') {
        lastEdit = times[i];
      } else {
        const t = transitionOf(step.action);
        const refused = refusal(t, state);
        if (refused) throw new Error(`demo entry ${def.name}: ${step.action} refused: ${refused}`);
        if (t.axis === 'catalog') state.catalogStatus = Number(t.to);
        else if (t.to === 'previous') state.shelfStatus = beforeDelete ?? ShelfStatus.off;
        else {
          if (t.action === 'delete') beforeDelete = state.shelfStatus;
          state.shelfStatus = Number(t.to);
        }
        if (step.action === 'reject') rejectedOnce = true;
        if (step.action === 'upShelfApprove') releaseTime ??= times[i];
        if (step.action === 'offShelfApprove') offShelfAt = times[i];
        if (t.task && 'opens' in t.task) {
          const payload: WorkOrderPayload = { comment: text };
          if (step.action === 'offShelfApply') {
            const [reason, why] = rng.pick(OFF_SHELF);
            text = why;
            offShelfLabel = OFF_SHELF_REASONS[reason];
            Object.assign(payload, { comment: why, reason, reasonLabel: offShelfLabel });
          }
          open = {
            subjectType: CATALOGUE_MACHINE.subject,
            subjectId: id,
            taskType: t.task.opens as WorkOrderType,
            status: 1,
            ownerOrgCode: def.org,
            assigneeRole: 'reviewer',
            submitterId: actor.id,
            submitTime: at,
            payload,
          };
        }
        if (t.task && 'closes' in t.task && open) {
          const decision: WorkOrderDecision = t.task.decision;
          orders.push({ ...open, status: 2, handlerId: actor.id, approvalTime: at, decision, comment: text });
          open = null;
        }
      }
      const logComment = offShelfLabel ? `【${offShelfLabel}】${text ?? ''}` : text;
      logs.push({
        subjectType: CATALOGUE_MACHINE.subject,
        subjectId: id,
        action: step.action,
        fromState: step.action === 'create' ? null : { catalog: from.catalogStatus, shelf: from.shelfStatus },
        toState: { catalog: state.catalogStatus, shelf: state.shelfStatus },
        comment: logComment,
        userId: actor.id,
        username: actor.username,
        realname: actor.realname,
        orgCode: actor.orgCode,
        departName: actor.orgCode ? (DEPART_NAMES[actor.orgCode] ?? null) : null,
        createdAt: at,
      });
    }
    if (open) orders.push(open);

    const openType = def.open ?? '1';
    const shareType = def.share ?? '10';
    const live = state.shelfStatus === ShelfStatus.on || state.shelfStatus === ShelfStatus.downPending;
    const listedUntil = live ? nowMs : (offShelfAt ?? (releaseTime !== null ? times[times.length - 1] : null));
    const dataUpdate = live
      ? Math.max(times[0], lastDue(def.freq, def.due, nowMs, rng))
      : Math.max(lastEdit, Math.min(times[times.length - 1], lastDue(def.freq, def.due, times[times.length - 1], rng)));

    // Interest of the public: only while listed and open.
    let viewNum = 0;
    let downloadNum = 0;
    let applicationsNum = 0;
    // Collections and ratings are counted from the rows users make; the demo invents none.
    const collectNum = 0;
    const scoreCount = 0;
    const scoreAvg = '0';
    if (releaseTime !== null && listedUntil !== null && openType !== '3') {
      const days = Math.max(1, (listedUntil - releaseTime) / DAY);
      const popularity = def.popularity ?? 0.6;
      viewNum = Math.round(popularity * days * rng.float(2.5, 6) + rng.int(12, 90));
      if (def.dataset && openType === '1') downloadNum = Math.round(viewNum * rng.float(0.12, 0.28));
      if (openType === '2') applicationsNum = Math.round(viewNum * rng.float(0.004, 0.015)) + 1;
    }

    const rule = INPUT_FREQUENCY_RULE[def.freq];
    const items = itemsOf(def, id);
    const row: PlannedEntry['row'] = {
      id,
      catalogCode: `${prefix}-${String(seq).padStart(4, '0')}`,
      catalogName: def.name,
      catalogEn: def.en,
      orgCode: def.org,
      businessDepartment: OFFICES[def.office ?? (def.format === 'api' ? '06' : '05')],
      sourceSystem: SYSTEMS[SOURCE_SYSTEM[def.org] ?? 'SYS012'],
      contactPerson: CONTACTS[def.org]?.[0] ?? '周敏',
      contactPhone: CONTACTS[def.org]?.[1] ?? '0571-88001001',
      informationSummary: def.summary,
      keyAreasType: String(def.area),
      keyAreasRemark: def.area === 21 ? (def.remark ?? '其他') : null,
      baseLibrary: base,
      categoryId: categoryOf(def),
      dataRange: def.org.startsWith('BJQ') ? '4' : '3',
      shareType,
      shareCondition: shareType === '20' ? (def.shareCondition ?? DEFAULT_SHARE_CONDITION) : null,
      dontShareCondition: shareType === '30' ? (def.dontShareCondition ?? DEFAULT_DONT_SHARE) : null,
      shareMode: def.format,
      openType,
      openCondition: openType === '2' ? (def.openCondition ?? DEFAULT_OPEN_CONDITION) : null,
      openSociety: openType !== '3',
      updateFrequency: def.freq,
      inputFrequency: rule ? (def.due ?? null) : null,
      releaseTime: releaseTime === null ? null : new Date(releaseTime),
      dataUpdateTime: new Date(dataUpdate),
      dataFormat: def.format,
      catalogStatus: state.catalogStatus,
      shelfStatus: state.shelfStatus,
      shelfStatusBeforeDelete: beforeDelete,
      mount: mountOf(def),
      viewNum,
      downloadNum,
      applicationsNum,
      collectNum,
      scoreAvg,
      scoreCount,
      createdBy: owner.id,
      createdAt: new Date(times[0]),
      updatedAt: new Date(times[times.length - 1]),
    };
    return { def, row, items, logs, orders, owner };
  });
}
